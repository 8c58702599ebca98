/**
 * Opening a dispute (DOMAIN.md, "Disputes"): "After a proof of handover the buyer's disagreement
 * opens a dispute, never a refund", "within the dispute window after the handover, once per sale".
 * The proof is the sale's handover in person (a seller's code, the buyer's "received", a transfer
 * to the forwarder, an admin's word), or with a courier its photo (the delivery still in its
 * window) or the delivery `livre`. The dispute's id is the sale's: a second opening, even after a
 * withdrawal, finds the first. Opening marks the sale (`litigeOuvert`): its money stays held, or,
 * already released, is not the seller's to keep until the decision.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { deliveryFacts, type DeliveryFacts } from '../../logistics';
import { entriesIn, entryId } from '../../wallet';
import { disputeMachine } from './machine';
import { type DisputeDocument, disputeIdOf, disputes, type SaleKind } from './model';
import type { DisputeOpen } from './schemas';
import { markSale, saleIn, type SaleFacts } from './sale';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The proof of handover a dispute may follow, and when it was given; undefined without one. */
function proofOf(sale: SaleFacts, delivery: DeliveryFacts | undefined): DisputeDocument['remise'] | undefined {
  if (sale.coursier) {
    if (delivery?.statut === 'livre' && delivery.livreLe) return { par: 'livreur', at: Timestamp.fromDate(new Date(delivery.livreLe)) };
    if (delivery?.statut === 'en_cours' && delivery.preuve) return { par: 'photo', at: Timestamp.fromDate(new Date(delivery.preuve.at)) };
    return undefined;
  }
  return sale.remiseA ? { par: 'en_personne', at: Timestamp.fromDate(sale.remiseA) } : undefined;
}

const notFound = (kind: SaleKind) => new ApiError(kind === 'commande' ? 'ORDER_NOT_FOUND' : 'ACHAT_NOT_FOUND');

/** The buyer opens a dispute of its sale. `by` is who asked (the buyer, or `system` for the delivery's own dispute route). */
export async function openDispute(caller: Pick<ProfileCaller, 'uid'>, input: z.output<typeof DisputeOpen>, by = caller.uid): Promise<{ id: string; dispute: DisputeDocument }> {
  const { kind, id: saleId } = input.vente;
  const id = disputeIdOf(kind, saleId);
  const kindOfDelivery = kind === 'commande' ? 'order' : 'achat';
  // Read before the transaction: the sale's mark, read in it, is what holds its money.
  const delivery = await deliveryFacts(kindOfDelivery, saleId);
  const at = now();
  return runTransaction(async (tx) => {
    const [sale, existing] = await Promise.all([saleIn(tx, kind, saleId), tx.get(disputes().doc(id))]);
    if (!sale || sale.acheteur !== caller.uid) throw notFound(kind);
    if (existing.exists) throw new ApiError('DISPUTE_ALREADY_OPENED');
    const remise = sale.payee ? proofOf(sale, delivery) : undefined;
    if (!remise || !sale.paymentId) throw new ApiError('DISPUTE_NO_HANDOVER');
    if (at.getTime() > remise.at.toMillis() + config().DELIVERY_DISPUTE_WINDOW_HOURS * HOUR_MS) throw new ApiError('DISPUTE_WINDOW_CLOSED');
    const released = await entriesIn(
      tx,
      sale.sales.map((each) => ({ uid: each.vendeur, id: entryId({ type: 'retenue_liberee', reference: each.reference }) })),
    );
    const livreur = sale.coursier ? (delivery?.livreur ?? null) : null;
    const stamp = Timestamp.fromDate(at);
    const settings = config();
    const fields = {
      vente: { kind, id: saleId },
      acheteur: sale.acheteur,
      vendeurs: sale.vendeurs,
      livreur,
      parties: [...new Set([sale.acheteur, ...sale.vendeurs, ...(livreur ? [livreur] : [])])],
      paymentId: sale.paymentId,
      montantVente: sale.montant,
      motif: input.motif,
      texte: input.texte,
      preuves: { acheteur: [], vendeur: [] },
      livraisonId: sale.coursier ? (delivery?.id ?? null) : null,
      photoLivreur: sale.coursier ? (delivery?.preuve?.photo ?? null) : null,
      remise,
      fondsLiberes: released.some(Boolean),
      reponseVendeur: null,
      admin: null,
      escalade: false,
      echeanceReponse: Timestamp.fromMillis(at.getTime() + settings.DISPUTE_ANSWER_DAYS * DAY_MS),
      echeanceDecision: Timestamp.fromMillis(at.getTime() + settings.DISPUTE_DECISION_DAYS * DAY_MS),
      decision: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    const dispute: DisputeDocument = { ...fields, ...disputeMachine.start(tx, { id, to: 'ouvert', at, by, reason: input.texte, context: fields }) };
    tx.create(disputes().doc(id), dispute);
    markSale(tx, sale, id);
    return { id, dispute };
  });
}
