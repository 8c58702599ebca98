/**
 * Deliveries in tests: couriers put online through the couriers' own presence writes,
 * and paid orders or purchases whose paid event carries a delivery request (as commerce emits it),
 * emitted through the real outbox so every subscriber runs.
 */
import { randomUUID } from 'node:crypto';
import { achatSale } from '../../functions/src/domains/commerce/achats/service';
import { prepareHold } from '../../functions/src/domains/commerce/escrow';
import { emit } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { Point } from '../../functions/src/core/nearby';
import { setStatus } from '../../functions/src/domains/logistics/livreurs/presence';
import type { DeliveryRequest } from '../../functions/src/domains/logistics';
import { createUser, type TestUser } from './accounts';
import { publish } from './catalog';
import { storedWallet } from './wallets';

export const COTONOU = { latitude: 6.3703, longitude: 2.3912 };

/** Greater Cotonou, as an admin writes the zone: 100 XOF per km, from 500 to 5000 XOF. */
export const GRAND_COTONOU = {
  nom: 'Grand Cotonou',
  polygon: [
    { latitude: 6.33, longitude: 2.33 },
    { latitude: 6.33, longitude: 2.48 },
    { latitude: 6.42, longitude: 2.48 },
    { latitude: 6.42, longitude: 2.33 },
  ],
  prixParKm: 100,
  fraisMin: 500,
  fraisMax: 5000,
  villes: ['Cotonou'],
};

/** A point `km` kilometres north of `from` (a degree of latitude is about 111.2 km). */
export const northOf = (from: Point, km: number): Point => ({ latitude: from.latitude + km / 111.2, longitude: from.longitude });

/** A courier's presence as its own status route writes it (the presence and its nearby-search cell, together). */
export async function seedCourier(uid: string, position: Point, online = true): Promise<void> {
  await setStatus(uid, { nom: 'Coursier', prenoms: 'Test' }, online, position);
}

/** Couriers online at `km` north of the first pickup. */
export async function couriersAt(km: number, count = 1): Promise<TestUser[]> {
  const couriers = await Promise.all(Array.from({ length: count }, () => createUser('livreur')));
  await Promise.all(couriers.map((courier) => seedCourier(courier.uid, northOf(COTONOU, km))));
  return couriers;
}

/** Takes couriers offline so the next tests' rounds do not offer them anything. */
export async function offline(...couriers: TestUser[]): Promise<void> {
  await Promise.all(couriers.map((courier) => seedCourier(courier.uid, northOf(COTONOU, 0), false)));
}

export const QUOTE = { zoneId: 'zone-cotonou', distanceKm: 8.5, frais: 2000, gainLivreur: 1300, gainSociete: 700 };

export function requestFor(sellers: TestUser[]): DeliveryRequest {
  return {
    pickups: sellers.map((seller, index) => ({ vendeur: seller.uid, position: northOf(COTONOU, 0.2 * index), adresse: `Boutique ${index + 1}` })),
    destination: { position: northOf(COTONOU, 3), adresse: 'Akpakpa, maison bleue' },
    instructions: 'Appeler avant',
    quote: QUOTE,
  };
}

async function seedPayment(buyer: TestUser, type: string, montant: number): Promise<string> {
  const id = `pay-${randomUUID()}`;
  const at = new Date();
  await db().collection(COLLECTIONS.payments).doc(id).set({ userId: buyer.uid, montant, reference: null, statut: 'success', type, metadata: {}, method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: at });
  return id;
}

export interface PaidOrder {
  orderId: string;
  paymentId: string;
  total: number;
  deliveryId: string;
}

/**
 * An order of `lines` (seller, amount) paid, with delivery unless `livraison` is null: the order
 * document as commerce stores a paid order, then `order.paid` emitted with the delivery request.
 */
export async function paidOrder(buyer: TestUser, lines: Array<{ seller: TestUser; montant: number }>, livraison: DeliveryRequest | null = requestFor([...new Set(lines.map((line) => line.seller))])): Promise<PaidOrder> {
  const orderId = `ord-${randomUUID()}`;
  const sousTotal = lines.reduce((sum, line) => sum + line.montant, 0);
  const frais = livraison ? livraison.quote.frais : 0;
  const total = sousTotal + frais;
  const paymentId = await seedPayment(buyer, 'commande', total);
  const at = new Date();
  await db()
    .collection(COLLECTIONS.commandes)
    .doc(orderId)
    .set({
      acheteur: buyer.uid,
      lignes: lines.map((line, index) => ({ articleId: `art-${index}`, vendeur: line.seller.uid, titre: `Pièce ${index}`, prixUnitaire: line.montant, quantite: 1, montant: line.montant })),
      vendeurs: [...new Set(lines.map((line) => line.seller.uid))],
      sousTotal,
      fraisLivraison: frais,
      total,
      livraison: livraison !== null,
      adresseLivraison: null,
      demandeLivraison: livraison,
      statut: 'paid',
      paymentId,
      history: [{ statut: 'paid', at, by: 'system', reason: null }],
      createdAt: at,
      updatedAt: at,
    });
  await runTransaction(async (tx) => {
    emit(tx, 'order.paid', orderId, {
      orderId,
      acheteur: buyer.uid,
      vendeurs: [...new Set(lines.map((line) => line.seller.uid))],
      paymentId,
      total,
      paidAt: at.toISOString(),
      livraison,
    });
  });
  return { orderId, paymentId, total, deliveryId: `order_${orderId}` };
}

/** A purchase of a listing paid with delivery: only `achat.paid` (the purchase's own documents are commerce's business). */
export async function paidAchat(buyer: TestUser, seller: TestUser, prix: number): Promise<{ achatId: string; paymentId: string; deliveryId: string; articleId: string }> {
  const achatId = `ach-${randomUUID()}`;
  // The seller's listing, sold to the purchase as its payment sells it.
  const articleId = (await publish(seller, { titre: 'Toyota Corolla', prix })).id;
  await db().collection(COLLECTIONS.articles).doc(articleId).update({ statut: 'vendu', statutVente: 'vendu', soldTo: achatId, soldToBuyer: buyer.uid });
  const paymentId = await seedPayment(buyer, 'achat', prix + QUOTE.frais);
  const livraison = requestFor([seller]);
  const at = new Date();
  // The purchase as commerce stores a paid one with delivery (its seller's price held until the delivery).
  const achat = { acheteur: buyer.uid, vendeur: seller.uid, articleId, articleTitre: 'Toyota Corolla', prix, modeLivraison: 'consommation', paysDestination: null, fraisLivraison: QUOTE.frais, demandeLivraison: livraison, statut: 'payee', paymentId, codeRemise: null, payeLe: at, rappelRemise: false, createdAt: at, updatedAt: at };
  await db().collection(COLLECTIONS.achats).doc(achatId).set(achat);
  await runTransaction(async (tx) => {
    const hold = await prepareHold(tx, paymentId, [achatSale(achatId, achat, paymentId)]);
    hold.write();
    emit(tx, 'achat.paid', achatId, { achatId, acheteur: buyer.uid, vendeur: seller.uid, paymentId, prix, paidAt: at.toISOString(), livraison });
  });
  return { achatId, paymentId, deliveryId: `achat_${achatId}`, articleId };
}

/** A stored document as the assertions read it (nested fields included). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions check the shape
type Stored = Record<string, any>;

export const deliveryDoc = async (id: string) => (await db().collection(COLLECTIONS.deliveries).doc(id).get()).data() as Stored | undefined;
export const offerDoc = async (deliveryId: string, uid: string) => (await db().collection(COLLECTIONS.deliveryOffers).doc(`${deliveryId}_${uid}`).get()).data() as Stored | undefined;
export const trackingDoc = async (id: string) => (await db().collection(COLLECTIONS.deliveryTracking).doc(id).get()).data() as Stored | undefined;
export const paymentDoc = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data() as Stored;
export const achatDoc = async (id: string) => (await db().collection(COLLECTIONS.achats).doc(id).get()).data() as Stored;
export const orderDoc = async (id: string) => (await db().collection(COLLECTIONS.commandes).doc(id).get()).data() as Stored;

/** A wallet's ledger entries, as stored. */
export async function entriesOf(uid: string): Promise<Array<Stored>> {
  return (await db().collection(COLLECTIONS.wallets).doc(uid).collection('transactions').get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

/** A wallet's balance as stored: its document and its shards. */
export async function balanceOf(uid: string): Promise<number> {
  return (await storedWallet(uid)).balance;
}
