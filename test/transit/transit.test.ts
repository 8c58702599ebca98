/** Transit missions: every row of the spec's table and rules 1 to 5, through the routes. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { dispatchEvent } from '../../functions/src/core/events';
import { MISSION_EVENTS, MISSION_STATUSES, MISSION_TRANSITIONS } from '../../functions/src/domains/transit/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { forwarder, missionDocument, paidTransitPurchase, payPurchase, selectForwarder, startJourney, transitPurchase } from '../helpers/transit';
import { walk } from '../helpers/transition-table';
import { eventOf, redeliver, subscriberState } from '../helpers/events';
import { registerDevice } from '../helpers/pushes';

const { sandbox } = useFeexPaySandbox();
let seller: TestUser;
beforeAll(async () => {
  await resetEmulators();
  seller = await createUser('vendeur');
});

const journey = (buyer: TestUser, extra?: Record<string, unknown>, prefix?: string) => startJourney(buyer, seller, sandbox(), extra, prefix);
/** Registers a device for the user; answers a reader of the types pushed to it. */
const device = async (user: TestUser) => {
  const pushes = await registerDevice(user);
  return async () => (await pushes()).map((push) => push.data?.type);
};

it('walks the status table: allowed moves move, the others answer INVALID_TRANSITION', () => {
  walk(MISSION_TRANSITIONS, MISSION_STATUSES, MISSION_EVENTS, {
    'parcours --select-->': 'en_cours',
    'parcours --cancel-->': 'annule',
    'en_cours --reject-->': 'parcours',
    'en_cours --transfer-->': 'transferer',
    'en_cours --cancel-->': 'annule',
    'en_cours --unassign-->': 'parcours',
    'transferer --close-->': 'traite',
    'annule --reopen-->': 'parcours',
  });
});

it('starts one journey per article and buyer, even for parallel starts, with the article title', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre: 'Toyota Land Cruiser 2018' });
  await paidTransitPurchase(buyer, listing.id, sandbox(), 'TG');
  const client = await api();
  const results = await Promise.all(
    Array.from({ length: 5 }, () => client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id, paysDestination: 'TG' })),
  );
  expect(new Set(results.map((res) => res.body.data.id)).size).toBe(1);
  expect(results[0].body.data).toMatchObject({ statut: 'parcours', articleTitre: 'Toyota Land Cruiser 2018', acheteur: buyer.uid, transitaire: null, paysDestination: 'TG' });
  expect((await db().collection(COLLECTIONS.transitMissions).where('article', '==', listing.id).get()).size).toBe(1);
});

it('needs the destination country before a forwarder (rule 1) and a verified, subscribed forwarder (rule 5)', async () => {
  const buyer = await createUser('acheteur');
  const { articleId, id } = await journey(buyer, {});
  const ready = await forwarder();
  const noDestination = await selectForwarder(buyer, articleId, ready.uid);
  expect(noDestination.status).toBe(400);
  expect(noDestination.body.code).toBe('PAYS_DESTINATION_REQUIRED');
  await (await api()).patch(`/api/transit-missions/${id}/details`).set(bearer(buyer.token)).send({ paysDestination: 'CI' });
  for (const [candidate, code] of [
    [await forwarder('pending'), 'TRANSITAIRE_VERIF_PENDING'],
    [await forwarder('none'), 'TRANSITAIRE_NOT_VERIFIED'],
    [await forwarder('rejected'), 'TRANSITAIRE_NOT_VERIFIED'],
    [await forwarder('approved', false), 'TRANSITAIRE_SUBSCRIPTION_REQUIRED'],
  ] as const) {
    const res = await selectForwarder(buyer, articleId, candidate.uid);
    expect({ code: res.body.code, status: res.status }).toEqual({ code, status: 403 });
  }
  expect((await missionDocument(id)).statut).toBe('parcours');
});

it('assigns exactly one of twenty forwarders selected at once (rule 2)', async () => {
  const buyer = await createUser('acheteur');
  const { articleId, id } = await journey(buyer);
  const forwarders = await Promise.all(Array.from({ length: 20 }, () => forwarder()));
  const answers = await Promise.all(forwarders.map((candidate) => selectForwarder(buyer, articleId, candidate.uid)));
  expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
  expect(answers.filter((res) => res.status === 409).map((res) => res.body.code)).toEqual(Array(19).fill('TRANSITAIRE_ACTIF'));
  const winner = answers.find((res) => res.status === 200)!.body.data.transitaire;
  expect(await missionDocument(id)).toMatchObject({ statut: 'en_cours', transitaire: winner, dateSelectionTransitaire: expect.anything() });
});

it('keeps each move of a mission in its history on the stored mission (the side that moved it, its event, when), and answers the mission without it', async () => {
  const buyer = await createUser('acheteur');
  const chosen = await forwarder();
  const { articleId, id } = await journey(buyer);
  expect((await selectForwarder(buyer, articleId, chosen.uid)).status).toBe(200);
  const refused = await (await api()).patch(`/api/transit-missions/${id}/rejeter-attribution`).set(bearer(chosen.token));
  expect(refused.status).toBe(200);
  expect(refused.body.data).not.toHaveProperty('history');
  const stored = await missionDocument(id);
  expect(stored.statut).toBe('parcours');
  expect(stored.history.map(({ statut, event, by }: { statut: string; event: string | null; by: string }) => ({ statut, event, by }))).toEqual([
    { statut: 'parcours', event: null, by: 'acheteur' },
    { statut: 'en_cours', event: 'select', by: 'acheteur' },
    { statut: 'parcours', event: 'reject', by: 'transitaire' },
  ]);
  // Each entry at its move's moment: the creation's, and the refusal's, the mission's last write.
  expect([stored.history[0].at.toMillis(), stored.history[2].at.toMillis()]).toEqual([stored.createdAt.toMillis(), stored.updatedAt.toMillis()]);
});

it('follows a journey from selection to closing, with its pushes and dates (rules 3 and 4)', async () => {
  const buyer = await createUser('acheteur');
  const chosen = await forwarder();
  const other = await forwarder();
  const chosenPushes = await device(chosen);
  const { articleId, id } = await journey(buyer);
  // Registered once the purchase is paid, so that its `achat_paid` push is not among these.
  const buyerPushes = await device(buyer);
  const client = await api();

  expect((await selectForwarder(buyer, articleId, chosen.uid)).body.data.statut).toBe('en_cours');
  expect(await chosenPushes()).toEqual(['transit_selection']);

  const notMine = await client.patch(`/api/transit-missions/${id}/rejeter-attribution`).set(bearer(other.token));
  expect(notMine.status).toBe(403);
  expect(notMine.body.code).toBe('NOT_ASSIGNED_TRANSITAIRE');
  const early = await client.patch(`/api/transit-missions/${id}/marquer-traite`).set(bearer(chosen.token));
  expect(early.status).toBe(409);
  expect(early.body.code).toBe('INVALID_TRANSITION');

  const refused = await client.patch(`/api/transit-missions/${id}/rejeter-attribution`).set(bearer(chosen.token));
  expect(refused.body.data).toMatchObject({ statut: 'parcours', transitaire: null, dateSelectionTransitaire: null });
  expect(await buyerPushes()).toEqual(['transit_rejected']);

  await selectForwarder(buyer, articleId, chosen.uid);
  const again = await selectForwarder(buyer, articleId, other.uid);
  expect(again.body.code).toBe('TRANSITAIRE_ACTIF');
  const transferred = await client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId });
  expect(transferred.body.data).toMatchObject({ statut: 'transferer', verificationApproved: true, dateTransfer: expect.any(String) });
  expect((await chosenPushes()).sort()).toEqual(['transit_selection', 'transit_selection', 'transit_transfer']);
  expect((await selectForwarder(buyer, articleId, other.uid)).body.code).toBe('TRANSITAIRE_ACTIF');

  expect((await client.patch(`/api/transit-missions/${id}/marquer-traite`).set(bearer(other.token))).body.code).toBe('NOT_ASSIGNED_TRANSITAIRE');
  const closed = await client.patch(`/api/transit-missions/${id}/marquer-traite`).set(bearer(chosen.token));
  expect(closed.body.data).toMatchObject({ statut: 'traite', dateTraite: expect.any(String) });
  expect((await client.patch(`/api/transit-missions/${id}/details`).set(bearer(buyer.token)).send({ detailsSupplementaires: 'x' })).body.code).toBe('INVALID_TRANSITION');

  const lists = {
    mine: (await client.get('/api/transit-missions/mes-parcours').set(bearer(buyer.token))).body.data.map((m: { id: string }) => m.id),
    one: (await client.get(`/api/transit-missions/parcours/${articleId}`).set(bearer(buyer.token))).body.data.id,
    missions: (await client.get('/api/transit-missions/mes-missions?statut=traite').set(bearer(chosen.token))).body.data.map((m: { id: string }) => m.id),
    active: (await client.get('/api/transit-missions/acceptes').set(bearer(chosen.token))).body.data,
  };
  expect(lists).toEqual({ mine: [id], one: id, missions: [id], active: [] });
});

it('blocks a journey whose purchase was cancelled: every later action answers JOURNEY_BLOCKED', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 2_000_000 });
  const client = await api();
  const achat = (await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'transit', paysDestination: 'NE' })).body.data;
  const id = (await client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id, paysDestination: 'NE' })).body.data.id;
  await client.post(`/api/achat/${achat.id}/cancel`).set(bearer(buyer.token));
  expect((await missionDocument(id)).statut).toBe('annule');
  const ready = await forwarder();
  for (const call of [
    selectForwarder(buyer, listing.id, ready.uid),
    client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId: listing.id }),
    client.patch(`/api/transit-missions/${id}/details`).set(bearer(buyer.token)).send({ paysDestination: 'TG' }),
    client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id }),
  ]) {
    const res = await call;
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'JOURNEY_BLOCKED' });
  }
  expect((await missionDocument(id)).statut).toBe('annule');
});

it('serves the same routes under /api/transit, and keeps roles apart', async () => {
  const buyer = await createUser('acheteur');
  const { articleId } = await journey(buyer, { paysDestination: 'BF' }, '/api/transit');
  const ready = await forwarder();
  expect((await selectForwarder(buyer, articleId, ready.uid, '/api/transit')).body.data.statut).toBe('en_cours');
  const client = await api();
  expect((await client.post('/api/transit/start').set(bearer(ready.token)).send({ articleId })).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.get('/api/transit/mes-missions').set(bearer(buyer.token))).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.get('/api/transit/acceptes').set(bearer(ready.token))).body.data.map((m: { article: string }) => m.article)).toEqual([articleId]);
  expect((await client.get('/api/transit-missions/parcours/unknown').set(bearer(buyer.token))).body.code).toBe('MISSION_NOT_FOUND');
  for (const body of [{}, { articleId, transitaireId: 5 }, { articleId, transitaireId: 'x', statut: 'traite' }]) {
    expect((await client.post('/api/transit/select-transitaire').set(bearer(buyer.token)).send(body)).body.code).toBe('VALIDATION_ERROR');
  }
});

const start = async (buyer: TestUser, body: Record<string, unknown>) => (await api()).post('/api/transit-missions/start').set(bearer(buyer.token)).send(body);
const missionsOf = async (articleId: string) => (await db().collection(COLLECTIONS.transitMissions).where('article', '==', articleId).get()).size;
const notificationsOf = async (uid: string) => (await db().collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.notifications).get()).size;

it('starts no journey without a live transit purchase of the listing by the caller (ACHAT_REQUIRED)', async () => {
  const [buyer, other] = [await createUser('acheteur'), await createUser('acheteur')];
  const client = await api();
  // Another buyer's paid purchase, a withdrawn listing nobody bought, a purchase to consume at home, a cancelled purchase.
  const boughtByOther = await publish(seller);
  await paidTransitPurchase(other, boughtByOther.id, sandbox());
  const withdrawn = await publish(seller);
  expect((await client.post(`/api/articles/${withdrawn.id}/withdraw`).set(bearer(seller.token))).body.data.statut).toBe('retire');
  const consumed = await publish(seller);
  expect((await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: consumed.id, modeLivraison: 'consommation' })).status).toBe(201);
  const cancelled = await publish(seller);
  const achat = await transitPurchase(buyer, cancelled.id);
  expect((await client.post(`/api/achat/${achat.id}/cancel`).set(bearer(buyer.token))).body.data.statut).toBe('annulee');

  for (const listing of [boughtByOther, withdrawn, consumed, cancelled]) {
    const res = await start(buyer, { articleId: listing.id, paysDestination: 'NG' });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'ACHAT_REQUIRED' });
    expect(await missionsOf(listing.id)).toBe(0);
  }
  const english = await client.post('/api/transit-missions/start').set(bearer(buyer.token)).set('Accept-Language', 'en').send({ articleId: withdrawn.id });
  expect(english.body).toMatchObject({ code: 'ACHAT_REQUIRED', message: 'Buy this vehicle for transit before starting its journey.' });
  // The buyer with the paid purchase starts its own journey.
  expect((await start(other, { articleId: boughtByOther.id })).body.data).toMatchObject({ statut: 'parcours', acheteur: other.uid });
});

it('needs the purchase paid before a forwarder is chosen: nobody is told before (ACHAT_NOT_PAID)', async () => {
  const buyer = await createUser('acheteur');
  const ready = await forwarder();
  const listing = await publish(seller);
  const achat = await transitPurchase(buyer, listing.id, 'CI');
  const started = await start(buyer, { articleId: listing.id, paysDestination: 'CI' });
  expect(started.body.data).toMatchObject({ statut: 'parcours', paysDestination: 'CI' });

  const early = await selectForwarder(buyer, listing.id, ready.uid);
  expect({ status: early.status, code: early.body.code }).toEqual({ status: 409, code: 'ACHAT_NOT_PAID' });
  expect(await missionDocument(started.body.data.id)).toMatchObject({ statut: 'parcours', transitaire: null, dateSelectionTransitaire: null });
  expect(await notificationsOf(ready.uid)).toBe(0);

  await payPurchase(buyer, achat, sandbox());
  expect((await selectForwarder(buyer, listing.id, ready.uid)).body.data).toMatchObject({ statut: 'en_cours', transitaire: ready.uid });
  expect(await notificationsOf(ready.uid)).toBe(1);
});

it('reopens a cancelled journey when a new purchase of the listing is paid, and only then', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre: 'Peugeot 508 2017' });
  const client = await api();
  const first = await transitPurchase(buyer, listing.id);
  const id = (await start(buyer, { articleId: listing.id, paysDestination: 'NG' })).body.data.id;
  await client.post(`/api/achat/${first.id}/cancel`).set(bearer(buyer.token));
  expect((await missionDocument(id)).statut).toBe('annule');

  const second = await transitPurchase(buyer, listing.id, 'GH');
  const unpaid = await start(buyer, { articleId: listing.id, paysDestination: 'GH' });
  expect({ status: unpaid.status, code: unpaid.body.code }).toEqual({ status: 409, code: 'JOURNEY_BLOCKED' });
  expect((await missionDocument(id)).statut).toBe('annule');

  await payPurchase(buyer, second, sandbox());
  // Two starts at once: the journey is reopened once, both see it open.
  const [a, b] = await Promise.all([start(buyer, { articleId: listing.id, paysDestination: 'GH' }), start(buyer, { articleId: listing.id, paysDestination: 'GH' })]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(await missionDocument(id)).toMatchObject({ statut: 'parcours', transitaire: null, dateSelectionTransitaire: null, paysDestination: 'GH' });
  const ready = await forwarder();
  expect((await selectForwarder(buyer, listing.id, ready.uid)).body.data.statut).toBe('en_cours');
});

it('keeps the journey of a paid purchase when another unpaid purchase of the listing is cancelled', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller);
  const client = await api();
  const stale = await transitPurchase(buyer, listing.id);
  await paidTransitPurchase(buyer, listing.id, sandbox());
  const id = (await start(buyer, { articleId: listing.id, paysDestination: 'NG' })).body.data.id;
  expect((await client.post(`/api/achat/${stale.id}/cancel`).set(bearer(buyer.token))).body.data.statut).toBe('annulee');
  expect((await missionDocument(id)).statut).toBe('parcours');
});

it('changes an existing journey on /start only while parcours or en_cours: a handed-over or closed one is left as it is', async () => {
  const buyer = await createUser('acheteur');
  const chosen = await forwarder();
  const { articleId, id } = await journey(buyer);
  const client = await api();
  await selectForwarder(buyer, articleId, chosen.uid);
  expect((await start(buyer, { articleId, detailsSupplementaires: 'Port de Lomé' })).body.data).toMatchObject({ statut: 'en_cours', detailsSupplementaires: 'Port de Lomé' });
  await client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId });

  const handedOver = await missionDocument(id);
  const late = await start(buyer, { articleId, paysDestination: 'GH', modeLivraison: 'consommation' });
  expect({ status: late.status, code: late.body.code }).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
  expect(await missionDocument(id)).toEqual(handedOver);

  await client.patch(`/api/transit-missions/${id}/marquer-traite`).set(bearer(chosen.token));
  const closed = await missionDocument(id);
  expect((await start(buyer, { articleId, paysDestination: 'GH' })).body.code).toBe('INVALID_TRANSITION');
  expect(await missionDocument(id)).toEqual(closed);
});

it('answers 400 in a body and 404 in a path, never 500, for ids that are not document ids', async () => {
  const buyer = await createUser('acheteur');
  const client = await api();
  for (const articleId of ['a/b', '..', '.', '__name__', '../articles/x']) {
    expect({ articleId, code: (await start(buyer, { articleId })).body.code }).toEqual({ articleId, code: 'VALIDATION_ERROR' });
    expect({ articleId, code: (await selectForwarder(buyer, articleId, 'fwd')).body.code }).toEqual({ articleId, code: 'VALIDATION_ERROR' });
  }
  expect((await selectForwarder(buyer, 'car', 'x/y')).body.code).toBe('VALIDATION_ERROR');
  // In a path, such an id names no journey (issue 11: the route's own not-found answer).
  for (const path of ['/api/transit-missions/parcours/a%2Fb', '/api/transit-missions/parcours/__x__']) {
    const res = await client.get(path).set(bearer(buyer.token));
    expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'MISSION_NOT_FOUND' });
  }
  const details = await client.patch('/api/transit-missions/a%2Fb/details').set(bearer(buyer.token)).send({ paysDestination: 'TG' });
  expect([details.status, details.body.code]).toEqual([404, 'MISSION_NOT_FOUND']);
});

// Commerce imports nothing of transit (lint: boundaries/domain-no-cycle): a cancelled purchase is a
// fact commerce records, and transit's subscriber cancels the journey.
it('cancels a journey through `achat.cancelled`, recorded with the purchase\'s cancellation; the event delivered or run again changes nothing', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller);
  const achat = await transitPurchase(buyer, listing.id);
  const id = (await start(buyer, { articleId: listing.id, paysDestination: 'NG' })).body.data.id;
  expect((await (await api()).post(`/api/achat/${achat.id}/cancel`).set(bearer(buyer.token))).body.data.statut).toBe('annulee');

  const eventId = `achat.cancelled_${achat.id}`;
  expect(await eventOf(eventId)).toMatchObject({ type: 'achat.cancelled', key: achat.id, payload: { achatId: achat.id, articleId: listing.id, acheteur: buyer.uid, reason: 'buyer' } });
  expect(await subscriberState(eventId, 'transit.journeys_on_achat_cancelled')).toBe('done');
  const cancelled = await missionDocument(id);
  expect(cancelled.statut).toBe('annule');
  // Delivered again: the event is handed out, the dispatcher runs nothing twice.
  expect(await dispatchEvent(eventId)).toEqual({});
  // Run again all the same (its record of being handed out lost): the subscriber changes nothing the second time.
  // (Commerce's refund of an admin's cancellation subscribes too: it does nothing for a buyer's.)
  expect(await redeliver(eventId)).toEqual({ 'commerce.achat_admin_cancel_refund': 'done', 'transit.journeys_on_achat_cancelled': 'done' });
  expect(await missionDocument(id)).toEqual(cancelled);
});
