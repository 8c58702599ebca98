/** Orders of parts: prices from the listings, stock taken at payment, sellers credited once, the status table. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { nextState } from '../../functions/src/core/fsm';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { holdOrder, releaseOrderSeller } from '../../functions/src/domains/commerce/orders/handover';
import { ORDER_EVENTS, ORDER_STATUSES, ORDER_TRANSITIONS } from '../../functions/src/domains/commerce/orders/state';
import { distanceKm } from '../../functions/src/domains/geo';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { GRAND_COTONOU as ZONE } from '../helpers/deliveries';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { paidAtFeexPay, useFeexPaySandbox } from '../helpers/feexpay';

useFeexPaySandbox();
let admin: TestUser;

let zoneId: string;


beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
  const zone = await (await api()).post('/api/delivery-zones').set(bearer(admin.token)).send(ZONE);
  expect(zone.status).toBe(201);
  zoneId = zone.body.data.id;
});

/** Where sellers keep their parts (the courier's pickups). */
const SHOP_1 = { latitude: 6.36, longitude: 2.4 };
const SHOP_2 = { latitude: 6.39, longitude: 2.42 };

const part = (seller: TestUser, overrides: Record<string, unknown> = {}) =>
  publish(seller, {
    type: 'piece',
    titre: 'Alternateur Corolla',
    prix: 30_000,
    marque: undefined,
    modele: undefined,
    annee: undefined,
    carburant: undefined,
    boiteVitesse: undefined,
    localisation: SHOP_1,
    ...overrides,
  });

const address = { ville: 'Cotonou', details: 'Akpakpa, près du marché', position: { latitude: 6.37, longitude: 2.45 } };

/** The zone's fee of a trip through `stops` (hundredths of a km, rounded up to the franc), as the quote computes it. */
function expectedFee(...stops: Array<{ latitude: number; longitude: number }>) {
  let km = 0;
  for (let i = 1; i < stops.length; i++) km += distanceKm(stops[i - 1], stops[i]);
  const hundredths = Math.round(km * 100);
  return { distanceKm: hundredths / 100, frais: Math.min(5000, Math.max(500, Math.ceil((hundredths * ZONE.prixParKm) / 100))), gainLivreur: Math.ceil((hundredths * 50) / 100) };
}

async function order(buyer: TestUser, items: Array<{ articleId: string; quantite: number }>, livraison = false) {
  return (await api())
    .post('/api/orders')
    .set(bearer(buyer.token))
    .send({ items, livraison, ...(livraison ? { adresseLivraison: address } : {}) });
}

async function pay(buyer: TestUser, commandeId: string, montant: number) {
  const client = await api();
  const started = await client
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'commande', montant, metadata: { commandeId }, telephone: '+2290197000002' });
  expect(started.status).toBe(201);
  const paymentId = started.body.data.paymentId as string;
  await paidAtFeexPay(paymentId);
  const confirmed = await client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
  expect(confirmed.status).toBe(200);
  return paymentId;
}

const article = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data()!;
const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const entries = async (uid: string) => (await db().collection(COLLECTIONS.wallets).doc(uid).collection('transactions').get()).docs.map((doc) => doc.data());

describe('status table', () => {
  // DOMAIN.md, "Fair exchange": "The buyer cancels before the seller's declaration; an admin cancels
  // (with a reason) at any point before the handover, `shipped` included"; `hand_over` is the handover
  // both parties prove, `deliver` an admin's word on a sale nobody confirmed.
  const beforeHandover = { hand_over: 'delivered', deliver: 'delivered', admin_cancel: 'cancelled', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' };
  const expected: Record<string, Record<string, string>> = {
    pending: { pay: 'paid', cancel: 'cancelled', admin_cancel: 'cancelled' },
    paid: { process: 'processing', cancel: 'cancelled', ...beforeHandover },
    processing: { ship: 'shipped', cancel: 'cancelled', ...beforeHandover },
    shipped: beforeHandover,
    delivered: {},
    cancelled: {},
  };
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_EVENTS.map((event) => [from, event] as const));
  it.each(pairs)('from %s on %s', (from, event) => {
    expect(nextState(ORDER_TRANSITIONS, from, event)).toBe(expected[from][event]);
  });
});

it('prices an order of two sellers from the listings, adds the zone’s delivery fee, takes the stock, and leaves the sellers’ credit and the end to the delivery', async () => {
  const [s1, s2, buyer] = await Promise.all([createUser('vendeur'), createUser('vendeur'), createUser('acheteur')]);
  const a = await part(s1, { prix: 30_000, stock: 5 });
  const b = await part(s2, { prix: 12_500, localisation: SHOP_2 });
  // The courier goes to the first seller, then the second, then the buyer's address.
  const fee = expectedFee(SHOP_1, SHOP_2, address.position);
  expect(fee.frais).toBeGreaterThan(500);
  const total = 102_500 + fee.frais;
  const quoted = await (await api()).post('/api/delivery-zones/quote').send({ pickups: [SHOP_1, SHOP_2], destination: address.position });
  expect(quoted.body.data).toMatchObject({ zoneId, distanceKm: fee.distanceKm, frais: fee.frais });
  const created = await order(buyer, [{ articleId: a.id, quantite: 2 }, { articleId: b.id, quantite: 1 }, { articleId: a.id, quantite: 1 }], true);
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ statut: 'pending', sousTotal: 102_500, fraisLivraison: fee.frais, total, livraison: true, devisLivraison: { zoneId, distanceKm: fee.distanceKm } });
  expect(created.body.data.lignes).toEqual([
    expect.objectContaining({ articleId: a.id, vendeur: s1.uid, quantite: 3, prixUnitaire: 30_000, montant: 90_000 }),
    expect.objectContaining({ articleId: b.id, vendeur: s2.uid, quantite: 1, montant: 12_500 }),
  ]);
  const id = created.body.data.id as string;

  // The amount is the server's: another one is refused.
  const wrong = await (await api())
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'commande', montant: 1000, metadata: { commandeId: id }, telephone: '+2290197000002' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.code).toBe('AMOUNT_MISMATCH');
  // The delivery fee is part of the amount due: the lines alone are not enough.
  const withoutFee = await (await api())
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'commande', montant: 102_500, metadata: { commandeId: id }, telephone: '+2290197000002' });
  expect(withoutFee.body.code).toBe('AMOUNT_MISMATCH');

  const paymentId = await pay(buyer, id, total);
  const client = await api();
  const read = await client.get(`/api/orders/${id}`).set(bearer(buyer.token));
  expect(read.body.data).toMatchObject({ statut: 'paid', paymentId });
  expect(read.body.data.history.map((entry: { statut: string }) => entry.statut)).toEqual(['pending', 'paid']);
  expect(await article(a.id)).toMatchObject({ stock: 2, statut: 'en_ligne' });
  expect(await article(b.id)).toMatchObject({ statut: 'vendu', soldTo: id });

  // "A sale credit ... is written when its payment succeeds, as held money of the seller ... It becomes
  // available at the handover" (DOMAIN.md, "Fair exchange"): with delivery, when the courier delivers,
  // not on payment, whoever asks. A hold run again writes nothing more.
  await holdOrder(id);
  await releaseOrderSeller(id, s1.uid);
  expect(await entries(s1.uid)).toEqual([expect.objectContaining({ type: 'vente_retenue', montant: 90_000, paymentId })]);
  expect(await entries(s2.uid)).toEqual([expect.objectContaining({ type: 'vente_retenue', montant: 12_500, paymentId })]);
  // The paid event carries the whole delivery: logistics makes it from the event alone.
  expect((await db().collection(COLLECTIONS.events).doc(`order.paid_${id}`).get()).data()).toMatchObject({
    payload: {
      orderId: id,
      total,
      paymentId,
      livraison: {
        pickups: [
          { vendeur: s1.uid, position: SHOP_1, adresse: 'Cotonou' },
          { vendeur: s2.uid, position: SHOP_2, adresse: 'Cotonou' },
        ],
        destination: { position: address.position, adresse: 'Akpakpa, près du marché, Cotonou' },
        instructions: null,
        quote: { zoneId, distanceKm: fee.distanceKm, frais: fee.frais, gainLivreur: fee.gainLivreur, gainSociete: fee.frais - fee.gainLivreur },
      },
    },
  });

  // Each seller sees its own lines only.
  const sales = await client.get('/api/orders/sales').set(bearer(s2.token));
  expect(sales.body.data).toEqual([expect.objectContaining({ id, sousTotal: 12_500, lignes: [expect.objectContaining({ articleId: b.id })] })]);
  expect((await client.get(`/api/orders/${id}`).set(bearer(s1.token))).body.data.lignes).toHaveLength(1);
  expect((await client.get('/api/orders/mine').set(bearer(buyer.token))).body.data).toEqual([expect.objectContaining({ id, statut: 'paid' })]);

  // Notices: the buyer of the payment, each seller of its sale.
  const told = async (user: TestUser) => (await client.get('/api/notifications').set(bearer(user.token))).body.data.map((n: { type: string }) => n.type);
  expect(await told(buyer)).toEqual(['order_paid']);
  // Sellers prepare the parts; the sale notice (with the net) comes with the credit, on delivery.
  expect(await told(s1)).toEqual(['order_to_prepare']);

  // The seller's moves; the order then ends through its delivery only (deliveries.test.ts), not by hand.
  expect((await client.post(`/api/orders/${id}/status`).set(bearer(s1.token)).send({ statut: 'shipped' })).body.code).toBe('INVALID_TRANSITION');
  expect((await client.post(`/api/orders/${id}/status`).set(bearer(s1.token)).send({ statut: 'processing' })).body.data.statut).toBe('processing');
  expect((await client.post(`/api/orders/${id}/status`).set(bearer(s1.token)).send({ statut: 'shipped' })).body.data.statut).toBe('shipped');
  expect(await told(buyer)).toEqual(expect.arrayContaining(['order_status']));
  expect((await client.post(`/api/orders/${id}/cancel`).set(bearer(buyer.token))).body.code).toBe('ORDER_DELIVERY_UNDER_WAY');
  const delivered = await client.post(`/api/orders/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'delivered', reason: 'Livraison confirmée par téléphone' });
  expect([delivered.status, delivered.body.code]).toEqual([409, 'ORDER_DELIVERY_UNDER_WAY']);

  const filtered = await client.get('/api/orders/admin').query({ statut: 'shipped', vendeur: s2.uid }).set(bearer(admin.token));
  expect(filtered.body.data.map((o: { id: string }) => o.id)).toEqual([id]);
});

it('refuses bad orders: not a part, not enough stock, not online, no address, bad input, wrong role', async () => {
  const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const car = await publish(seller);
  const p = await part(seller, { stock: 2 });
  const code = async (items: Array<{ articleId: string; quantite: number }>, livraison = false) => (await order(buyer, items, livraison)).body.code;
  expect(await code([{ articleId: car.id, quantite: 1 }])).toBe('ARTICLE_NOT_PART');
  expect(await code([{ articleId: p.id, quantite: 3 }])).toBe('OUT_OF_STOCK');
  expect(await code([{ articleId: 'nope-not-there', quantite: 1 }])).toBe('ARTICLE_NOT_ONLINE');
  const client = await api();
  const noAddress = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: p.id, quantite: 1 }], livraison: true });
  expect(noAddress.body.code).toBe('DELIVERY_ADDRESS_REQUIRED');
  const bad = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [], livraison: false });
  expect(bad.status).toBe(400);
  const withPrice = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: p.id, quantite: 1, prix: 1 }], livraison: false });
  expect(withPrice.status).toBe(400);
  expect((await client.post('/api/orders').send({ items: [{ articleId: p.id, quantite: 1 }], livraison: false })).status).toBe(401);
  expect((await client.post('/api/orders').set(bearer(seller.token)).send({ items: [{ articleId: p.id, quantite: 1 }], livraison: false })).status).toBe(403);
  expect((await client.get('/api/orders/admin').set(bearer(buyer.token))).status).toBe(403);
});

it('takes each seller’s pickup from its first located line, and refuses a delivery it cannot price, writing nothing', async () => {
  const [s1, s2, buyer] = await Promise.all([createUser('vendeur'), createUser('vendeur'), createUser('acheteur')]);
  const unlocated = await part(s1, { localisation: undefined, titre: 'Bougie sans adresse' });
  const located = await part(s1, { localisation: SHOP_2 });
  const elsewhere = await part(s1, { localisation: SHOP_1 });
  // s1's first line has no location: its pickup is its next line's, not its last one's.
  const placed = await order(buyer, [{ articleId: unlocated.id, quantite: 1 }, { articleId: located.id, quantite: 1 }, { articleId: elsewhere.id, quantite: 1 }], true);
  expect(placed.status).toBe(201);
  const stored = (await db().collection(COLLECTIONS.commandes).doc(placed.body.data.id).get()).data()!;
  expect(stored.demandeLivraison.pickups).toEqual([{ vendeur: s1.uid, position: SHOP_2, adresse: 'Cotonou' }]);
  expect(placed.body.data.fraisLivraison).toBe(expectedFee(SHOP_2, address.position).frais);

  const countOrders = async () => (await db().collection(COLLECTIONS.commandes).where('acheteur', '==', buyer.uid).count().get()).data().count;
  const before = await countOrders();
  // A seller none of whose lines has a location: nobody knows where to collect.
  const nowhere = await part(s2, { localisation: undefined });
  const unknown = await order(buyer, [{ articleId: located.id, quantite: 1 }, { articleId: nowhere.id, quantite: 1 }], true);
  expect([unknown.status, unknown.body.code]).toEqual([400, 'DELIVERY_PICKUP_UNKNOWN']);
  // Without delivery, the same basket is fine.
  expect((await order(buyer, [{ articleId: located.id, quantite: 1 }, { articleId: nowhere.id, quantite: 1 }])).body.data).toMatchObject({ fraisLivraison: 0, devisLivraison: null });
  // An address outside every zone.
  const far = await (await api())
    .post('/api/orders')
    .set(bearer(buyer.token))
    .send({ items: [{ articleId: located.id, quantite: 1 }], livraison: true, adresseLivraison: { ville: 'Parakou', position: { latitude: 9.3372, longitude: 2.6303 } } });
  expect([far.status, far.body.code]).toEqual([400, 'DELIVERY_OUT_OF_ZONE']);
  expect(await countOrders()).toBe(before + 1);
});

it('keeps orders to their buyer, sellers and admins', async () => {
  const [seller, buyer, other, otherSeller] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('acheteur'), createUser('vendeur')]);
  const p = await part(seller);
  const id = (await order(buyer, [{ articleId: p.id, quantite: 1 }])).body.data.id as string;
  const client = await api();
  expect((await client.get(`/api/orders/${id}`)).status).toBe(401);
  expect((await client.get(`/api/orders/${id}`).set(bearer(other.token))).body.code).toBe('ORDER_NOT_FOUND');
  expect((await client.get(`/api/orders/${id}`).set(bearer(otherSeller.token))).body.code).toBe('ORDER_NOT_FOUND');
  expect((await client.get(`/api/orders/${id}`).set(bearer(admin.token))).status).toBe(200);
  expect((await client.post(`/api/orders/${id}/cancel`).set(bearer(other.token))).body.code).toBe('ORDER_NOT_FOUND');
  expect((await client.post(`/api/orders/${id}/status`).set(bearer(otherSeller.token)).send({ statut: 'processing' })).body.code).toBe('ORDER_NOT_FOUND');
  const invalidId = await client.get('/api/orders/a%2Fb').set(bearer(buyer.token));
  expect(invalidId.status).toBe(404);
  expect((await client.get('/api/orders/x'.padEnd(1600, 'x')).set(bearer(buyer.token))).body.code).toBe('ORDER_NOT_FOUND');
  expect((await client.post(`/api/orders/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'cancelled' })).status).toBe(400);
  // An unpaid order cancelled by its buyer: nothing to refund.
  const cancelled = await client.post(`/api/orders/${id}/cancel`).set(bearer(buyer.token));
  expect(cancelled.body.data).toMatchObject({ statut: 'cancelled', paymentId: null });
  expect((await client.get('/api/orders/mine').set(bearer(other.token))).body.data).toEqual([]);
});

it('lets admins move an order the buyer collects to delivered, with the reason kept in its history', async () => {
  const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const p = await part(seller, { prix: 20_000, stock: 2 });
  const id = (await order(buyer, [{ articleId: p.id, quantite: 1 }])).body.data.id as string;
  await pay(buyer, id, 20_000);
  for (const statut of ['processing', 'shipped']) expect((await (await api()).post(`/api/orders/${id}/status`).set(bearer(seller.token)).send({ statut })).body.data.statut).toBe(statut);
  const delivered = await (await api()).post(`/api/orders/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'delivered', reason: 'Retiré en boutique' });
  expect(delivered.body.data.statut).toBe('delivered');
  expect(delivered.body.data.history.at(-1)).toMatchObject({ statut: 'delivered', by: admin.uid, reason: 'Retiré en boutique' });
  const filtered = await (await api()).get('/api/orders/admin').query({ statut: 'delivered', vendeur: seller.uid }).set(bearer(admin.token));
  expect(filtered.body.data.map((o: { id: string }) => o.id)).toEqual([id]);
});

it('marks the money of a paid order cancelled by its buyer for refund', async () => {
  const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const p = await part(seller, { prix: 15_000, stock: 3 });
  const id = (await order(buyer, [{ articleId: p.id, quantite: 1 }])).body.data.id as string;
  const paymentId = await pay(buyer, id, 15_000);
  // Without delivery, the paid event says so.
  expect((await db().collection(COLLECTIONS.events).doc(`order.paid_${id}`).get()).get('payload.livraison')).toBeNull();
  const cancelled = await (await api()).post(`/api/orders/${id}/cancel`).set(bearer(buyer.token));
  expect(cancelled.body.data.statut).toBe('cancelled');
  expect(await payment(paymentId)).toMatchObject({ refund: { statut: 'a_rembourser' } });
});

it('lets one of two buyers racing for the last unit pay; the other order is cancelled and its money marked for refund', async () => {
  const [seller, first, second] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('acheteur')]);
  const p = await part(seller, { prix: 20_000, stock: 1 });
  const ids = await Promise.all([first, second].map(async (buyer) => (await order(buyer, [{ articleId: p.id, quantite: 1 }])).body.data.id as string));
  const payments = await Promise.all([first, second].map((buyer, index) => pay(buyer, ids[index], 20_000)));
  const statuses = await Promise.all(ids.map(async (id) => (await db().collection(COLLECTIONS.commandes).doc(id).get()).get('statut')));
  expect([...statuses].sort()).toEqual(['cancelled', 'paid']);
  const refunds = await Promise.all(payments.map(async (id) => (await payment(id)).refund));
  expect(refunds.filter(Boolean)).toEqual([{ reason: 'out of stock at payment', statut: 'a_rembourser', montant: 20_000 }]);
  expect(refunds.findIndex(Boolean)).toBe(statuses.indexOf('cancelled'));
  expect(await article(p.id)).toMatchObject({ stock: 0, statut: 'vendu' });
  expect(await entries(seller.uid)).toHaveLength(1);

  // The refund is marked after the order's transaction: a run that died in between (no mark yet)
  // is finished by the retry of the event.
  const lost = payments[statuses.indexOf('cancelled')];
  await db().collection(COLLECTIONS.payments).doc(lost).update({ refund: null });
  await onOrderPaid(ids[statuses.indexOf('cancelled')], lost);
  expect((await payment(lost)).refund).toEqual({ reason: 'out of stock at payment', statut: 'a_rembourser', montant: 20_000 });
});
