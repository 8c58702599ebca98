/**
 * The demo delivery of `npm start`: an order of the demo seller's part, with delivery to Akpakpa,
 * paid, offered to the online demo courier, accepted and collected: `en_cours`, its tracking on the
 * courier's last position. It goes the way a real one does (the order's quote, `order.paid`, the
 * offer round, the courier's accept and pickup), so the apps can follow it. Once: skipped when the
 * demo buyer already has a delivery.
 */
import { demoCaller, type DemoAccount } from './demo-caller';
import { demoPayment } from './demo-payment';
import type { ProfileCaller } from '../core/auth';
import { dispatchEvent, eventId } from '../core/events';
import { installSubscribers } from '../install-subscribers';
import { onOrderPaid } from '../domains/commerce/orders/payment';
import { createOrder } from '../domains/commerce/orders/service';
import { deliveryIdOf } from '../domains/logistics/deliveries/model';
import { confirmPickup } from '../domains/logistics/deliveries/moves';
import { acceptDelivery } from '../domains/logistics/deliveries/offers';
import { listDeliveries, readDelivery } from '../domains/logistics/deliveries/view';
import { type CourierProfile, setStatus } from '../domains/logistics/livreurs/presence';
import type { ApiError } from '../core/errors';


/** Akpakpa, Cotonou: where the demo part is delivered. */
export const DEMO_DELIVERY_DESTINATION = { latitude: 6.3551, longitude: 2.4456 };
/** On the road from the seller to the buyer: the courier's last position. */
export const DEMO_COURIER_ON_THE_WAY = { latitude: 6.3652, longitude: 2.4381 };


/**
 * The delivery once its round offered it to `courier`. With `npm start` the functions emulator's
 * trigger dispatches `order.paid` too: whichever runs first creates the delivery (its id is the
 * order's), so this waits for it instead of assuming the inline run did.
 */
async function offeredDelivery(asBuyer: ProfileCaller, deliveryId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const found = await readDelivery(asBuyer, deliveryId).catch((error: ApiError) => (error.code === 'DELIVERY_NOT_FOUND' ? undefined : Promise.reject(error)));
    if (found && found.round >= 1) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** `partId`: a part of `seller` with a location (its pickup); `courierProfile`: the courier's account, whose copies its presence keeps. */
export async function seedDelivery(buyer: DemoAccount, seller: DemoAccount, courier: DemoAccount, courierProfile: CourierProfile, partId: string): Promise<void> {
  const asBuyer = demoCaller(buyer, 'acheteur', 'Dossou', 'Koffi');
  // Its telephone proven by the seed (markTelephoneProven, seed-demo.ts), as its profile then reads.
  const asCourier = { ...demoCaller(courier, 'livreur', 'Zinsou', 'Eric'), profile: { nom: 'Zinsou', prenoms: 'Eric', telephoneVerifie: true } };
  if ((await listDeliveries(asBuyer, { page: 1, limit: 1 }, { page: 1, limit: 1, offset: 0 })).pagination.total > 0) return;
  const order = await createOrder(asBuyer, {
    items: [{ articleId: partId, quantite: 1 }],
    livraison: true,
    adresseLivraison: { ville: 'Cotonou', details: 'Akpakpa, maison bleue près du marché', position: DEMO_DELIVERY_DESTINATION },
  });
  // The effect of its payment, as the payments flow runs it; then its subscribers, in case no trigger does.
  await demoPayment('demo-delivery-payment', buyer.uid, 'commande', order.total, { commandeId: order.id });
  await onOrderPaid(order.id, 'demo-delivery-payment');
  installSubscribers();
  await dispatchEvent(eventId('order.paid', order.id));
  const deliveryId = deliveryIdOf('order', order.id);
  if (!(await offeredDelivery(asBuyer, deliveryId))) throw new Error(`the demo delivery ${deliveryId} was not offered to the demo courier`);
  await acceptDelivery(asCourier, deliveryId);
  // The seller hands its part to the courier and confirms the pickup (a courier never confirms one alone).
  await confirmPickup(demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou'), deliveryId, seller.uid);
  // Its position on the road (setStatus: the GPS stream's window started when it went online, seconds ago).
  await setStatus(courier.uid, courierProfile, true, DEMO_COURIER_ON_THE_WAY);
  console.log(`  a delivery on its way: ${deliveryId} (${order.fraisLivraison} XOF), followed on deliveryTracking/${deliveryId}`);
}
