/**
 * An order's money from its payment to its handover (DOMAIN.md, "Fair exchange"; escrow.ts): each
 * seller's lines are held from the payment (`order.paid`), and released when that seller's parts
 * reach the buyer, proved by both:
 *  - in person (no courier): the seller enters the buyer's handover code, or the buyer says it
 *    received them; each seller hands over its own lines, and the last one makes the order `delivered`;
 *  - with a courier: the delivery `livre` (the buyer's code, or the courier's photo and the
 *    buyer's silence for the dispute window), logistics' word (`delivered_by_courier`);
 *  - an admin's `delivered` on a sale nobody confirmed (audited).
 * While a dispute of the order is open, nothing is released: its decision says where the money goes.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { prepareHold, prepareRelease, type Sale, saleFee } from '../escrow';
import { refusalOfCode } from '../handover/code';
import { orderMachine } from './machine';
import { type OrderDocument, orders } from './service';

/** Statuses in which an order's goods may still be handed over in person. */
const AWAITING_HANDOVER = new Set(['paid', 'processing', 'shipped']);

/** A seller's sale in an order: its lines, held in its wallet under the order's id. */
export function orderSale(id: string, order: Pick<OrderDocument, 'lignes' | 'paymentId'>, vendeur: string): Sale {
  const gross = order.lignes.filter((line) => line.vendeur === vendeur).reduce((sum, line) => sum + line.montant, 0);
  return { paymentId: order.paymentId!, vendeur, reference: id, feeReference: `${id}_${vendeur}`, gross, description: `Commande ${id}` };
}

/**
 * `order.paid`: each seller's lines held in its wallet, once (one transaction for the payment).
 * A cancel that commits first holds nothing; one that commits after takes the held money back
 * with its refund (payments' ledger reads the payment for both).
 */
export async function holdOrder(id: string): Promise<void> {
  const ref = orders().doc(id);
  await runTransaction(async (tx) => {
    const order = (await tx.get(ref)).data();
    if (!order?.paymentId || order.statut === 'cancelled' || order.statut === 'pending') return;
    const hold = await prepareHold(
      tx,
      order.paymentId,
      order.vendeurs.map((vendeur) => orderSale(id, order, vendeur)),
    );
    hold.write();
  });
}

/** Whether `vendeur`'s lines of the order reached the buyer. */
const handedOverTo = (order: OrderDocument, vendeur: string) => order.statut === 'delivered' || Boolean(order.remises?.[vendeur]);

/**
 * Releases a seller's lines once they were handed over and no dispute holds them: its `vente` net
 * of the fee, and `order.seller_credited`, once. Safe to run again (the entries are keyed by the order).
 */
export async function releaseOrderSeller(id: string, vendeur: string): Promise<void> {
  const ref = orders().doc(id);
  const seen = (await ref.get()).data();
  if (!seen?.paymentId || !seen.vendeurs.includes(vendeur)) return;
  const fee = await saleFee(Boolean(seen.demandeLivraison), orderSale(id, seen, vendeur).gross);
  await runTransaction(async (tx) => {
    const order = (await tx.get(ref)).data();
    if (!order?.paymentId || !handedOverTo(order, vendeur) || order.litigeOuvert) return;
    const release = await prepareRelease(tx, orderSale(id, order, vendeur), fee);
    release.write();
    if (release.outcome === 'released') emit(tx, 'order.seller_credited', `${id}_${vendeur}`, { orderId: id, vendeur, paymentId: order.paymentId, net: release.net });
  });
}

/** Every seller of the order released (a delivery `livre`, an admin's `delivered`, a dispute's end). */
export async function releaseOrder(id: string): Promise<void> {
  const order = (await orders().doc(id).get()).data();
  for (const vendeur of order?.vendeurs ?? []) await releaseOrderSeller(id, vendeur);
}

/**
 * Records handovers of `sellers`' lines in `tx`: each gets its `order.handed_over`, and the last
 * one moves the order `delivered` (`hand_over`).
 */
function writeHandovers(tx: FirebaseFirestore.Transaction, id: string, order: OrderDocument, sellers: string[], by: string, how: 'code' | 'buyer'): OrderDocument {
  const at = now();
  const stamp = Timestamp.fromDate(at);
  const remises = { ...(order.remises ?? {}) };
  for (const vendeur of sellers) remises[vendeur] = stamp;
  const complete = order.vendeurs.every((vendeur) => remises[vendeur]);
  const moved = complete ? orderMachine.move(tx, { id, from: order.statut, event: 'hand_over', at, by, history: order.history, context: order }) : { updatedAt: stamp };
  tx.update(orders().doc(id), { ...moved, remises });
  for (const vendeur of sellers) {
    emit(tx, 'order.handed_over', `${id}_${vendeur}`, { orderId: id, vendeur, acheteur: order.acheteur, by, how, at: at.toISOString() });
  }
  return { ...order, ...moved, remises };
}

/**
 * The order as the handover reads it: not found for a stranger, refused when a courier carries it,
 * told when the caller's handover is done already (`done`), refused when it is past handing over.
 */
function handoverOf(order: OrderDocument | undefined, isParty: (order: OrderDocument) => boolean, done: (order: OrderDocument) => boolean): OrderDocument {
  if (!order || !isParty(order)) throw new ApiError('ORDER_NOT_FOUND');
  if (order.demandeLivraison) throw new ApiError('ORDER_DELIVERY_UNDER_WAY');
  if (done(order)) throw new ApiError('HANDOVER_ALREADY_CONFIRMED');
  if (!AWAITING_HANDOVER.has(order.statut)) throw new ApiError('INVALID_TRANSITION');
  return order;
}

/**
 * A seller hands its lines over in person: it enters the buyer's handover code (DOMAIN.md, "Fair
 * exchange"). A wrong code is counted in the transaction that refuses it.
 */
export async function handOverBySeller(caller: ProfileCaller, id: string, code: string): Promise<OrderDocument> {
  const ref = orders().doc(id);
  const outcome = await runTransaction(async (tx): Promise<{ order: OrderDocument } | { refused: ApiError }> => {
    const order = handoverOf(
      (await tx.get(ref)).data(),
      (found) => found.vendeurs.includes(caller.uid),
      (found) => Boolean(found.remises?.[caller.uid]),
    );
    const refused = refusalOfCode(tx, ref, order, code);
    if (refused) return { refused };
    return { order: writeHandovers(tx, id, order, [caller.uid], caller.uid, 'code') };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.order;
}

/** The buyer says it received the parts: every seller's lines not handed over yet are. */
export async function receivedByBuyer(caller: ProfileCaller, id: string): Promise<OrderDocument> {
  const ref = orders().doc(id);
  return runTransaction(async (tx) => {
    const order = handoverOf(
      (await tx.get(ref)).data(),
      (found) => found.acheteur === caller.uid,
      (found) => found.vendeurs.every((vendeur) => found.remises?.[vendeur]),
    );
    const waiting = order.vendeurs.filter((vendeur) => !order.remises?.[vendeur]);
    return writeHandovers(tx, id, order, waiting, caller.uid, 'buyer');
  });
}
