/**
 * The last units of a part (functions/src/domains/catalog/stock/service.ts; docs/architecture.md, "Hot documents"): buyers paying at once
 * for the last units of one part are decided by unit claims, not by a queue on the listing.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { takeUnits } from '../../functions/src/domains/catalog';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { holdRead } from '../helpers/claims';
import { resetEmulators } from '../helpers/emulators';
import { paidAtFeexPay, until, useFeexPaySandbox } from '../helpers/feexpay';
import { paymentEffect } from '../helpers/events';
import { confirmPayment, drainEvents, reconcileNow, startPayment } from '../helpers/money';

useFeexPaySandbox();
jest.setTimeout(120_000);
let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller] = await Promise.all([createUser('principal'), createUser('vendeur')]);
});

const PRICE = 10_000;
const part = (stock: number, owner = seller) =>
  publish(owner, { type: 'piece', titre: 'Alternateur Corolla', prix: PRICE, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined, stock });
const buyers = (count: number) => Promise.all(Array.from({ length: count }, () => createUser('acheteur')));

async function order(buyer: TestUser, items: Array<{ articleId: string; quantite: number }>): Promise<string> {
  const created = await (await api()).post('/api/orders').set(bearer(buyer.token)).send({ items, livraison: false });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

/** A payment of the order started and accepted by FeexPay, not yet confirmed (its run not started). */
async function started(buyer: TestUser, orderId: string, montant = PRICE): Promise<string> {
  const { paymentId, code } = await startPayment(buyer, 'commande', montant, { commandeId: orderId });
  if (!paymentId) throw new Error(`payment refused: ${code}`);
  await paidAtFeexPay(paymentId);
  return paymentId;
}

const listing = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data()!;
const orderDoc = async (id: string) => (await db().collection(COLLECTIONS.commandes).doc(id).get()).data()!;
const paymentDoc = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const generation = async (articleId: string) => (await db().collection(COLLECTIONS.stockGenerations).doc(articleId).get()).data();
/** The units a payment holds (not given back). */
const heldBy = async (paymentId: string) =>
  (await db().collection(COLLECTIONS.stockUnits).where('paymentId', '==', paymentId).get()).docs.filter((doc) => !doc.get('releasedAt')).map((doc) => doc.id).sort();

it('lets 5 of 20 buyers paying at once for the last 5 units pay; the 15 others are cancelled and marked for refund while a transaction holds the listing', async () => {
  const p = await part(5);
  const people = await buyers(20);
  const orders = await Promise.all(people.map((buyer) => order(buyer, [{ articleId: p.id, quantite: 1 }])));
  const payments = await Promise.all(people.map((buyer, index) => started(buyer, orders[index]!)));

  // A transaction holds the listing read: a payment that needs the listing's lock waits for it.
  const hold = await holdRead(db().collection(COLLECTIONS.articles).doc(p.id));
  const confirmations = Promise.allSettled(payments.map((id) => confirmPayment(admin, id)));
  // The losers are decided meanwhile: their orders cancelled and their money marked for refund.
  const decided = await until(
    async () => Promise.all(orders.map(async (id, index) => (await orderDoc(id)).statut === 'cancelled' && (await paymentDoc(payments[index]!)).refund !== undefined)),
    (done) => done.filter(Boolean).length === 15,
    60_000,
  );
  expect(decided.filter(Boolean)).toHaveLength(15);
  await hold.release();
  await confirmations;
  // Anything a winner left to retry (its commit waited on the held listing) is finished by its event's retry.
  expect(await drainEvents()).toEqual([]);

  const statuses = await Promise.all(orders.map(async (id) => (await orderDoc(id)).statut as string));
  expect(statuses.filter((statut) => statut === 'paid')).toHaveLength(5);
  expect(statuses.filter((statut) => statut === 'cancelled')).toHaveLength(15);
  for (const [index, id] of payments.entries()) {
    const { refund } = await paymentDoc(id);
    if (statuses[index] === 'paid') expect(refund ?? null).toBeNull();
    else expect(refund).toEqual({ reason: 'out of stock at payment', statut: 'a_rembourser', montant: PRICE });
  }
  expect(await listing(p.id)).toMatchObject({ stock: 0, statut: 'vendu', statutVente: 'vendu' });
  // Five units held, one by each paid order (those it records), none by a cancelled one.
  const held = await Promise.all(payments.map((id) => heldBy(id)));
  for (const [index, id] of orders.entries()) {
    const recorded = (await orderDoc(id)).unites ?? [];
    expect(held[index]).toEqual(statuses[index] === 'paid' ? [...recorded].sort() : []);
    expect(recorded).toHaveLength(statuses[index] === 'paid' ? 1 : 0);
  }
  expect(new Set(held.flat()).size).toBe(5);
  expect(await Promise.all(payments.map((id) => paymentEffect(id, 'commerce.order_paid')))).toEqual(Array(20).fill('done'));
  expect((await reconcileNow()).breaks).toEqual([]);

  // Nothing left to buy: a new order is refused.
  const late = await (await api()).post('/api/orders').set(bearer((await buyers(1))[0]!.token)).send({ items: [{ articleId: p.id, quantite: 1 }], livraison: false });
  expect(late.body.code).toBe('ARTICLE_NOT_ONLINE');
});

it('takes nothing twice: a run repeated, two runs at once, and a run that died after taking its units and resumes', async () => {
  const p = await part(4);
  const [first, second] = await buyers(2);
  const firstOrder = await order(first!, [{ articleId: p.id, quantite: 2 }]);
  const firstPayment = await started(first!, firstOrder, 2 * PRICE);
  await confirmPayment(admin, firstPayment);
  const units = await heldBy(firstPayment);
  expect(units).toHaveLength(2);
  expect(await listing(p.id)).toMatchObject({ stock: 2, statut: 'en_ligne' });
  // The same payment's run again, twice at once: the order, its units and the stock as they were.
  await Promise.all([onOrderPaid(firstOrder, firstPayment), onOrderPaid(firstOrder, firstPayment)]);
  expect(await heldBy(firstPayment)).toEqual(units);
  expect(await orderDoc(firstOrder)).toMatchObject({ statut: 'paid', paymentId: firstPayment });
  expect(await listing(p.id)).toMatchObject({ stock: 2, statut: 'en_ligne' });

  // A run that took its units and died before its order's transaction: the next run finds them.
  const secondOrder = await order(second!, [{ articleId: p.id, quantite: 2 }]);
  const secondPayment = await started(second!, secondOrder, 2 * PRICE);
  const taken = await takeUnits(secondOrder, secondPayment, [{ articleId: p.id, quantite: 2 }]);
  expect('held' in taken).toBe(true);
  const before = await heldBy(secondPayment);
  expect(before).toHaveLength(2);
  expect(await listing(p.id)).toMatchObject({ stock: 2, statut: 'en_ligne' });
  await confirmPayment(admin, secondPayment);
  expect(await heldBy(secondPayment)).toEqual(before);
  expect(await orderDoc(secondOrder)).toMatchObject({ statut: 'paid', unites: before });
  expect(await listing(p.id)).toMatchObject({ stock: 0, statut: 'vendu', soldTo: secondOrder });
  expect(await drainEvents()).toEqual([]);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('gives back the units of a payment whose order was cancelled while it ran, and they can be bought', async () => {
  const p = await part(1);
  const [first, second] = await buyers(2);
  const firstOrder = await order(first!, [{ articleId: p.id, quantite: 1 }]);
  const firstPayment = await started(first!, firstOrder);
  // The run took the unit, then the buyer cancelled the pending order before the run's transaction.
  expect('held' in (await takeUnits(firstOrder, firstPayment, [{ articleId: p.id, quantite: 1 }]))).toBe(true);
  expect((await (await api()).post(`/api/orders/${firstOrder}/cancel`).set(bearer(first!.token)).send({})).body.data.statut).toBe('cancelled');
  await confirmPayment(admin, firstPayment);
  expect(await heldBy(firstPayment)).toEqual([]);
  expect(await paymentDoc(firstPayment)).toMatchObject({ refund: { reason: 'order cancelled', statut: 'a_rembourser', montant: PRICE } });
  expect(await listing(p.id)).toMatchObject({ stock: 1, statut: 'en_ligne' });

  const secondOrder = await order(second!, [{ articleId: p.id, quantite: 1 }]);
  await confirmPayment(admin, await started(second!, secondOrder));
  expect(await orderDoc(secondOrder)).toMatchObject({ statut: 'paid' });
  expect(await listing(p.id)).toMatchObject({ stock: 0, statut: 'vendu', soldTo: secondOrder });
  expect(await drainEvents()).toEqual([]);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('puts the units of a paid order cancelled back on sale, whichever order sold the last unit, and they are bought again', async () => {
  const p = await part(2);
  const [first, second, third] = await buyers(3);
  const firstOrder = await order(first!, [{ articleId: p.id, quantite: 1 }]);
  await confirmPayment(admin, await started(first!, firstOrder));
  const secondOrder = await order(second!, [{ articleId: p.id, quantite: 1 }]);
  await confirmPayment(admin, await started(second!, secondOrder));
  expect(await listing(p.id)).toMatchObject({ stock: 0, statut: 'vendu', soldTo: secondOrder });
  const firstUnits = (await orderDoc(firstOrder)).unites as string[];

  // The first buyer cancels: its unit back on sale, although the second order sold the last one.
  const cancelled = await (await api()).post(`/api/orders/${firstOrder}/cancel`).set(bearer(first!.token)).send({});
  expect(cancelled.body.data.statut).toBe('cancelled');
  expect(await listing(p.id)).toMatchObject({ stock: 1, statut: 'en_ligne', statutVente: 'disponible' });
  for (const unit of firstUnits) expect((await db().collection(COLLECTIONS.stockUnits).doc(unit).get()).get('releasedAt')).not.toBeNull();

  const thirdOrder = await order(third!, [{ articleId: p.id, quantite: 1 }]);
  await confirmPayment(admin, await started(third!, thirdOrder));
  expect(await orderDoc(thirdOrder)).toMatchObject({ statut: 'paid' });
  expect(await listing(p.id)).toMatchObject({ stock: 0, statut: 'vendu', soldTo: thirdOrder });
  expect(await drainEvents()).toEqual([]);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('starts a new generation of units when the seller states its stock: payments holding older units take theirs again, or are refunded when none is left', async () => {
  const p = await part(3);
  const people = await buyers(7);
  const client = await api();
  const firstOrder = await order(people[0]!, [{ articleId: p.id, quantite: 2 }]);
  await confirmPayment(admin, await started(people[0]!, firstOrder, 2 * PRICE));
  expect(await listing(p.id)).toMatchObject({ stock: 1 });
  const generationBefore = (await generation(p.id))!.generation;

  // A payment took its unit, then the seller raised the stock to 4 before its order's transaction.
  const heldOrder = await order(people[1]!, [{ articleId: p.id, quantite: 1 }]);
  const heldPayment = await started(people[1]!, heldOrder);
  expect('held' in (await takeUnits(heldOrder, heldPayment, [{ articleId: p.id, quantite: 1 }]))).toBe(true);
  const oldUnit = await heldBy(heldPayment);
  expect((await client.patch(`/api/articles/${p.id}/stock`).set(bearer(seller.token)).send({ stock: 4 })).body.data.stock).toBe(4);
  expect(await generation(p.id)).toMatchObject({ generation: generationBefore + 1, units: 4 });
  // Its run takes a unit of the new generation; the old one is given back.
  await confirmPayment(admin, heldPayment);
  const recorded = (await orderDoc(heldOrder)).unites as string[];
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatch(new RegExp(`^${p.id}_${generationBefore + 1}_`));
  expect(await heldBy(heldPayment)).toEqual(recorded);
  expect(recorded).not.toEqual(oldUnit);
  expect(await listing(p.id)).toMatchObject({ stock: 3, statut: 'en_ligne' });

  // Five buyers pay at once for the 3 units left: 3 paid, 2 refunded, the listing sold out.
  const racers = people.slice(2);
  const orders = await Promise.all(racers.map((buyer) => order(buyer, [{ articleId: p.id, quantite: 1 }])));
  const payments = await Promise.all(racers.map((buyer, index) => started(buyer, orders[index]!)));
  await Promise.all(payments.map((id) => confirmPayment(admin, id)));
  const statuses = await Promise.all(orders.map(async (id) => (await orderDoc(id)).statut as string));
  expect(statuses.filter((statut) => statut === 'paid')).toHaveLength(3);
  expect(statuses.filter((statut) => statut === 'cancelled')).toHaveLength(2);
  expect(await listing(p.id)).toMatchObject({ stock: 0, statut: 'vendu' });
  expect(await drainEvents()).toEqual([]);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('refunds a payment holding units when the seller then lowers the stock to none, or withdraws the listing, and the stock never goes below zero', async () => {
  const [lowered, withdrawn] = await Promise.all([part(2), part(2)]);
  const [first, second] = await buyers(2);
  const client = await api();
  const cases = [
    { p: lowered, buyer: first!, change: () => client.patch(`/api/articles/${lowered.id}/stock`).set(bearer(seller.token)).send({ stock: 0 }), stock: 0, statut: 'en_ligne' },
    { p: withdrawn, buyer: second!, change: () => client.post(`/api/articles/${withdrawn.id}/withdraw`).set(bearer(seller.token)).send({}), stock: 2, statut: 'retire' },
  ];
  for (const { p, buyer, change, stock, statut } of cases) {
    const id = await order(buyer, [{ articleId: p.id, quantite: 2 }]);
    const paymentId = await started(buyer, id, 2 * PRICE);
    expect('held' in (await takeUnits(id, paymentId, [{ articleId: p.id, quantite: 2 }]))).toBe(true);
    expect((await change()).status).toBe(200);
    await confirmPayment(admin, paymentId);
    expect(await orderDoc(id)).toMatchObject({ statut: 'cancelled', paymentId });
    expect(await paymentDoc(paymentId)).toMatchObject({ refund: { reason: 'out of stock at payment', statut: 'a_rembourser', montant: 2 * PRICE } });
    expect(await heldBy(paymentId)).toEqual([]);
    expect(await listing(p.id)).toMatchObject({ stock, statut });
  }
  expect(await drainEvents()).toEqual([]);
  expect((await reconcileNow()).breaks).toEqual([]);
});

it('cancels a multi-line order short on one line without keeping the other lines’ units, which another buyer then buys whole', async () => {
  const [plenty, scarce, restated] = await Promise.all([part(3), part(1), part(1)]);
  const [first, second, third, fourth] = await buyers(4);
  // The scarce part went to another buyer first: the order takes none of its units, none of the other line's.
  const scarceOrder = await order(first!, [{ articleId: scarce.id, quantite: 1 }]);
  const short = await order(second!, [
    { articleId: plenty.id, quantite: 2 },
    { articleId: scarce.id, quantite: 1 },
  ]);
  const shortPayment = await started(second!, short, 3 * PRICE);
  await confirmPayment(admin, await started(first!, scarceOrder));
  await confirmPayment(admin, shortPayment);
  expect(await orderDoc(short)).toMatchObject({ statut: 'cancelled', paymentId: shortPayment });
  expect(await paymentDoc(shortPayment)).toMatchObject({ refund: { reason: 'out of stock at payment', statut: 'a_rembourser', montant: 3 * PRICE } });
  expect(await heldBy(shortPayment)).toEqual([]);
  expect(await listing(plenty.id)).toMatchObject({ stock: 3, statut: 'en_ligne' });

  // A run that took both lines' units died; the seller of the second part then stated it has none:
  // the next run is short on that line and gives back the units of the first.
  const held = await order(third!, [
    { articleId: plenty.id, quantite: 2 },
    { articleId: restated.id, quantite: 1 },
  ]);
  const heldPayment = await started(third!, held, 3 * PRICE);
  expect('held' in (await takeUnits(held, heldPayment, [{ articleId: plenty.id, quantite: 2 }, { articleId: restated.id, quantite: 1 }]))).toBe(true);
  expect(await heldBy(heldPayment)).toHaveLength(3);
  expect((await (await api()).patch(`/api/articles/${restated.id}/stock`).set(bearer(seller.token)).send({ stock: 0 })).status).toBe(200);
  await confirmPayment(admin, heldPayment);
  expect(await orderDoc(held)).toMatchObject({ statut: 'cancelled', paymentId: heldPayment });
  expect(await paymentDoc(heldPayment)).toMatchObject({ refund: { reason: 'out of stock at payment', statut: 'a_rembourser', montant: 3 * PRICE } });
  expect(await heldBy(heldPayment)).toEqual([]);
  expect(await listing(plenty.id)).toMatchObject({ stock: 3, statut: 'en_ligne' });

  const whole = await order(fourth!, [{ articleId: plenty.id, quantite: 3 }]);
  await confirmPayment(admin, await started(fourth!, whole, 3 * PRICE));
  expect(await orderDoc(whole)).toMatchObject({ statut: 'paid' });
  expect(await listing(plenty.id)).toMatchObject({ stock: 0, statut: 'vendu', soldTo: whole });
  expect(await drainEvents()).toEqual([]);
  expect((await reconcileNow()).breaks).toEqual([]);
});
