/** Driver requests (`/api/chauffeurs`): a buyer asks, drivers see the nearest first and race to accept, each move told to the other side. */
import { DEMANDE_EVENTS, DEMANDE_STATUSES, DEMANDE_TRANSITIONS } from '../functions/src/domains/commerce/chauffeurs/state';
import { createUser, type TestUser } from './helpers/accounts';
import { api, bearer } from './helpers/api';
import { publish } from './helpers/catalog';
import { resetEmulators } from './helpers/emulators';
import { walk } from './helpers/transition-table';

let buyer: TestUser;
let driver: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [buyer, driver, admin] = await Promise.all([createUser('acheteur'), createUser('chauffeur'), createUser('admin')]);
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const COTONOU = { latitude: 6.3703, longitude: 2.3912 };
const PORTO_NOVO = { latitude: 6.4969, longitude: 2.6289 };
const PARAKOU = { latitude: 9.3372, longitude: 2.6303 };

function tripRequest(overrides: Record<string, unknown> = {}) {
  return { trajet: { depart: 'Cotonou', arrivee: 'Parakou' }, date: inDays(3), lieu: { adresse: 'Carrefour Étoile Rouge', point: COTONOU }, note: 'Boîte manuelle', ...overrides };
}

async function ask(user: TestUser, body: Record<string, unknown> = tripRequest()) {
  return (await api()).post('/api/chauffeurs/demandes').set(bearer(user.token)).send(body);
}

async function asked(body?: Record<string, unknown>, user = buyer): Promise<string> {
  const response = await ask(user, body);
  expect(response.status).toBe(201);
  return response.body.data.id;
}

const act = async (user: TestUser, id: string, action: 'accept' | 'refuse' | 'cancel') =>
  (await api()).post(`/api/chauffeurs/demandes/${id}/${action}`).set(bearer(user.token));

const told = async (user: TestUser) => (await (await api()).get('/api/notifications').set(bearer(user.token))).body.data as Array<Record<string, unknown>>;

it('walks the status table: allowed moves move, the others answer INVALID_TRANSITION', () => {
  walk(DEMANDE_TRANSITIONS, DEMANDE_STATUSES, DEMANDE_EVENTS, {
    'en_attente --accept-->': 'acceptee',
    'en_attente --cancel-->': 'annulee',
    'en_attente --reject-->': 'rejetee',
    'acceptee --release-->': 'en_attente',
    'acceptee --cancel-->': 'annulee',
    'acceptee --reject-->': 'rejetee',
  });
});

it('opens a request for an online listing or a trip, and refuses bad input', async () => {
  const seller = await createUser('vendeur');
  const listing = await publish(seller);
  const forListing = await ask(buyer, { articleId: listing.id, date: inDays(2), lieu: { adresse: 'Akpakpa' } });
  expect(forListing.status).toBe(201);
  expect(forListing.body.data).toMatchObject({ statut: 'en_attente', acheteur: buyer.uid, articleId: listing.id, trajet: null, chauffeur: null, lieu: { adresse: 'Akpakpa', point: null } });

  const trip = await ask(buyer);
  expect(trip.status).toBe(201);
  expect(trip.body.data).toMatchObject({ articleId: null, trajet: { depart: 'Cotonou', arrivee: 'Parakou' }, note: 'Boîte manuelle', lieu: { point: COTONOU } });

  expect((await ask(buyer, tripRequest({ date: inDays(-1) }))).body.code).toBe('DEMANDE_DATE_PAST');
  const both = await ask(buyer, tripRequest({ articleId: listing.id }));
  expect([both.status, both.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const neither = await ask(buyer, { date: inDays(1), lieu: { adresse: 'Akpakpa' } });
  expect([neither.status, neither.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const badPoint = await ask(buyer, tripRequest({ lieu: { adresse: 'Nulle part', point: { latitude: 91, longitude: 2 } } }));
  expect([badPoint.status, badPoint.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const badId = await ask(buyer, { articleId: 'a/b', date: inDays(1), lieu: { adresse: 'Akpakpa' } });
  expect(badId.status).toBe(400);
  const missing = await ask(buyer, { articleId: 'nonexistent-listing', date: inDays(1), lieu: { adresse: 'Akpakpa' } });
  expect([missing.status, missing.body.code]).toEqual([409, 'ARTICLE_NOT_ONLINE']);
});

it('refuses callers without a token or with the wrong role', async () => {
  const client = await api();
  expect((await client.post('/api/chauffeurs/demandes').send(tripRequest())).status).toBe(401);
  expect((await ask(driver)).status).toBe(403);
  expect((await client.get('/api/chauffeurs/demandes/open').set(bearer(buyer.token))).status).toBe(403);
  expect((await client.get('/api/chauffeurs/admin/demandes').set(bearer(driver.token))).status).toBe(403);
  const id = await asked();
  expect((await act(buyer, id, 'accept')).status).toBe(403);
  expect((await act(driver, id, 'cancel')).status).toBe(403);
});

it('lists open requests nearest first when the driver gives a location, and drops lat without lng', async () => {
  const far = await asked(tripRequest({ lieu: { adresse: 'Parakou', point: PARAKOU } }));
  const near = await asked(tripRequest({ lieu: { adresse: 'Porto-Novo', point: PORTO_NOVO } }));
  const nowhere = await asked(tripRequest({ lieu: { adresse: 'Sans point' } }));
  const client = await api();
  const list = await client.get('/api/chauffeurs/demandes/open').query({ lat: 6.49, lng: 2.62, limit: 100 }).set(bearer(driver.token));
  expect(list.status).toBe(200);
  const ids: string[] = list.body.data.map((item: { id: string }) => item.id);
  expect(ids.indexOf(near)).toBeLessThan(ids.indexOf(far));
  expect(ids.indexOf(far)).toBeLessThan(ids.indexOf(nowhere));
  expect(list.body.data[0].distanceKm).toBeLessThan(2);
  const distances: number[] = list.body.data.filter((item: { distanceKm?: number }) => item.distanceKm !== undefined).map((item: { distanceKm: number }) => item.distanceKm);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  const newest = await client.get('/api/chauffeurs/demandes/open').query({ limit: 2 }).set(bearer(driver.token));
  expect(newest.body.data.map((item: { id: string }) => item.id)).toEqual([nowhere, near]);
  expect(newest.body.pagination).toMatchObject({ page: 1, limit: 2, hasMore: true });

  expect((await client.get('/api/chauffeurs/demandes/open').query({ lat: 6.4 }).set(bearer(driver.token))).status).toBe(400);
  expect((await client.get('/api/chauffeurs/demandes/open').query({ lat: 6.4, lng: 200 }).set(bearer(driver.token))).status).toBe(400);
});

it('accepts, tells the buyer; the driver refuses after all and is not offered it again; the buyer cancels and the driver is told', async () => {
  const someBuyer = await createUser('acheteur');
  const someDriver = await createUser('chauffeur');
  const other = await createUser('chauffeur');
  const id = await asked(tripRequest(), someBuyer);
  const client = await api();

  const accepted = await act(someDriver, id, 'accept');
  expect(accepted.status).toBe(200);
  expect(accepted.body.data).toMatchObject({ statut: 'acceptee', chauffeur: someDriver.uid });
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(someDriver.token))).status).toBe(200);
  expect((await act(other, id, 'accept')).body.code).toBe('DEMANDE_ALREADY_TAKEN');
  expect((await act(other, id, 'refuse')).body.code).toBe('DEMANDE_NOT_FOUND');

  const released = await act(someDriver, id, 'refuse');
  expect(released.body.data).toMatchObject({ statut: 'en_attente', chauffeur: null, refusedBy: [someDriver.uid] });
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(someDriver.token))).body.code).toBe('DEMANDE_NOT_FOUND');
  const offered = await client.get('/api/chauffeurs/demandes/open').query({ limit: 100 }).set(bearer(someDriver.token));
  expect(offered.body.data.map((item: { id: string }) => item.id)).not.toContain(id);
  expect((await act(someDriver, id, 'accept')).body.code).toBe('DEMANDE_REFUSED_BEFORE');

  expect((await act(other, id, 'accept')).status).toBe(200);
  const cancelled = await act(someBuyer, id, 'cancel');
  expect(cancelled.body.data).toMatchObject({ statut: 'annulee' });
  expect((await act(someBuyer, id, 'cancel')).body.code).toBe('INVALID_TRANSITION');
  expect((await act(other, id, 'refuse')).body.code).toBe('INVALID_TRANSITION');

  expect((await told(someBuyer)).map((notice) => notice.type).sort()).toEqual(['demande_acceptee', 'demande_acceptee', 'demande_liberee']);
  expect(await told(other)).toEqual([expect.objectContaining({ type: 'demande_annulee', resource: { kind: 'chauffeurDemande', id } })]);
});

it('shows a request to its buyer and accepting driver only, and answers ids that cannot exist', async () => {
  const id = await asked();
  const stranger = await createUser('acheteur');
  const client = await api();
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(buyer.token))).body.data).toMatchObject({ id, acheteur: buyer.uid });
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(stranger.token))).body.code).toBe('DEMANDE_NOT_FOUND');
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(driver.token))).status).toBe(404);
  expect((await act(stranger, id, 'cancel')).body.code).toBe('DEMANDE_NOT_FOUND');
  const invalid = await client.get('/api/chauffeurs/demandes/__bad__').set(bearer(buyer.token));
  expect([invalid.status, invalid.body.code]).toEqual([404, 'DEMANDE_NOT_FOUND']);
  expect((await client.post('/api/chauffeurs/demandes/__bad__/accept').set(bearer(driver.token))).status).toBe(404);

  const mine = await client.get('/api/chauffeurs/demandes/mine').set(bearer(stranger.token));
  expect(mine.body.data).toEqual([]);
  const buyers = await client.get('/api/chauffeurs/demandes/mine').set(bearer(buyer.token));
  expect(buyers.body.data.every((item: { acheteur: string }) => item.acheteur === buyer.uid)).toBe(true);
  expect(buyers.body.data[0].id).toBe(id);
});

it('lets exactly one of 10 drivers accepting at once win; the others get DEMANDE_ALREADY_TAKEN', async () => {
  const id = await asked();
  const drivers = await Promise.all(Array.from({ length: 10 }, () => createUser('chauffeur')));
  const answers = await Promise.all(drivers.map((each) => act(each, id, 'accept')));
  const winners = answers.filter((answer) => answer.status === 200);
  expect(winners).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(Array(9).fill('DEMANDE_ALREADY_TAKEN'));
  const read = await (await api()).get(`/api/chauffeurs/demandes/${id}`).set(bearer(buyer.token));
  expect(read.body.data).toMatchObject({ statut: 'acceptee', chauffeur: winners[0].body.data.chauffeur });
});

it('lets admin levels list all requests with filters and reject one, telling both sides', async () => {
  const id = await asked();
  expect((await act(driver, id, 'accept')).status).toBe(200);
  const client = await api();
  const accepted = await client.get('/api/chauffeurs/admin/demandes').query({ statut: 'acceptee', chauffeur: driver.uid }).set(bearer(admin.token));
  expect(accepted.status).toBe(200);
  expect(accepted.body.data.map((item: { id: string }) => item.id)).toContain(id);
  expect(accepted.body.data.every((item: { statut: string; chauffeur: string }) => item.statut === 'acceptee' && item.chauffeur === driver.uid)).toBe(true);
  const byBuyer = await client.get('/api/chauffeurs/admin/demandes').query({ acheteur: buyer.uid }).set(bearer(admin.token));
  expect(byBuyer.body.pagination.total).toBeGreaterThan(1);
  expect((await client.get('/api/chauffeurs/admin/demandes').query({ statut: 'nope' }).set(bearer(admin.token))).status).toBe(400);

  const rejected = await client.post(`/api/chauffeurs/admin/demandes/${id}/reject`).set(bearer(admin.token)).send({ motif: 'Demande en double' });
  expect(rejected.body.data).toMatchObject({ statut: 'rejetee', motif: 'Demande en double' });
  expect((await client.post(`/api/chauffeurs/admin/demandes/${id}/reject`).set(bearer(admin.token)).send({ motif: 'Encore' })).body.code).toBe('INVALID_TRANSITION');
  expect(await told(driver)).toContainEqual(expect.objectContaining({ type: 'demande_rejetee', body: expect.stringContaining('Demande en double') }));
  expect((await told(buyer)).map((notice) => notice.type)).toContain('demande_rejetee');
});
