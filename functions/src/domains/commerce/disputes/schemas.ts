import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from './state';

const Iso = z.string().meta({ description: 'ISO 8601.' });

export const DisputeOpen = z.strictObject({
  vente: z.strictObject({
    kind: z.enum(['commande', 'achat']).meta({ description: 'An order of parts (`commande`) or a purchase of a vehicle (`achat`).' }),
    id: documentId('DISPUTE_NOT_FOUND', 'The order’s or the purchase’s id.'),
  }),
  motif: z.enum(DISPUTE_REASONS).meta({ description: '`non_recu` (not received), `non_conforme` (not as described), `endommage` (damaged), `autre`.' }),
  texte: z.string().trim().min(10).max(2000).meta({ description: 'What happened, in the buyer’s words.', example: 'La pièce reçue est un alternateur de Yaris, pas de Corolla.' }),
});

export const DisputeIdParams = z.strictObject({ id: documentId('DISPUTE_NOT_FOUND') });
export const EvidenceParams = DisputeIdParams.extend({
  fichier: z
    .string()
    .regex(/^[0-9a-f-]{36}\.(jpg|png|webp)$/)
    .meta({ description: 'The photo’s file name, as `preuves` lists it.', example: '0f8fad5b-d9cb-469f-a165-70867728950e.jpg' }),
});

export const DisputeAnswer = z.strictObject({ texte: z.string().trim().min(10).max(2000).meta({ description: 'The seller’s side.', example: 'La référence livrée est celle de l’annonce, photo à l’appui.' }) });
export const DisputeWithdraw = z.strictObject({ raison: z.string().trim().min(3).max(500).optional() });
export const DisputeTake = z.strictObject({
  admin: documentId('USER_NOT_FOUND', 'The admin to assign it to (an admin level); the caller when absent.').optional(),
});
export const DisputeDecision = z
  .strictObject({
    decision: z.enum(['rembourse', 'libere']).meta({ description: '`rembourse`: the buyer gets `montant` back, the rest released to the sellers; `libere`: everything released to the sellers.' }),
    montant: z.number().int().min(1).optional().meta({ description: 'With `rembourse`: XOF given back, at most the goods’ price (`montantVente`); the whole of it when absent.' }),
    motif: z.string().trim().min(3).max(1000).meta({ description: 'Why: kept in the dispute, told to the parties and in the audit trail.' }),
  })
  .refine((value) => value.decision === 'rembourse' || value.montant === undefined, { message: '`montant` goes with `rembourse` only.', path: ['montant'] });

export const DisputeListQuery = PaginationQuery.extend({
  statut: z.enum(DISPUTE_STATUSES).optional(),
  escalade: z.enum(['true', 'false']).optional().meta({ description: 'Admin list only: escalated disputes (past DISPUTE_DECISION_DAYS).' }),
});
export const MyDisputesQuery = PaginationQuery;

export const Dispute = z
  .object({
    id: z.string().meta({ description: '`{kind}_{saleId}`: one per sale.' }),
    vente: z.object({ kind: z.enum(['commande', 'achat']), id: z.string() }),
    acheteur: z.string(),
    vendeurs: z.array(z.string()),
    livreur: z.string().nullable(),
    montantVente: z.number().int().meta({ description: 'The goods’ price (XOF): the most a decision gives back (the trip’s fee stays with the trip).' }),
    motif: z.enum(DISPUTE_REASONS),
    texte: z.string(),
    preuves: z
      .object({
        acheteur: z.array(z.string()).meta({ description: 'File names of the buyer’s photos (`GET /api/litiges/{id}/preuves/{fichier}`).' }),
        vendeur: z.array(z.string()).meta({ description: 'File names of the sellers’ photos.' }),
        photoLivreur: z.boolean().meta({ description: 'Whether the courier’s handover photo is part of it (`GET /api/deliveries/{livraisonId}/proof`).' }),
        livraisonId: z.string().nullable().meta({ description: 'The delivery (its track and its photo), with a courier.' }),
      })
      .meta({ description: 'The evidence; the chat of the sale is in `GET /api/chat/rooms`.' }),
    remise: z.object({ par: z.enum(['en_personne', 'livreur', 'photo']), at: Iso }).meta({ description: 'The proof of handover it follows.' }),
    fondsLiberes: z.boolean().meta({ description: 'Whether the sellers’ money had been released before it (a handover by code): a refund then comes out of their balance.' }),
    reponseVendeur: z.object({ texte: z.string(), by: z.string(), at: Iso }).nullable(),
    statut: z.enum(DISPUTE_STATUSES),
    admin: z.string().nullable().meta({ description: 'The admin who took it.' }),
    escalade: z.boolean().meta({ description: 'Past its decision deadline: `principal` and `superAdmin` decide it.' }),
    echeanceReponse: Iso.meta({ description: 'The seller answers before (DISPUTE_ANSWER_DAYS).' }),
    echeanceDecision: Iso.meta({ description: 'An admin decides before (DISPUTE_DECISION_DAYS); then it is escalated.' }),
    decision: z.object({ montantRembourse: z.number().int(), motif: z.string(), by: z.string(), at: Iso }).nullable(),
    history: z.array(z.object({ statut: z.enum(DISPUTE_STATUSES), at: Iso, by: z.string(), reason: z.string().nullable() })),
    createdAt: Iso,
    updatedAt: Iso,
  })
  .meta({ id: 'Dispute', description: 'A dispute of a sale after its handover (DOMAIN.md, "Disputes"): its parties read it here and listen to `litiges/{id}`.' });

export const EvidencePhoto = z.object({ fichier: z.string(), contentType: z.string(), size: z.number().int() }).meta({ id: 'DisputeEvidencePhoto' });
