/**
 * A purchase's handover and its money (DOMAIN.md, "Fair exchange"; escrow.ts). The price is held
 * in the seller's wallet from the payment (service.ts, `onAchatPaid`); the purchase becomes
 * `remise`, and the price the seller's, when the vehicle reaches the buyer, proved by both:
 *  - in person: the seller enters the buyer's handover code, or the buyer says it received it;
 *  - with a courier: its delivery `livre` (logistics' word);
 *  - in transit: the buyer's `transferer` (the vehicle handed to its forwarder);
 *  - an admin's word on a sale nobody confirmed (audited).
 * `achat.handed_over` then releases the held money (a subscriber), unless a dispute holds it.
 * Before the handover, an admin may cancel it with a reason: a full refund, the listing online again.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { COLLECTIONS } from '../../../core/firestore';
import { prepareUnsale } from '../../catalog';
import { prepareRelease, saleFee } from '../escrow';
import { refusalOfCode } from '../handover/code';
import { liveTransitPurchase } from './lookup';
import { achatMachine } from './machine';
import { type AchatDocument, achats, achatSale, emitCancelled } from './service';

export type HandoverWay = 'code' | 'buyer' | 'courier' | 'transfer' | 'admin';

/** Moves a paid purchase `remise` in `tx` and says so (`achat.handed_over`). */
function writeHandover(tx: Transaction, id: string, achat: AchatDocument, by: string, how: HandoverWay): AchatDocument {
  const at = now();
  const moved = achatMachine.move(tx, { id, from: achat.statut, event: 'hand_over', at, by });
  const remiseA = Timestamp.fromDate(at);
  tx.update(achats().doc(id), { ...moved, remiseA });
  emit(tx, 'achat.handed_over', id, { achatId: id, articleId: achat.articleId, acheteur: achat.acheteur, vendeur: achat.vendeur, articleTitre: achat.articleTitre, at: at.toISOString(), how });
  return { ...achat, ...moved, remiseA };
}

/** The purchase as an in-person handover reads it: not found for a stranger, refused with a courier or once past `payee`. */
function inPerson(achat: AchatDocument | undefined, isParty: (achat: AchatDocument) => boolean): AchatDocument {
  if (!achat || !isParty(achat)) throw new ApiError('ACHAT_NOT_FOUND');
  if (achat.demandeLivraison) throw new ApiError('ORDER_DELIVERY_UNDER_WAY');
  if (achat.statut === 'remise') throw new ApiError('HANDOVER_ALREADY_CONFIRMED');
  if (achat.statut !== 'payee') throw new ApiError('INVALID_TRANSITION');
  return achat;
}

/** The seller hands the vehicle over: it enters the buyer's handover code. A wrong code is counted in the transaction that refuses it. */
export async function handOverBySeller(caller: ProfileCaller, id: string, code: string): Promise<AchatDocument> {
  const ref = achats().doc(id);
  const outcome = await runTransaction(async (tx): Promise<{ achat: AchatDocument } | { refused: ApiError }> => {
    const achat = inPerson((await tx.get(ref)).data(), (found) => found.vendeur === caller.uid);
    const refused = refusalOfCode(tx, ref, achat, code);
    if (refused) return { refused };
    return { achat: writeHandover(tx, id, achat, caller.uid, 'code') };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.achat;
}

/** The buyer says it received the vehicle. */
export async function receivedByBuyer(caller: ProfileCaller, id: string): Promise<AchatDocument> {
  const ref = achats().doc(id);
  return runTransaction(async (tx) => writeHandover(tx, id, inPerson((await tx.get(ref)).data(), (found) => found.acheteur === caller.uid), caller.uid, 'buyer'));
}

/** The delivery of a purchase `livre`: handed over by the courier, once. */
export async function onAchatDelivered(id: string): Promise<void> {
  const ref = achats().doc(id);
  await runTransaction(async (tx) => {
    const achat = (await tx.get(ref)).data();
    if (achat?.statut === 'payee') writeHandover(tx, id, achat, 'system', 'courier');
  });
}

/** The buyer's journey `transferer`: its paid transit purchase of the listing handed over (to its forwarder), once. */
export async function onTransferred(articleId: string, buyer: string): Promise<void> {
  await runTransaction(async (tx) => {
    const live = await liveTransitPurchase(tx, buyer, articleId);
    if (!live || live.statut !== 'payee') return;
    const ref = achats().doc(live.id);
    const achat = (await tx.get(ref)).data();
    if (achat?.statut === 'payee') writeHandover(tx, live.id, achat, buyer, 'transfer');
  });
}

/**
 * Releases the purchase's held price once it is `remise` and no dispute holds it: the seller's
 * `vente` net of the platform's fee, and `achat.seller_credited`, once.
 */
export async function releaseAchat(id: string): Promise<void> {
  const ref = achats().doc(id);
  const seen = (await ref.get()).data();
  if (!seen?.paymentId) return;
  const fee = await saleFee(false, seen.prix);
  await runTransaction(async (tx) => {
    const achat = (await tx.get(ref)).data();
    if (!achat?.paymentId || achat.statut !== 'remise' || achat.litigeOuvert) return;
    const release = await prepareRelease(tx, achatSale(id, achat, achat.paymentId), fee);
    release.write();
    if (release.outcome !== 'released') return;
    emit(tx, 'achat.seller_credited', id, { achatId: id, articleId: achat.articleId, articleTitre: achat.articleTitre, vendeur: achat.vendeur, paymentId: achat.paymentId, net: release.net });
  });
}

/**
 * An admin's decision on a paid purchase before its handover: `annulee` with its reason (a full
 * refund through `achat.cancelled`, which takes the held price back, and the listing online
 * again), or `remise` (a sale nobody confirmed: its price released). Audited with the move. A
 * purchase a courier carries ends through its delivery (`ORDER_DELIVERY_UNDER_WAY`).
 */
export async function adminDecide(caller: ProfileCaller, id: string, decision: 'annulee' | 'remise', reason: string): Promise<AchatDocument> {
  const ref = achats().doc(id);
  return runTransaction(async (tx) => {
    const achat = (await tx.get(ref)).data();
    if (!achat) throw new ApiError('ACHAT_NOT_FOUND');
    if (achat.statut === 'remise') throw new ApiError('SALE_HANDED_OVER');
    if (achat.demandeLivraison && achat.statut === 'payee') throw new ApiError('ORDER_DELIVERY_UNDER_WAY');
    const event = decision === 'annulee' ? 'admin_cancel' : 'hand_over';
    achatMachine.decide(achat.statut, event);
    let updated: AchatDocument;
    if (decision === 'annulee') {
      const relist = await prepareUnsale(tx, achat.articleId, id);
      const moved = achatMachine.move(tx, { id, from: achat.statut, event, at: now(), by: caller.uid, reason });
      tx.update(ref, { ...moved });
      relist();
      emitCancelled(tx, id, achat, 'admin', reason);
      updated = { ...achat, ...moved };
    } else {
      updated = writeHandover(tx, id, achat, caller.uid, 'admin');
    }
    audit(tx, {
      actor: caller,
      action: 'achat.status_set',
      target: { collection: COLLECTIONS.achats, id },
      before: { statut: achat.statut },
      after: { statut: updated.statut },
      reason,
      context: { prix: achat.prix, ...(decision === 'annulee' && achat.paymentId ? { refundOf: achat.paymentId } : {}) },
    });
    return updated;
  });
}
