/**
 * Deliveries, offers and tracking documents written directly, as the deliveries domain would leave
 * them, for the courier's lists and the location stream's tracking updates. Dates are written as
 * `Date`s, which Firestore stores as timestamps (tests do not import firebase-admin).
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { DeliveryOfferDocument, DeliveryStatus } from '../../functions/src/domains/logistics/deliveries/model';

export const COTONOU = { latitude: 6.3703, longitude: 2.3912 };

let sequence = 0;

/** A delivery of `livreur` (or none) in `statut`, last changed `updatedAtMs`; its id. */
export async function seedDelivery(livreur: string | null, statut: DeliveryStatus, updatedAtMs = Date.now()): Promise<string> {
  sequence += 1;
  const id = `order_seed-${Date.now()}-${sequence}`;
  const at = new Date(updatedAtMs);
  await db()
    .collection(COLLECTIONS.deliveries)
    .doc(id)
    .set({
      source: { kind: 'order', id: id.slice(6) },
      acheteur: 'buyer-seed',
      vendeurs: ['seller-seed'],
      parties: ['buyer-seed', 'seller-seed', ...(livreur ? [livreur] : [])],
      pickups: [{ vendeur: 'seller-seed', position: COTONOU, adresse: 'Dantokpa', collectedAt: null }],
      destination: { position: { latitude: 6.4, longitude: 2.42 }, adresse: 'Fidjrossè' },
      instructions: null,
      distanceKm: 4.2,
      frais: 1000,
      gainLivreur: 210,
      gainSociete: 105,
      statut,
      livreur,
      round: 1,
      radiusKm: 10,
      roundEndsAt: null,
      code: '424242',
      history: [],
      createdAt: at,
      updatedAt: at,
    });
  return id;
}

/** The tracking document the deliveries domain creates when it assigns `livreur`. */
export async function seedTracking(deliveryId: string, livreur: string): Promise<void> {
  await db().collection(COLLECTIONS.deliveryTracking).doc(deliveryId).set({ deliveryId, livreur, parties: [livreur], position: null, updatedAt: new Date() });
}

export async function trackingOf(deliveryId: string) {
  return (await db().collection(COLLECTIONS.deliveryTracking).doc(deliveryId).get()).data();
}

export async function seedOffer(deliveryId: string, livreur: string, statut: DeliveryOfferDocument['statut'], expiresInMs: number): Promise<void> {
  await db()
    .collection(COLLECTIONS.deliveryOffers)
    .doc(`${deliveryId}_${livreur}`)
    .set({
      deliveryId,
      livreur,
      round: 2,
      distanceKm: 1.5,
      frais: 1000,
      gainLivreur: 210,
      // As the rounds write them: the shops, and the destination's area only (rounded point, no address).
      pickups: [{ position: COTONOU, adresse: 'Dantokpa' }],
      destination: { zone: { latitude: 6.4, longitude: 2.42 } },
      statut,
      expiresAt: new Date(Date.now() + expiresInMs),
      createdAt: new Date(),
    });
}

export async function presenceOf(uid: string) {
  return (await db().collection(COLLECTIONS.livreurs).doc(uid).get()).data();
}
