/** The Firestore access of deliveries: collections, references, the reads transactions share. */
import type { Transaction } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type DeliveryDocument, type DeliveryOfferDocument, type DeliveryTrackingDocument, offerIdOf } from './model';

export const deliveries = () => collection<DeliveryDocument>(COLLECTIONS.deliveries);
export const offers = () => collection<DeliveryOfferDocument>(COLLECTIONS.deliveryOffers);
export const tracking = () => collection<DeliveryTrackingDocument>(COLLECTIONS.deliveryTracking);

export const offerRef = (deliveryId: string, livreur: string) => offers().doc(offerIdOf(deliveryId, livreur));

/**
 * A delivery's open offers, in a transaction (before its writes). Bounded: a round writes at most
 * DELIVERY_OFFERS_PER_ROUND offers and each round expires the previous round's.
 */
export async function openOffers(tx: Transaction, deliveryId: string) {
  return (await tx.get(offers().where('deliveryId', '==', deliveryId).where('statut', '==', 'ouverte').limit(200))).docs;
}
