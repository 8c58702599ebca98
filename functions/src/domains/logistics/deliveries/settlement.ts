/**
 * The money of a delivery, once it reaches a final status (docs/guides/logistics.md, "Deliveries": outcomes). The
 * transaction that makes the final move emits `delivery.delivered` or `delivery.failed` (an outbox
 * event, keyed by the delivery: a second move cannot happen, a redelivered event is the same one);
 * the subscribers below apply its money, each write idempotent:
 *  - gains are wallet entries keyed by type and the delivery id (`gain_livraison` on the courier's
 *    wallet, `gain_societe` on the platform's), so they exist at most once;
 *  - refunds go through payments' `markForRefund` with their amount, which keeps a payment's first mark.
 * Outcomes:
 *  - `livre`: the courier earns `gainLivreur`, the company `gainSociete`; commerce credits the
 *    sellers of the order or the purchase (its own subscribers on `delivery.delivered`).
 *  - `refuse` (the recipient refused at the door): the trip was made, so the courier and the
 *    company earn their gains; the buyer gets back what it paid but the delivery fee.
 *  - `retour` (the courier could not deliver and brings the goods back) and `annule`: nobody
 *    earns; the buyer gets back everything it paid.
 * Orders and purchases alike: their sellers are credited on `livre` only, so nothing is owed back
 * by a seller when a delivery fails.
 */
import * as logger from 'firebase-functions/logger';
import { runTransaction } from '../../../core/firebase';
import { allocate, markForRefund } from '../../payments';
import { PLATFORM_WALLET_ID, type Posting } from '../../wallet';
import type { DeliveryDelivered, DeliveryFailed } from '../events';
import { deliveries } from './repository';

export { PLATFORM_WALLET_ID };

async function deliveryPayment(id: string): Promise<string | undefined> {
  return (await deliveries().doc(id).get()).data()?.paymentId;
}

/**
 * The courier's and the company's shares of the fee, out of the payment that paid it, once (keyed
 * by the delivery); nothing when that payment's money all went back.
 */
async function recordGains(deliveryId: string, paymentId: string, livreur: string | null, gainLivreur: number, gainSociete: number): Promise<void> {
  const postings: Posting[] = [];
  if (livreur && gainLivreur > 0) postings.push({ uid: livreur, entry: { type: 'gain_livraison', montant: gainLivreur, reference: deliveryId, description: `Livraison ${deliveryId}` } });
  if (gainSociete > 0) postings.push({ uid: PLATFORM_WALLET_ID, entry: { type: 'gain_societe', montant: gainSociete, reference: deliveryId, description: `Livraison ${deliveryId}` } });
  if (postings.length === 0) return;
  await runTransaction((tx) => allocate(tx, paymentId, postings));
}

/** `livre`: the courier's and the company's gains, once. */
export async function settleDelivered(event: DeliveryDelivered): Promise<void> {
  const paymentId = event.paymentId ?? (await deliveryPayment(event.deliveryId));
  if (!paymentId) throw new Error(`delivery ${event.deliveryId} has no payment`);
  await recordGains(event.deliveryId, paymentId, event.livreur, event.gainLivreur, event.gainSociete);
}

/** What goes back to the buyer of a failed delivery (XOF). */
export function refundOf(event: Pick<DeliveryFailed, 'statut' | 'montantPaye' | 'frais'>): number {
  return event.statut === 'refuse' ? Math.max(0, event.montantPaye - event.frais) : event.montantPaye;
}

/** `refuse`, `retour`, `annule`: gains when the trip was made, the refund marked once. */
export async function settleFailed(event: DeliveryFailed): Promise<void> {
  if (event.statut === 'refuse') await recordGains(event.deliveryId, event.paymentId, event.livreur, event.gainLivreur, event.gainSociete);
  const amount = refundOf(event);
  if (amount <= 0) return;
  // The amount is the mark's own field; the reason names the delivery only (its party's words stay in its history).
  await markForRefund(event.paymentId, `Livraison ${event.deliveryId} ${event.statut}`, amount);
  logger.info('delivery refund marked', { deliveryId: event.deliveryId, statut: event.statut, amount });
}
