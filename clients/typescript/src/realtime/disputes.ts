/**
 * `litiges/{kind}_{saleId}`: a sale's dispute (docs/guides/commerce.md, "Handovers, held money and
 * disputes"), read by its parties (the buyer, the sellers, the courier): the seller's answer, an
 * admin taking it, the decision.
 */
import { doc, type Firestore, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { components } from '../generated/openapi.js';
import { dateOf, type ListenOptions, readOnly } from './read.js';

type DisputeView = components['schemas']['Dispute'];

export interface DisputeDocument {
  id: string;
  vente: { kind: 'commande' | 'achat'; id: string };
  acheteur: string;
  vendeurs: string[];
  livreur: string | null;
  motif: DisputeView['motif'];
  statut: DisputeView['statut'];
  /** The goods' price (XOF): the most a decision refunds. */
  montantVente: number;
  reponseVendeur: { texte: string; at: Date } | null;
  /** Past DISPUTE_DECISION_DAYS without a decision: only higher admins decide it. */
  escalade: boolean;
  echeanceReponse: Date;
  echeanceDecision: Date;
  decision: { montantRembourse: number; motif: string; at: Date } | null;
  updatedAt: Date;
}

const disputeConverter = readOnly<DisputeDocument>((id, data) => {
  const vente = data.vente as { kind: 'commande' | 'achat'; id: string };
  const reponse = data.reponseVendeur as { texte?: unknown; at?: unknown } | null | undefined;
  const decision = data.decision as { montantRembourse?: unknown; motif?: unknown; at?: unknown } | null | undefined;
  return {
    id,
    vente: { kind: vente.kind, id: String(vente.id) },
    acheteur: String(data.acheteur),
    vendeurs: Array.isArray(data.vendeurs) ? data.vendeurs.map(String) : [],
    livreur: typeof data.livreur === 'string' ? data.livreur : null,
    motif: data.motif as DisputeView['motif'],
    statut: data.statut as DisputeView['statut'],
    montantVente: Number(data.montantVente),
    reponseVendeur: reponse ? { texte: String(reponse.texte), at: dateOf(reponse.at) } : null,
    escalade: data.escalade === true,
    echeanceReponse: dateOf(data.echeanceReponse),
    echeanceDecision: dateOf(data.echeanceDecision),
    decision: decision ? { montantRembourse: Number(decision.montantRembourse), motif: String(decision.motif), at: dateOf(decision.at) } : null,
    updatedAt: dateOf(data.updatedAt),
  };
});

/** A dispute, for its parties, again at each move; null when there is none. */
export function listenToDispute(firestore: Firestore, disputeId: string, onDispute: (dispute: DisputeDocument | null) => void, options: ListenOptions = {}): Unsubscribe {
  return onSnapshot(doc(firestore, 'litiges', disputeId).withConverter(disputeConverter), (snapshot) => onDispute(snapshot.data() ?? null), options.onError);
}
