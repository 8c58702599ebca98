/**
 * The exchange through a courier, end to end through the API (DOMAIN.md, "Fair exchange"): the
 * holes issue 32 reproduced, each beside its honest path.
 *  - "Refused after the courier's photo": after the photo, a disagreement is a dispute, never a
 *    refusal at the door ("A refusal at the door before any proof stays as it is").
 *  - "A courier completes a delivery alone": the courier never confirms a pickup alone.
 *  - "Parts and units lost": "A cancelled, refused or returned delivery returns its units to stock".
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { couriersAt, deliveryDoc, entriesOf, GRAND_COTONOU, offline } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { drainEvents, pay, reconcileNow } from '../helpers/money';
import { recordUpload } from '../../functions/src/domains/catalog/uploads/ledger';

useFeexPaySandbox();
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;

const SHOP = { latitude: 6.36, longitude: 2.4 };
const ADDRESS = { ville: 'Cotonou', details: 'Akpakpa, près du marché', position: { latitude: 6.37, longitude: 2.45 } };

beforeAll(async () => {
  await resetEmulators();
  [admin, seller, buyer] = await Promise.all([createUser('principal'), createUser('vendeur'), createUser('acheteur')]);
  expect((await (await api()).post('/api/delivery-zones').set(bearer(admin.token)).send(GRAND_COTONOU)).status).toBe(201);
});

const post = async (user: TestUser, path: string, body: Record<string, unknown> = {}) => (await api()).post(path).set(bearer(user.token)).send(body);
const get = async (user: TestUser, path: string) => (await api()).get(path).set(bearer(user.token));
const stockOf = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data()!;

/** `quantite` of a part of 5 units ordered with delivery, paid, accepted by a courier: the ids. */
async function deliveredOrder(quantite: number) {
  const part = await publish(seller, { type: 'piece', titre: 'Amortisseur Hilux', prix: 25_000, stock: 5, localisation: SHOP, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
  const placed = await post(buyer, '/api/orders', { items: [{ articleId: part.id, quantite }], livraison: true, adresseLivraison: ADDRESS });
  expect(placed.status).toBe(201);
  const [courier] = await couriersAt(1);
  const paymentId = await pay(admin, buyer, 'commande', placed.body.data.total, { commandeId: placed.body.data.id });
  await drainEvents();
  const deliveryId = `order_${placed.body.data.id}`;
  expect((await post(courier, `/api/deliveries/${deliveryId}/accept`)).status).toBe(200);
  await offline(courier);
  return { partId: part.id, orderId: placed.body.data.id as string, total: placed.body.data.total as number, paymentId, deliveryId, courier };
}

it('a courier never confirms a pickup alone: without the seller’s code it is refused; with it, or by the seller, the goods are collected', async () => {
  const { deliveryId, courier } = await deliveredOrder(1);
  const alone = await post(courier, `/api/deliveries/${deliveryId}/pickups/${seller.uid}/confirm`);
  expect([alone.status, alone.body.code]).toEqual([400, 'PICKUP_CODE_REQUIRED']);
  expect((await deliveryDoc(deliveryId))?.statut).toBe('assigne');
  const code = (await get(seller, `/api/deliveries/${deliveryId}`)).body.data.pickups[0].code as string;
  const collected = await post(courier, `/api/deliveries/${deliveryId}/pickups/${seller.uid}/confirm`, { code });
  expect(collected.body.data.statut).toBe('en_cours');
});

it('after the courier’s photo the buyer cannot refuse at the door: it opens a dispute, the money stays held; before any proof its refusal stands', async () => {
  const proved = await deliveredOrder(1);
  expect((await post(seller, `/api/deliveries/${proved.deliveryId}/pickups/${seller.uid}/confirm`)).status).toBe(200);
  const photo = `preuves/${proved.deliveryId}/${'a'.repeat(8)}-0000-4000-8000-000000000000.jpg`;
  await recordUpload(proved.courier.uid, photo, 1000);
  expect((await post(proved.courier, `/api/deliveries/${proved.deliveryId}/delivered`, { photo })).body.data).toMatchObject({ statut: 'en_cours', preuve: { photo } });
  const refused = await post(buyer, `/api/deliveries/${proved.deliveryId}/refuse`, { reason: 'Je n’ai rien reçu' });
  expect([refused.status, refused.body.code]).toEqual([409, 'DELIVERY_PROOF_GIVEN']);
  expect((await deliveryDoc(proved.deliveryId))?.statut).toBe('en_cours');
  expect((await db().collection(COLLECTIONS.payments).doc(proved.paymentId).get()).get('refund')).toBeUndefined();
  // Its disagreement is a dispute: the delivery waits for the decision, the seller's money stays held.
  const opened = await post(buyer, '/api/litiges', { vente: { kind: 'commande', id: proved.orderId }, motif: 'non_recu', texte: 'Le livreur a photographié une autre porte.' });
  expect(opened.status).toBe(201);
  await drainEvents();
  expect(await deliveryDoc(proved.deliveryId)).toMatchObject({ statut: 'en_cours', enLitige: true, autoCloseAt: null });
  expect((await entriesOf(seller.uid)).filter((entry) => entry.reference === proved.orderId).map((entry) => entry.type)).toEqual(['vente_retenue']);

  // Before any proof, the refusal at the door stays as it is: all but the fee back, the units back.
  const atTheDoor = await deliveredOrder(1);
  expect((await post(seller, `/api/deliveries/${atTheDoor.deliveryId}/pickups/${seller.uid}/confirm`)).status).toBe(200);
  expect((await post(buyer, `/api/deliveries/${atTheDoor.deliveryId}/refuse`, { reason: 'Pièce abîmée' })).body.data.statut).toBe('refuse');
  await drainEvents();
  const delivery = await deliveryDoc(atTheDoor.deliveryId);
  expect((await db().collection(COLLECTIONS.payments).doc(atTheDoor.paymentId).get()).get('refund')).toMatchObject({ montant: atTheDoor.total - delivery?.frais });
  expect((await stockOf(atTheDoor.partId)).stock).toBe(5);
});

it('a cancelled or returned delivery gives its units back: 2 of 5 ordered, 5 again; a listing it sold out comes back online', async () => {
  // Issue 32: "An order of 2 of 5 units with delivery whose delivery is cancelled is refunded, but the part keeps showing 3."
  const cancelled = await deliveredOrder(2);
  expect((await stockOf(cancelled.partId)).stock).toBe(3);
  expect((await post(admin, `/api/deliveries/${cancelled.deliveryId}/admin/status`, { statut: 'annule', reason: 'Livreur accidenté' })).body.data.statut).toBe('annule');
  await drainEvents();
  expect((await stockOf(cancelled.partId)).stock).toBe(5);
  expect((await db().collection(COLLECTIONS.payments).doc(cancelled.paymentId).get()).get('refund')).toMatchObject({ montant: cancelled.total });

  const soldOut = await deliveredOrder(5);
  expect(await stockOf(soldOut.partId)).toMatchObject({ stock: 0, statut: 'vendu' });
  expect((await post(seller, `/api/deliveries/${soldOut.deliveryId}/pickups/${seller.uid}/confirm`)).status).toBe(200);
  expect((await post(soldOut.courier, `/api/deliveries/${soldOut.deliveryId}/return`, { reason: 'Client absent' })).body.data.statut).toBe('retour');
  await drainEvents();
  expect(await stockOf(soldOut.partId)).toMatchObject({ stock: 5, statut: 'en_ligne', statutVente: 'disponible' });
  expect((await reconcileNow()).breaks).toEqual([]);
});
