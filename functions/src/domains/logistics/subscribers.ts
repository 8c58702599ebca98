/** The logistics domain's reactions to other domains' events and to its own (the money of a delivery). */
import { subscriber } from '../../core/events';
import { getUser } from '../identity';
import { createDelivery } from './deliveries/create';
import { followDispute } from './deliveries/moves';
import { settleDelivered, settleFailed } from './deliveries/settlement';
import { closeContactsOfDriver } from './tricycles/contacts';
import { followProfile } from './tricycles/drivers';

export const subscribers = [
  // A tricycle driver's card follows its profile; blocked, or no chauffeur any more, it goes offline
  // and its open contacts are closed (`system`), their buyers told.
  subscriber('logistics.tricycle_driver_on_profile', 'user.changed', async ({ payload }) => {
    if (payload.role !== 'chauffeur' && payload.previousRole !== 'chauffeur') return;
    const user = await getUser(payload.uid);
    const takenOut = payload.isBlocked || payload.role !== 'chauffeur';
    await followProfile(payload.uid, user, takenOut);
    if (takenOut) await closeContactsOfDriver(payload.uid);
  }),
  // An order paid with delivery: its delivery (one pickup per seller), then round 1 of the offers; once.
  subscriber('logistics.delivery_from_order', 'order.paid', async ({ payload }) => {
    if (!payload.livraison) return;
    await createDelivery(
      { kind: 'order', id: payload.orderId, acheteur: payload.acheteur, paymentId: payload.paymentId, montantPaye: payload.total },
      payload.livraison,
    );
  }),
  // A purchase paid with delivery: the same, from the purchase.
  subscriber('logistics.delivery_from_achat', 'achat.paid', async ({ payload }) => {
    if (!payload.livraison) return;
    await createDelivery(
      { kind: 'achat', id: payload.achatId, acheteur: payload.acheteur, paymentId: payload.paymentId, montantPaye: payload.prix + payload.livraison.quote.frais },
      payload.livraison,
    );
  }),
  // `livre`: the courier's and the company's gains, once each (wallet entries keyed by the delivery).
  subscriber('logistics.delivery_gains', 'delivery.delivered', async ({ payload }) => settleDelivered(payload)),
  // `refuse`, `retour`, `annule`: gains when the trip was made, the buyer's refund marked once.
  subscriber('logistics.delivery_failed', 'delivery.failed', async ({ payload }) => settleFailed(payload)),
  // A dispute of the sale a delivery carries: the delivery waits for its decision, resumes its window if withdrawn, ends `livre` once decided.
  subscriber('logistics.delivery_dispute', 'dispute.status_changed', async ({ payload }) => {
    if (!payload.livraisonId) return;
    if (payload.from === null) await followDispute(payload.livraisonId, 'opened');
    else if (payload.to === 'retire') await followDispute(payload.livraisonId, 'withdrawn');
    else if (payload.to === 'rembourse' || payload.to === 'libere') await followDispute(payload.livraisonId, 'decided');
  }),
];
