/**
 * The deployed schedules, invoked as Firebase invokes them (test/helpers/wrapped.ts), each on data
 * the service wrote earlier: the deployed function runs on the real clock, so a test writes its
 * data with the service's clock set back (the days a boost runs, a trial lasts, a grace period
 * waits), then reads what the schedule left in the database. Their rules are tested in each
 * domain's tests; here, that the built functions apply them.
 */
import { emit } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { businessDay, resetClock, setClock } from '../../functions/src/core/clock';
import { markPaid } from '../../functions/src/domains/catalog/publicites/service';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { CARD_JPEG, uploadCard } from '../helpers/transit';
import { runDeployed } from '../helpers/wrapped';

// Each call starts a process that loads the deployed bundle, as a cold instance does.
jest.setTimeout(90_000);

const DAY = 86_400_000;
const BUSINESS_TIME_ZONE = 'Africa/Porto-Novo';
let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller] = await Promise.all([createUser('admin'), createUser('vendeur')]);
});
afterEach(() => resetClock());

/** The service's clock `ms` behind the real one, for the writes that follow. */
const back = (ms: number) => setClock(() => new Date(Date.now() - ms));
const stored = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data();

it('reconcileMoney: writes the day’s reconciliation report', async () => {
  const day = businessDay(new Date(), BUSINESS_TIME_ZONE);
  await db().collection(COLLECTIONS.reconciliationReports).doc(day).delete();
  await runDeployed('reconcileMoney', { schedule: true });
  expect(await stored(COLLECTIONS.reconciliationReports, day)).toMatchObject({ day, breakCount: 0 });
});

it('backfillDailyPresence: credits yesterday’s presence bonus of a journal with a position and none', async () => {
  const agent = await createAgent(admin, 'Market');
  const yesterday = businessDay(new Date(Date.now() - DAY), BUSINESS_TIME_ZONE);
  const journal = db().collection(COLLECTIONS.agentDays).doc(`${agent.uid}_${yesterday}`);
  const at = new Date(Date.now() - DAY);
  // The agent's call died between its two writes: a position, no bonus.
  await journal.set({ agentId: agent.uid, dateKey: yesterday, zoneLocation: { lat: 6.3654, lng: 2.4183 }, zoneAccuracyM: null, locatedAt: at, updatedAt: at });
  await runDeployed('backfillDailyPresence', { schedule: true });
  expect((await journal.get()).data()).toMatchObject({ dailyBonusCredited: true });
});

it('expireAdvertisements: ends a boost whose days are over and clears its listing’s flag', async () => {
  back(8 * DAY);
  const listing = await publish(seller);
  const asked = await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'a_la_une', duree: 7 });
  expect(asked.status).toBe(201);
  await markPaid(asked.body.data.id, 'wrapped-boost-payment');
  expect((await (await api()).patch(`/api/publicites/${asked.body.data.id}/activate`).set(bearer(admin.token))).status).toBe(200);
  resetClock();
  expect(await stored(COLLECTIONS.articles, listing.id)).toMatchObject({ aLaUne: true });
  await runDeployed('expireAdvertisements', { schedule: true });
  expect(await stored(COLLECTIONS.publicites, asked.body.data.id)).toMatchObject({ statut: 'expiree' });
  expect(await stored(COLLECTIONS.articles, listing.id)).toMatchObject({ aLaUne: false });
});

it('hideLapsedSellerParts: a part whose seller’s trial ended leaves public view', async () => {
  back(46 * DAY); // the seller's 45 days of trial began then
  const partSeller = await createUser('vendeur');
  const part = await publish(partSeller, { type: 'piece', titre: 'Alternateur Corolla', stock: 3, annee: undefined });
  resetClock();
  expect(await stored(COLLECTIONS.articles, part.id)).toMatchObject({ vendeurActif: true });
  await runDeployed('hideLapsedSellerParts', { schedule: true });
  expect(await stored(COLLECTIONS.articles, part.id)).toMatchObject({ vendeurActif: false });
});

it('rollUpViews: the views counted since the last run reach the listing', async () => {
  const listing = await publish(seller);
  const client = await api();
  for (const device of ['device-wrapped-01', 'device-wrapped-02']) expect((await client.post(`/api/views/${listing.id}`).send({ deviceId: device })).status).toBe(200);
  await runDeployed('rollUpViews', { schedule: true });
  expect(await stored(COLLECTIONS.articles, listing.id)).toMatchObject({ views: 2 });
});

it('cleanUploads: a file nothing references is deleted once its grace period is over', async () => {
  back(2 * DAY);
  const uploaded = await (await api()).post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
  expect(uploaded.status).toBe(201);
  resetClock();
  const file = async () => (await (await api()).get(`/api/upload/files/${uploaded.body.data.path}`)).status;
  expect(await file()).toBe(200);
  await runDeployed('cleanUploads', { schedule: true });
  expect(await file()).toBe(404);
  expect((await db().collection(COLLECTIONS.uploads).where('path', '==', uploaded.body.data.path).get()).size).toBe(0);
});

it('escalateDisputes: an open dispute past its decision date goes to the principal admin', async () => {
  const buyer = await createUser('acheteur');
  const at = new Date(Date.now() - 10 * DAY);
  const dispute = db().collection(COLLECTIONS.litiges).doc('wrapped-late-dispute');
  await dispute.set({ statut: 'ouvert', escalade: false, echeanceDecision: new Date(Date.now() - DAY), acheteur: buyer.uid, vendeurs: [seller.uid], admin: null, createdAt: at, updatedAt: at });
  await runDeployed('escalateDisputes', { schedule: true });
  expect((await dispute.get()).data()).toMatchObject({ escalade: true });
});

it('remindStaleHandovers: a paid purchase nobody handed over is marked reminded, its parties told', async () => {
  const buyer = await createUser('acheteur');
  const paidAt = new Date(Date.now() - 30 * DAY);
  const purchase = db().collection(COLLECTIONS.achats).doc('wrapped-stale-achat');
  await purchase.set({ statut: 'payee', rappelRemise: false, payeLe: paidAt, acheteur: buyer.uid, vendeur: seller.uid, createdAt: paidAt, updatedAt: paidAt });
  await runDeployed('remindStaleHandovers', { schedule: true });
  expect((await purchase.get()).data()).toMatchObject({ rappelRemise: true });
  expect((await db().collection(COLLECTIONS.events).where('type', '==', 'sale.handover_stale').where('payload.vente.id', '==', purchase.id).get()).size).toBe(1);
});

it('expireTransitaireListings: a forwarder whose subscription ended leaves the buyers’ list', async () => {
  back(31 * DAY);
  const forwarder = await createUser('transitaire');
  const client = await api();
  const file = { cardFront: await uploadCard(forwarder), cardBack: await uploadCard(forwarder), companyName: 'Lapsed Transit', registrationRef: 'RB/COT/24 B 1', pays: 'BJ', adresse: 'Cotonou' };
  expect((await client.post('/api/transitaires/verification/submit').set(bearer(forwarder.token)).send(file)).status).toBe(200);
  expect((await client.patch(`/api/transitaires/verification/admin/demandes/${forwarder.uid}/approve`).set(bearer(admin.token))).status).toBe(200);
  // A month paid 31 days ago, as its payment's success tells the subscriptions.
  const payment = { paymentId: 'wrapped-transit-month', type: 'abonnement_transitaire' as const, userId: forwarder.uid, montant: 5000, metadata: { months: '1' } };
  await runTransaction(async (tx) => emit(tx, 'payment.succeeded', payment.paymentId, payment));
  resetClock();
  expect(await stored(COLLECTIONS.transitaireDirectory, forwarder.uid)).toMatchObject({ listed: true });
  await runDeployed('expireTransitaireListings', { schedule: true });
  expect(await stored(COLLECTIONS.transitaireDirectory, forwarder.uid)).toMatchObject({ listed: false });
});
