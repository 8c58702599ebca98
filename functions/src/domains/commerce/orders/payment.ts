/**
 * The effect of a successful `commande` payment (docs/guides/commerce.md, "Orders of parts"): the order's units
 * taken and the order paid, or, when a unit is missing (other buyers paid for the last ones first,
 * the listing left public view) or the order was cancelled or paid by another payment, the order
 * cancelled and the money marked for refund.
 *
 * The transaction that marks the order paid also holds each seller's price in its wallet
 * (`vente_retenue`, DOMAIN.md "Fair exchange"), as a purchase's does: the held credit lands with
 * the order's `paid`, not one event later, so that many buyers paying one seller at once do not
 * each wait for `order.paid` to be handed out by the trigger (seconds on a busy functions host)
 * before their seller sees the money. The hold adds the payment, its allocation summary and the
 * sellers' wallet documents to the transaction's reads; a busy seller's held credits land on its
 * shards, so holds for one seller do not write one document.
 *
 * Many buyers paying for the last units of one part at once do not queue on the listing: each
 * payment takes its units by creating unit claims (catalog's `takeUnits`, all of the order's or
 * none), so the losers know at once and their order's transaction touches their order only. The
 * winners' transactions lower `stock` without reading the listing.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { giveBackUnits, prepareUnitsSold, takeUnits } from '../../catalog';
import { markForRefund } from '../../payments';
import { prepareHold } from '../escrow';
import { newHandoverCode } from '../handover/code';
import { orderSale } from './handover';
import { orderMachine } from './machine';
import { type OrderDocument, orders } from './service';

const OUT_OF_STOCK = 'out of stock at payment';
/** A seller restating the stock while the payment runs sends it back to take its units again; this many times at most, then the event's retry. */
const MAX_TAKES = 5;

function writeCancelled(tx: Transaction, id: string, order: OrderDocument, paymentId: string, at: Date): void {
  tx.update(orders().doc(id), { ...orderMachine.move(tx, { id, from: order.statut, event: 'cancel', at, reason: OUT_OF_STOCK, history: order.history, context: order }), paymentId });
}

function writePaid(tx: Transaction, id: string, order: OrderDocument, paymentId: string, unites: string[], at: Date): void {
  // In person (no courier), the buyer's handover code: its sellers enter it when they hand the parts over.
  const codeRemise = order.demandeLivraison ? null : newHandoverCode();
  tx.update(orders().doc(id), { ...orderMachine.move(tx, { id, from: order.statut, event: 'pay', at, history: order.history, context: order }), paymentId, unites, codeRemise, codeRemiseEssais: 0, payeLe: Timestamp.fromDate(at), rappelRemise: false });
  emit(tx, 'order.paid', id, {
    orderId: id,
    acheteur: order.acheteur,
    vendeurs: order.vendeurs,
    paymentId,
    total: order.total,
    paidAt: at.toISOString(),
    livraison: order.demandeLivraison ?? null,
    held: true,
  });
}

/**
 * Safe to run again for the same payment: a run that died after taking units finds them and goes
 * on; a run after the order's transaction committed gives back what the order did not record and
 * marks the refund of a cancelled order (marking is idempotent).
 */
export async function onOrderPaid(id: string, paymentId: string): Promise<void> {
  const ref = orders().doc(id);
  for (let take = 0; take < MAX_TAKES; take += 1) {
    const order = (await ref.get()).data();
    if (!order) return markForRefund(paymentId, 'order not found');
    if (order.paymentId === paymentId) {
      await giveBackUnits(paymentId, order.unites ?? []);
      if (order.statut === 'cancelled') await markForRefund(paymentId, OUT_OF_STOCK);
      return;
    }
    if (order.statut !== 'pending') {
      await giveBackUnits(paymentId, []);
      return markForRefund(paymentId, order.statut === 'cancelled' ? 'order cancelled' : 'order already paid');
    }
    const taken = await takeUnits(id, paymentId, order.lignes);
    const at = now();
    const outcome = await runTransaction(async (tx): Promise<'paid' | 'short' | 'again'> => {
      const current = (await tx.get(ref)).data();
      // Moved since the read above (cancelled, paid by this payment's other run or another payment): decided at the top.
      if (!current || current.statut !== 'pending' || current.paymentId !== null) return 'again';
      if ('short' in taken) {
        writeCancelled(tx, id, current, paymentId, at);
        return 'short';
      }
      const sold = await prepareUnitsSold(tx, id, taken.held);
      if (sold === 'stale') return 'again';
      // Every seller's lines held, once (keyed by the order), out of this payment only: a payment
      // refunded meanwhile holds nothing, as a cancel committing first does.
      const hold = await prepareHold(tx, paymentId, current.vendeurs.map((vendeur) => orderSale(id, { lignes: current.lignes, paymentId }, vendeur)));
      sold();
      hold.write();
      writePaid(tx, id, current, paymentId, taken.held.flatMap((line) => line.unites), at);
      return 'paid';
    });
    // Units of an older generation that a run took before the seller stated the stock: given back.
    if (outcome === 'paid') return 'held' in taken && taken.loose ? giveBackUnits(paymentId, taken.held.flatMap((line) => line.unites)) : undefined;
    if (outcome === 'short') {
      if ('short' in taken && taken.holding) await giveBackUnits(paymentId, []);
      return markForRefund(paymentId, OUT_OF_STOCK);
    }
  }
  throw new Error(`order ${id}: units not taken for payment ${paymentId} after ${MAX_TAKES} generations`);
}
