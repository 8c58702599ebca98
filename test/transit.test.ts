/** Transit missions: every row of the spec's table and rules 1 to 5, through the routes. */
import { db } from '../functions/src/core/firebase';
import { COLLECTIONS } from '../functions/src/core/firestore';
import { MISSION_EVENTS, MISSION_STATUSES, MISSION_TRANSITIONS } from '../functions/src/domains/transit/state';
import { createUser, type TestUser } from './helpers/accounts';
import { api, bearer } from './helpers/api';
import { publish } from './helpers/catalog';
import { resetEmulators } from './helpers/emulators';
import { forwarder } from './helpers/transit';
import { walk } from './helpers/transition-table';
import { registerDevice } from './helpers/pushes';

let seller: TestUser;
beforeAll(async () => {
  await resetEmulators();
  seller = await createUser('vendeur');
});

async function journey(buyer: TestUser, extra: Record<string, unknown> = { paysDestination: 'NG' }, prefix = '/api/transit-missions') {
  const listing = await publish(seller, { titre: 'Lexus RX 350 2015' });
  const res = await (await api()).post(`${prefix}/start`).set(bearer(buyer.token)).send({ articleId: listing.id, ...extra });
  expect(res.status).toBe(200);
  return { articleId: listing.id as string, id: res.body.data.id as string, data: res.body.data };
}

const mission = async (id: string) => (await db().collection(COLLECTIONS.transitMissions).doc(id).get()).data()!;
const select = async (buyer: TestUser, articleId: string, transitaireId: string, prefix = '/api/transit-missions') =>
  (await api()).post(`${prefix}/select-transitaire`).set(bearer(buyer.token)).send({ articleId, transitaireId });
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
    'transferer --close-->': 'traite',
  });
});

it('starts one journey per article and buyer, even for parallel starts, with the article title', async () => {
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { titre: 'Toyota Land Cruiser 2018' });
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
  const noDestination = await select(buyer, articleId, ready.uid);
  expect(noDestination.status).toBe(400);
  expect(noDestination.body.code).toBe('PAYS_DESTINATION_REQUIRED');
  await (await api()).patch(`/api/transit-missions/${id}/details`).set(bearer(buyer.token)).send({ paysDestination: 'CI' });
  for (const [candidate, code] of [
    [await forwarder('pending'), 'TRANSITAIRE_VERIF_PENDING'],
    [await forwarder('none'), 'TRANSITAIRE_NOT_VERIFIED'],
    [await forwarder('rejected'), 'TRANSITAIRE_NOT_VERIFIED'],
    [await forwarder('approved', false), 'TRANSITAIRE_SUBSCRIPTION_REQUIRED'],
  ] as const) {
    const res = await select(buyer, articleId, candidate.uid);
    expect({ code: res.body.code, status: res.status }).toEqual({ code, status: 403 });
  }
  expect((await mission(id)).statut).toBe('parcours');
});

it('assigns exactly one of twenty forwarders selected at once (rule 2)', async () => {
  const buyer = await createUser('acheteur');
  const { articleId, id } = await journey(buyer);
  const forwarders = await Promise.all(Array.from({ length: 20 }, () => forwarder()));
  const answers = await Promise.all(forwarders.map((candidate) => select(buyer, articleId, candidate.uid)));
  expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
  expect(answers.filter((res) => res.status === 409).map((res) => res.body.code)).toEqual(Array(19).fill('TRANSITAIRE_ACTIF'));
  const winner = answers.find((res) => res.status === 200)!.body.data.transitaire;
  expect(await mission(id)).toMatchObject({ statut: 'en_cours', transitaire: winner, dateSelectionTransitaire: expect.anything() });
});

it('follows a journey from selection to closing, with its pushes and dates (rules 3 and 4)', async () => {
  const buyer = await createUser('acheteur');
  const chosen = await forwarder();
  const other = await forwarder();
  const chosenPushes = await device(chosen);
  const buyerPushes = await device(buyer);
  const { articleId, id } = await journey(buyer);
  const client = await api();

  expect((await select(buyer, articleId, chosen.uid)).body.data.statut).toBe('en_cours');
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

  await select(buyer, articleId, chosen.uid);
  const again = await select(buyer, articleId, other.uid);
  expect(again.body.code).toBe('TRANSITAIRE_ACTIF');
  const transferred = await client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId });
  expect(transferred.body.data).toMatchObject({ statut: 'transferer', verificationApproved: true, dateTransfer: expect.any(String) });
  expect((await chosenPushes()).sort()).toEqual(['transit_selection', 'transit_selection', 'transit_transfer']);
  expect((await select(buyer, articleId, other.uid)).body.code).toBe('TRANSITAIRE_ACTIF');

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
  expect((await mission(id)).statut).toBe('annule');
  const ready = await forwarder();
  for (const call of [
    select(buyer, listing.id, ready.uid),
    client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId: listing.id }),
    client.patch(`/api/transit-missions/${id}/details`).set(bearer(buyer.token)).send({ paysDestination: 'TG' }),
    client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id }),
  ]) {
    const res = await call;
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'JOURNEY_BLOCKED' });
  }
  expect((await mission(id)).statut).toBe('annule');
});

it('serves the same routes under /api/transit, and keeps roles apart', async () => {
  const buyer = await createUser('acheteur');
  const { articleId } = await journey(buyer, { paysDestination: 'BF' }, '/api/transit');
  const ready = await forwarder();
  expect((await select(buyer, articleId, ready.uid, '/api/transit')).body.data.statut).toBe('en_cours');
  const client = await api();
  expect((await client.post('/api/transit/start').set(bearer(ready.token)).send({ articleId })).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.get('/api/transit/mes-missions').set(bearer(buyer.token))).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.get('/api/transit/acceptes').set(bearer(ready.token))).body.data.map((m: { article: string }) => m.article)).toEqual([articleId]);
  expect((await client.get('/api/transit-missions/parcours/unknown').set(bearer(buyer.token))).body.code).toBe('MISSION_NOT_FOUND');
  for (const body of [{}, { articleId, transitaireId: 5 }, { articleId, transitaireId: 'x', statut: 'traite' }]) {
    expect((await client.post('/api/transit/select-transitaire').set(bearer(buyer.token)).send(body)).body.code).toBe('VALIDATION_ERROR');
  }
});
