/**
 * The outbox (core/events): a crashed subscriber is finished by the sweep, a notice survives the
 * death of the process right after the commit, a second delivery changes nothing, a run that keeps
 * failing is parked for admins to replay, and a notice is pushed once however often its trigger fires.
 */
import { dispatchEvent, emit, runId, sweep, useSubscribers } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { pushNotice } from '../../functions/src/domains/notifications/service';
import { settle } from '../../functions/src/domains/payments/settlement';
import { allSubscribers } from '../../functions/src/subscribers';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { eventOf, paymentEffect, redeliver, runOf } from '../helpers/events';
import { storedWallet } from '../helpers/wallets';
import { registerDevice } from '../helpers/pushes';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();
let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller] = await Promise.all([createUser('admin'), createUser('vendeur')]);
});
afterEach(() => useSubscribers(allSubscribers));

const MINUTE = 60_000;
const doc = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data();

/** A boost of a fresh listing and a pending payment for it (written as a start would). */
async function pendingBoostPayment(paymentId: string) {
  const listing = await publish(seller);
  const pub = (await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'sponsorise', duree: 7 })).body.data;
  const at = new Date();
  await db().collection(COLLECTIONS.payments).doc(paymentId).set({
    userId: seller.uid, montant: pub.montant, reference: `SBX-${paymentId}`, statut: 'pending', type: 'publicite', metadata: { publiciteId: pub.id },
    method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: new Date(at.getTime() + 15 * MINUTE),
  });
  return pub.id as string;
}

/** The real subscribers, one of which fails its first `failures` runs (the process died in it). */
function failing(name: string, failures: number) {
  let calls = 0;
  useSubscribers(async () =>
    (await allSubscribers()).map((subscriber) =>
      subscriber.name !== name
        ? subscriber
        : {
            ...subscriber,
            handle: async (event: Parameters<typeof subscriber.handle>[0]) => {
              calls += 1;
              if (calls <= failures) throw new Error(`crash ${calls}`);
              await subscriber.handle(event);
            },
          },
    ),
  );
}

it('finishes an effect whose first run crashed: retried by the sweep once its wait is over, applied once', async () => {
  const advance = frozenClock();
  failing('catalog.publicite_paid', 1);
  const publiciteId = await pendingBoostPayment('crashed-effect');
  await settle('crashed-effect', 'success', 'admin');

  const crashed = await runOf('payment.succeeded_crashed-effect', 'catalog.publicite_paid');
  expect(crashed).toMatchObject({ state: 'retry', attempts: 1, lastError: expect.stringContaining('crash 1') });
  expect((await doc(COLLECTIONS.publicites, publiciteId))?.statut).toBe('en_attente');
  // Before its wait (EVENT_RETRY_BASE_SECONDS) the sweep leaves it; after, it finishes it.
  await sweep();
  expect((await runOf('payment.succeeded_crashed-effect', 'catalog.publicite_paid'))?.attempts).toBe(1);
  advance(31_000);
  expect((await sweep()).runs).toBeGreaterThanOrEqual(1);
  expect(await runOf('payment.succeeded_crashed-effect', 'catalog.publicite_paid')).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  expect(await doc(COLLECTIONS.publicites, publiciteId)).toMatchObject({ statut: 'payee', paymentId: 'crashed-effect' });
  expect((await doc(COLLECTIONS.payments, 'crashed-effect'))?.refund).toBeUndefined();
});

it('takes back an event whose dispatcher died holding its lease, once the lease is over', async () => {
  const advance = frozenClock();
  // The inline dispatch "dies" in the effect: the event stays leased to it, as a dead worker leaves it.
  useSubscribers(async () => (await allSubscribers()).map((s) => (s.name === 'catalog.publicite_paid' ? { ...s, handle: () => new Promise<void>(() => undefined) } : s)));
  const publiciteId = await pendingBoostPayment('dead-worker');
  void settle('dead-worker', 'success', 'admin');
  const leased = await until(async () => ((await eventOf('payment.succeeded_dead-worker'))?.dispatch === 'dispatching' ? true : undefined));
  expect(leased).toBe(true);
  useSubscribers(allSubscribers);
  advance(60_000); // within EVENT_LEASE_SECONDS: still the dead dispatcher's
  expect((await sweep()).events).toBe(0);
  expect(await eventOf('payment.succeeded_dead-worker')).toMatchObject({ dispatch: 'dispatching' });
  expect((await doc(COLLECTIONS.publicites, publiciteId))?.statut).toBe('en_attente');
  advance(61_000);
  // The success, and the facts whose inline dispatch waited behind its hung one.
  expect((await sweep()).events).toBeGreaterThanOrEqual(1);
  expect(await eventOf('payment.succeeded_dead-worker')).toMatchObject({ dispatch: 'dispatched' });
  expect((await doc(COLLECTIONS.publicites, publiciteId))?.statut).toBe('payee');
  // It succeeded at the takeover: no run of its own was needed.
  expect(await runOf('payment.succeeded_dead-worker', 'catalog.publicite_paid')).toBeUndefined();
});

it('leaves a subscriber that failed to its own retries when a dispatcher takes over the event', async () => {
  const advance = frozenClock();
  failing('catalog.publicite_paid', 1);
  const publiciteId = await pendingBoostPayment('taken-over');
  await settle('taken-over', 'success', 'admin');
  expect(await runOf('payment.succeeded_taken-over', 'catalog.publicite_paid')).toMatchObject({ state: 'retry', attempts: 1 });
  // As if the dispatcher had died after recording the failure, before marking the event handed out.
  await db().collection(COLLECTIONS.events).doc('payment.succeeded_taken-over').update({ dispatch: 'dispatching', dueAt: new Date(0) });
  const states = await dispatchEvent('payment.succeeded_taken-over');
  expect(states['catalog.publicite_paid']).toBeUndefined();
  expect(await runOf('payment.succeeded_taken-over', 'catalog.publicite_paid')).toMatchObject({ state: 'retry', attempts: 1 });
  advance(31_000);
  await sweep();
  expect(await runOf('payment.succeeded_taken-over', 'catalog.publicite_paid')).toMatchObject({ state: 'done', attempts: 2 });
  expect((await doc(COLLECTIONS.publicites, publiciteId))?.statut).toBe('payee');
});

it('hands an event out once when two dispatchers take it at the same time, and not again once it is handed out', async () => {
  // Nothing dispatched after the commit: the two dispatchers below are the first.
  useSettings({ EVENTS_DISPATCH_INLINE: 'false' });
  const at = new Date().toISOString();
  const id = await runTransaction(async (tx) => emit(tx, 'mission.status_changed', `raced_${Date.parse(at)}`, { missionId: 'raced', from: 'transferer', to: 'traite', at }));
  const [first, second] = await Promise.all([dispatchEvent(id), dispatchEvent(id)]);
  // One of the two ran the subscribers; the other found the event leased and left it.
  expect([Object.keys(first).length > 0, Object.keys(second).length > 0].sort()).toEqual([false, true]);
  expect(await eventOf(id)).toMatchObject({ dispatch: 'dispatched' });
  expect(await dispatchEvent(id)).toEqual({});
});

it('never loses a notice when the process dies right after the commit: the sweep writes and the trigger pushes it', async () => {
  const advance = frozenClock();
  const listing = await publish(seller);
  const pushes = await registerDevice(seller);
  // Nothing dispatches in this process: as if it died after committing the decision.
  useSettings({ EVENTS_DISPATCH_INLINE: 'false' });
  const decided = await (await api()).post(`/api/articles/${listing.id}/reject`).set(bearer(admin.token)).send({ motif: 'Photos floues' });
  expect(decided.status).toBe(200);
  const notices = () => db().collection(COLLECTIONS.users).doc(seller.uid).collection(COLLECTIONS.notifications).get();
  expect((await notices()).size).toBe(0);
  // The decision is a fact, which tells the seller (catalog's tells.ts): it waits, with the listing's change of status (the dashboard's counters).
  const pending = await db().collection(COLLECTIONS.events).where('type', '==', 'article.moderated').get();
  expect(pending.docs.map((event) => event.get('dispatch'))).toEqual(['pending']);
  const waiting = await db().collection(COLLECTIONS.events).where('dispatch', '==', 'pending').get();
  expect(waiting.docs.map((event) => event.get('type')).sort()).toEqual(['article.moderated', 'article.status_changed']);

  advance(121_000); // past the trigger's grace (EVENT_LEASE_SECONDS)
  expect((await sweep()).events).toBe(2);
  const written = await notices();
  expect(written.docs.map((notice) => notice.get('type'))).toEqual(['article_rejected']);
  // Deployed, the notice's creation fires pushNotifications; here it is called as the trigger would, twice.
  await Promise.all([pushNotice(seller.uid, written.docs[0]!.id), pushNotice(seller.uid, written.docs[0]!.id)]);
  expect((await pushes()).map((push) => push.data?.type)).toEqual(['article_rejected']);
});

it('changes nothing on a second delivery of an event: one sale, one held credit, one notice each', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 750_000 });
  const client = await api();
  const achat = (await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'consommation' })).body.data;
  const at = new Date();
  await db().collection(COLLECTIONS.payments).doc('twice-told').set({
    userId: buyer.uid, montant: 750_000, reference: 'SBX-twice', statut: 'pending', type: 'achat', metadata: { achatId: achat.id },
    method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: new Date(at.getTime() + 15 * MINUTE),
  });
  await settle('twice-told', 'success', 'admin');
  const wallet = async () => ({
    balance: (await storedWallet(seller.uid)).balance,
    entries: (await db().collection(COLLECTIONS.wallets).doc(seller.uid).collection('transactions').get()).size,
    // Held until the handover (DOMAIN.md, "Fair exchange"): the seller is told to hand it over.
    notices: (await db().collection(COLLECTIONS.users).doc(seller.uid).collection(COLLECTIONS.notifications).where('type', '==', 'achat_to_hand_over').get()).size,
  });
  const first = await wallet();
  expect(first.entries).toBe(1);
  expect(first.notices).toBe(1);

  // A redelivery that finds no record of the first (its dispatch lost): every subscriber that accepts it runs again.
  // Of the reactions that fulfil a type sold (core/payables' onPaid), dispatch hands an achat's success to the achat's only.
  const again = await redeliver('payment.succeeded_twice-told');
  expect(again['commerce.achat_paid']).toBe('done');
  for (const other of ['commerce.order_paid', 'catalog.publicite_paid', 'catalog.verification_opened', 'subscriptions.credit']) expect(Object.keys(again)).not.toContain(other);
  expect(await wallet()).toEqual(first);
  expect((await doc(COLLECTIONS.payments, 'twice-told'))?.refund).toBeUndefined();
  expect((await doc(COLLECTIONS.achats, achat.id))?.statut).toBe('payee');
});

it('parks a run after its last attempt, lists it to admins only, and replays it', async () => {
  const advance = frozenClock();
  useSettings({ EVENT_MAX_ATTEMPTS: '2' });
  failing('catalog.publicite_paid', 2);
  const publiciteId = await pendingBoostPayment('parked-one');
  await settle('parked-one', 'success', 'admin');
  advance(31_000);
  await sweep();
  const id = runId('payment.succeeded_parked-one', 'catalog.publicite_paid');
  expect(await runOf('payment.succeeded_parked-one', 'catalog.publicite_paid')).toMatchObject({ state: 'parked', attempts: 2 });
  advance(3600_000);
  await sweep(); // parked: the sweep leaves it alone
  expect((await doc(COLLECTIONS.publicites, publiciteId))?.statut).toBe('en_attente');

  const client = await api();
  const listed = await client.get('/api/admin/events/parked?subscriber=catalog.publicite_paid').set(bearer(admin.token));
  expect(listed.status).toBe(200);
  expect(listed.body.data).toEqual([expect.objectContaining({ id, type: 'payment.succeeded', state: 'parked', attempts: 2, lastError: expect.stringContaining('crash 2') })]);
  expect((await client.get('/api/admin/events/parked').set(bearer(seller.token))).status).toBe(403);
  expect((await client.post(`/api/admin/events/runs/${id}/replay`).set(bearer(seller.token))).status).toBe(403);
  expect((await client.post('/api/admin/events/runs/nope__x/replay').set(bearer(admin.token))).body.code).toBe('EVENT_RUN_NOT_FOUND');

  const replayed = await client.post(`/api/admin/events/runs/${id}/replay`).set(bearer(admin.token));
  expect(replayed.status).toBe(200);
  expect(replayed.body.data).toMatchObject({ state: 'done', attempts: 1 });
  expect((await doc(COLLECTIONS.publicites, publiciteId))?.statut).toBe('payee');
  expect(await paymentEffect('parked-one', 'catalog.publicite_paid')).toBe('done');
  expect(await eventOf('payment.succeeded_parked-one')).toMatchObject({ dispatch: 'dispatched' });
});

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}
