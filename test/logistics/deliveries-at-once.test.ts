/**
 * Accepts of deliveries by many couriers at once (docs/architecture.md, "Hot documents"): no transaction of an
 * accept, a round, a cancel or a location write runs a query, so couriers accepting different
 * deliveries never wait for each other, while the busy limit and the offers' ends stay exact.
 */
import { resetClock, setClock } from '../../functions/src/core/clock';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { runRound } from '../../functions/src/domains/logistics/deliveries/rounds';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { claimDoc, claimed, holdRead } from '../helpers/claims';
import { COTONOU, couriersAt, deliveryDoc, northOf, offerDoc, offline, paidOrder, trackingDoc } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettings, useSettings } from '../helpers/settings';

// The SDK the functions' code loads (functions/node_modules), as test/helpers/reads.ts reaches it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DocumentReference, FieldValue, Transaction } = require('firebase-admin/firestore') as typeof FirebaseFirestore;
type Transaction = FirebaseFirestore.Transaction;

let admin: TestUser;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, buyer, seller] = await Promise.all([createUser('admin'), createUser('acheteur'), createUser('vendeur')]);
});

afterEach(() => {
  resetClock();
  restoreSettings();
});

const post = async (user: TestUser, path: string, body?: Record<string, unknown>) => (await api()).post(path).set(bearer(user.token)).send(body ?? {});
const accept = (courier: TestUser, id: string) => post(courier, `/api/deliveries/${id}/accept`);
const later = (seconds: number) => setClock(() => new Date(Date.now() + seconds * 1000));

/** `count` paid orders with delivery, one after the other: each offered to every courier online. */
async function deliveries(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await paidOrder(buyer, [{ seller, montant: 3000 }])).deliveryId);
  return ids;
}

/** The courier's deliveries in an active status, as stored. */
async function activeOf(courier: TestUser): Promise<string[]> {
  const found = await db().collection(COLLECTIONS.deliveries).where('livreur', '==', courier.uid).where('statut', 'in', ['assigne', 'en_cours']).get();
  return found.docs.map((doc) => doc.id).sort();
}

it('20 couriers accepting 20 different deliveries at once each get theirs; every other offer of each delivery is `prise`', async () => {
  // One instant for the set-up and the accepts: on a busy machine, paying 20 orders one after the
  // other outlasts an offer's window, and the first offers would expire before their accept.
  const instant = new Date();
  setClock(() => instant);
  const couriers = await couriersAt(1, 20);
  const ids = await deliveries(20);
  const answers = await Promise.all(couriers.map((courier, i) => accept(courier, ids[i])));
  expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(couriers.map(() => [200, undefined]));
  for (const [i, id] of ids.entries()) {
    expect(await deliveryDoc(id)).toMatchObject({ statut: 'assigne', livreur: couriers[i].uid });
    expect(await trackingDoc(id)).toMatchObject({ livreur: couriers[i].uid, parties: [buyer.uid, couriers[i].uid] });
    // Each delivery was offered to all 20: the winner's offer accepted, the 19 others taken.
    const statuses = await Promise.all(couriers.map(async (courier) => (await offerDoc(id, courier.uid))?.statut));
    expect(statuses).toEqual(couriers.map((_, j) => (j === i ? 'acceptee' : 'prise')));
  }
  await offline(...couriers);
  // Its set-up pays 20 orders one after the other and reads 400 offers: past jest's 30 s when the
  // machine's other test workers are busy (no time is asserted).
}, 90_000);

it('a courier accepting five offers at once holds DELIVERY_MAX_ACTIVE_PER_COURIER of them, never more; one ending frees a place', async () => {
  // functions/src/domains/logistics/deliveries/offers.ts: "accepts of different deliveries by different couriers never
  // wait for each other"; "two accepts of one courier take turns (the second to commit runs again)".
  useSettings({ DELIVERY_MAX_ACTIVE_PER_COURIER: '2' });
  const [courier] = await couriersAt(1);
  const ids = await deliveries(5);
  const answers = await Promise.all(ids.map((id) => accept(courier, id)));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
  const refused = ids.filter((_, i) => answers[i].status !== 200);
  expect(refused.map((id) => answers[ids.indexOf(id)].body.code)).toEqual(['DELIVERY_COURIER_BUSY', 'DELIVERY_COURIER_BUSY', 'DELIVERY_COURIER_BUSY']);
  const held = ids.filter((_, i) => answers[i].status === 200).sort();
  expect(await activeOf(courier)).toEqual(held);
  for (const id of refused) {
    // Nothing written for a refused accept: the delivery still offered, its claim given back.
    expect(await deliveryDoc(id)).toMatchObject({ statut: 'commande', livreur: null });
    expect(await offerDoc(id, courier.uid)).toMatchObject({ statut: 'ouverte' });
    expect(await claimDoc('delivery', id, 1)).toBeUndefined();
  }

  // One ends (an admin cancels it): one place, and only one, for the three others at once.
  expect((await post(admin, `/api/deliveries/${held[0]}/admin/status`, { statut: 'annule', reason: 'Test' })).body.data.statut).toBe('annule');
  const again = await Promise.all(refused.map((id) => accept(courier, id)));
  expect(again.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  expect(await activeOf(courier)).toHaveLength(2);
  await offline(courier);
  // Five paid orders and eight accepts: past jest's 30 s on a busy machine (no time is asserted).
}, 60_000);

it('the offers of every round end with the accept: the open ones `prise`, the expired and declined ones as they were', async () => {
  const [stays, leaves, declines] = await couriersAt(1, 3);
  const [far] = await couriersAt(14);
  const [id] = await deliveries(1);
  expect(await offerDoc(id, far.uid)).toBeUndefined();
  expect((await post(declines, `/api/deliveries/${id}/decline`)).status).toBe(200);
  await offline(leaves);
  // Round 2, 15 km: `stays` offered again, `far` for the first time; `leaves` is gone, `declines` is not asked again.
  later(61);
  expect(await runRound(id, 2)).toBe('offered');
  expect(await offerDoc(id, leaves.uid)).toMatchObject({ statut: 'expiree', round: 1 });
  expect((await accept(far, id)).status).toBe(200);
  expect(await offerDoc(id, far.uid)).toMatchObject({ statut: 'acceptee', round: 2 });
  expect(await offerDoc(id, stays.uid)).toMatchObject({ statut: 'prise', round: 2 });
  expect(await offerDoc(id, leaves.uid)).toMatchObject({ statut: 'expiree', round: 1 });
  expect(await offerDoc(id, declines.uid)).toMatchObject({ statut: 'declinee', round: 1 });
  await offline(stays, declines, far);
});

it('a delivery whose round ran before the round listed its couriers: its open offers still end with an accept, a cancel or the next round', async () => {
  const [first, second, third] = await couriersAt(1, 3);
  const old = async () => {
    const [id] = await deliveries(1);
    await db().collection(COLLECTIONS.deliveries).doc(id).update({ offeredTo: FieldValue.delete() });
    expect(await deliveryDoc(id)).not.toHaveProperty('offeredTo');
    return id;
  };
  const accepted = await old();
  expect((await accept(first, accepted)).status).toBe(200);
  for (const courier of [second, third]) expect(await offerDoc(accepted, courier.uid)).toMatchObject({ statut: 'prise' });

  const cancelled = await old();
  expect((await post(buyer, `/api/deliveries/${cancelled}/cancel`)).body.data.statut).toBe('annule');
  for (const courier of [first, second, third]) expect(await offerDoc(cancelled, courier.uid)).toMatchObject({ statut: 'expiree' });

  const widened = await old();
  await offline(third);
  later(61);
  expect(await runRound(widened, 2)).toBe('offered');
  expect(await offerDoc(widened, third.uid)).toMatchObject({ statut: 'expiree', round: 1 });
  expect(await offerDoc(widened, second.uid)).toMatchObject({ statut: 'ouverte', round: 2 });
  await offline(first, second);
});

it('a courier accepts and another writes its position while a third courier’s accept waits on its delivery', async () => {
  // functions/src/domains/logistics/livreurs/presence.ts: "this transaction reads by id only, so it never waits for other
  // couriers' accepts or positions"; deliveries/offers.ts: "accepts of different deliveries by different couriers never
  // wait for each other". (Not a timing: both answer while the third accept cannot commit.)
  const [waiting, other, moving] = await couriersAt(1, 3);
  const [held, free] = await deliveries(2);
  // `moving` rides a delivery: its position moves that delivery's tracking.
  const [ridden] = await deliveries(1);
  expect((await accept(moving, ridden)).status).toBe(200);
  const hold = await holdRead(db().collection(COLLECTIONS.deliveries).doc(held));
  let first: ReturnType<typeof accept> | undefined;
  try {
    first = accept(waiting, held);
    expect(await claimed('delivery', held, 1)).toBe(true);
    // Its transaction has read the delivery and waits for the hold to commit.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await accept(other, free);
    expect([answer.status, answer.body.data?.livreur]).toEqual([200, other.uid]);
    later(20); // past the location stream's throttle window since `moving` went online
    const located = await (await api()).post('/api/livreurs/me/location').set(bearer(moving.token)).send(northOf(COTONOU, 2));
    expect(located.body.data).toMatchObject({ written: true, tracked: 1 });
    expect(await deliveryDoc(held)).toMatchObject({ statut: 'commande', livreur: null });
  } finally {
    await hold.release();
  }
  expect((await first!).body.data).toMatchObject({ statut: 'assigne', livreur: waiting.uid });
  expect(await trackingDoc(ridden)).toMatchObject({ position: northOf(COTONOU, 2) });
  await offline(waiting, other, moving);
});

it('no transaction of a round, an accept, a decline, a pickup, a handover, a cancel or a location write reads a query', async () => {
  // docs/architecture.md, Hot documents: "No transaction of deliveries runs a query". What it costs when one does
  // (every transaction writing the collection waits for it) is measured, not asserted; this records
  // what the transactions ask the database.
  const queried: string[] = [];
  const original = Transaction.prototype.get;
  const spy = jest.spyOn(Transaction.prototype, 'get').mockImplementation(function (this: Transaction, ...args: Parameters<Transaction['get']>) {
    // Where the transaction asked: the first frame of the service's code.
    const caller = (new Error().stack ?? '').split('\n').find((frame) => frame.includes('functions/src/'));
    if (!(args[0] instanceof DocumentReference) && caller?.includes('domains/logistics')) queried.push(caller.trim());
    return (original as (...read: unknown[]) => unknown).apply(this, args);
  } as Transaction['get']);
  try {
    const [courier, declines, stays] = await couriersAt(1, 3);
    const [id, cancelled] = await deliveries(2);
    expect((await post(declines, `/api/deliveries/${id}/decline`)).status).toBe(200);
    later(61);
    expect(await runRound(id, 2)).toBe('offered');
    expect((await accept(courier, id)).status).toBe(200);
    expect(await offerDoc(id, stays.uid)).toMatchObject({ statut: 'prise' });
    expect((await (await api()).post('/api/livreurs/me/location').set(bearer(courier.token)).send(northOf(COTONOU, 2))).body.data).toMatchObject({ tracked: 1 });
    expect((await post(seller, `/api/deliveries/${id}/pickups/${seller.uid}/confirm`)).body.data.statut).toBe('en_cours');
    const { code } = (await deliveryDoc(id))!;
    expect((await post(courier, `/api/deliveries/${id}/delivered`, { code })).body.data.statut).toBe('livre');
    expect((await post(buyer, `/api/deliveries/${cancelled}/cancel`)).body.data.statut).toBe('annule');
    expect(await offerDoc(cancelled, stays.uid)).toMatchObject({ statut: 'expiree' });
    expect(spy).toHaveBeenCalled();
    await offline(courier, declines, stays);
  } finally {
    spy.mockRestore();
  }
  expect(queried).toEqual([]);
});
