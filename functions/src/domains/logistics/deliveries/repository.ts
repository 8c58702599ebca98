/**
 * The Firestore access of deliveries: collections, references, the reads transactions share.
 *
 * No transaction of deliveries runs a query (docs/architecture.md, "Hot documents"): a query in a transaction
 * locks the whole range it read (on the emulator, coarsely: any transaction writing to the
 * collection collides with it), so accepts of different deliveries by different couriers would
 * wait for each other. Transactions read by id, which locks those documents only; what a query
 * must find is found on a plain read, made after the transaction read by id a document that every
 * write adding to what the query finds also writes (so such a write that the plain read missed
 * conflicts with the transaction, and one of the two runs again).
 */
import { type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';
import {
  ACTIVE_DELIVERY_STATUSES,
  type CourierAcceptDocument,
  type DeliveryDocument,
  type DeliveryOfferDocument,
  type DeliveryTrackingDocument,
  offerIdOf,
} from './model';

export const deliveries = () => collection<DeliveryDocument>(COLLECTIONS.deliveries);
export const offers = () => collection<DeliveryOfferDocument>(COLLECTIONS.deliveryOffers);
export const tracking = () => collection<DeliveryTrackingDocument>(COLLECTIONS.deliveryTracking);
export const courierAccepts = () => collection<CourierAcceptDocument>(COLLECTIONS.courierAccepts);

export const offerRef = (deliveryId: string, livreur: string) => offers().doc(offerIdOf(deliveryId, livreur));

/**
 * The couriers whose offers of a delivery may be open. The round lists them on the delivery
 * (`offeredTo`). A delivery whose last round ran before that list was kept is asked on a plain
 * read, which the caller makes after its transaction read the delivery: every write of an offer's
 * status (a round, an accept, a decline, a cancel) writes the delivery in the same transaction,
 * so an offer changed after that read fails the caller's commit and its transaction runs again.
 */
async function offeredCouriers(deliveryId: string, delivery: DeliveryDocument): Promise<string[]> {
  if (delivery.offeredTo) return delivery.offeredTo;
  const open = await offers().where('deliveryId', '==', deliveryId).where('statut', '==', 'ouverte').select('livreur').get();
  return open.docs.map((doc) => doc.get('livreur') as string);
}

/**
 * A delivery's open offers, read by id in `tx` (before its writes), `delivery` as `tx` read it.
 * Bounded: a round offers at most DELIVERY_OFFERS_PER_ROUND couriers.
 */
export async function openOffers(tx: Transaction, deliveryId: string, delivery: DeliveryDocument): Promise<Array<DocumentSnapshot<DeliveryOfferDocument>>> {
  const couriers = await offeredCouriers(deliveryId, delivery);
  if (couriers.length === 0) return [];
  const read = await tx.getAll(...couriers.map((uid) => offerRef(deliveryId, uid)));
  return read.filter((snapshot) => snapshot.data()?.statut === 'ouverte');
}

/** The same, on a plain read (what a round already committed offered). */
export async function openOffersNow(deliveryId: string, delivery: DeliveryDocument): Promise<DeliveryOfferDocument[]> {
  const couriers = await offeredCouriers(deliveryId, delivery);
  if (couriers.length === 0) return [];
  const read = await offers().firestore.getAll(...couriers.map((uid) => offerRef(deliveryId, uid)));
  return read.flatMap((snapshot) => {
    const offer = snapshot.data() as DeliveryOfferDocument | undefined;
    return offer?.statut === 'ouverte' ? [offer] : [];
  });
}

/**
 * The courier's active deliveries (at most `limit`), on a plain read: never in a transaction. Only
 * the courier's own accept moves a delivery into an active status for it (state.ts: `accept` is the
 * one way into `assigne`, and admins may not take it), and each accept writes the courier's
 * `courierAccepts` document; a transaction that read that document by id before this read sees
 * every active delivery of the courier that an accept committed before its own commit (an accept
 * that commits in between conflicts with that read, and one of the two runs again).
 */
export function activeDeliveriesOf(uid: string, limit: number) {
  return deliveries().where('livreur', '==', uid).where('statut', 'in', [...ACTIVE_DELIVERY_STATUSES]).limit(limit);
}
