/** Driver requests (`/api/chauffeurs`): a buyer asks, drivers see the nearest first and race to accept, each move told to the other side. */
import { DEMANDE_EVENTS, DEMANDE_STATUSES, DEMANDE_TRANSITIONS } from '../../functions/src/domains/commerce/chauffeurs/state';
import { resetClock, setClock } from '../../functions/src/core/clock';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { backfillOpenDemandes } from '../../functions/src/domains/commerce/chauffeurs/backfill';
import { OPEN_MAX_READS } from '../../functions/src/domains/commerce/chauffeurs/open-requests';
import { CLAIM_LEASE_MS } from '../../functions/src/core/claims';
import { createUser, type TestUser } from '../helpers/accounts';
import { claimDoc, claimed, claimRef, holdRead } from '../helpers/claims';
import { api, bearer } from '../helpers/api';
import { countReads } from '../helpers/reads';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { nearbyMembersOf } from '../helpers/nearby';
import { walk } from '../helpers/transition-table';

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
/** The open list's query at Cotonou. */
const LAT_LNG = { lat: COTONOU.latitude, lng: COTONOU.longitude };

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

it('tells the buyer its driver was found for the day and hour it asked, as Porto-Novo reads them', async () => {
  const [someBuyer, someDriver] = await Promise.all([createUser('acheteur'), createUser('chauffeur')]);
  // 23:05 UTC in two days: 00:05 the day after in Porto-Novo (UTC+1), that day's date in the notice.
  const wanted = new Date(Date.now() + 2 * 86_400_000);
  wanted.setUTCHours(23, 5, 0, 0);
  const id = await asked(tripRequest({ date: wanted.toISOString() }), someBuyer);
  expect((await act(someDriver, id, 'accept')).status).toBe(200);
  const nextDay = new Date(wanted.getTime() + 86_400_000);
  const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
  const day = `${nextDay.getUTCDate()} ${months[nextDay.getUTCMonth()]} ${nextDay.getUTCFullYear()}`;
  expect(await told(someBuyer)).toContainEqual(expect.objectContaining({ type: 'demande_acceptee', body: `Un chauffeur a accepté votre demande (Cotonou → Parakou, le ${day} à 00:05).` }));
});

it('opens a request for an online listing or a trip, and refuses bad input', async () => {
  const seller = await createUser('vendeur');
  const listing = await publish(seller);
  const forListing = await ask(buyer, { articleId: listing.id, date: inDays(2), lieu: { adresse: 'Akpakpa', point: COTONOU } });
  expect(forListing.status).toBe(201);
  expect(forListing.body.data).toMatchObject({ statut: 'en_attente', acheteur: buyer.uid, articleId: listing.id, trajet: null, chauffeur: null, lieu: { adresse: 'Akpakpa', point: COTONOU } });
  // docs/guides/commerce.md, Driver requests: "the place has a point on the map" (drivers find requests by it).
  const noPoint = await ask(buyer, { articleId: listing.id, date: inDays(2), lieu: { adresse: 'Akpakpa' } });
  expect([noPoint.status, noPoint.body.code]).toEqual([400, 'VALIDATION_ERROR']);

  const trip = await ask(buyer);
  expect(trip.status).toBe(201);
  expect(trip.body.data).toMatchObject({ articleId: null, trajet: { depart: 'Cotonou', arrivee: 'Parakou' }, note: 'Boîte manuelle', lieu: { point: COTONOU } });

  expect((await ask(buyer, tripRequest({ date: inDays(-1) }))).body.code).toBe('DEMANDE_DATE_PAST');
  const both = await ask(buyer, tripRequest({ articleId: listing.id }));
  expect([both.status, both.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const neither = await ask(buyer, { date: inDays(1), lieu: { adresse: 'Akpakpa', point: COTONOU } });
  expect([neither.status, neither.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const badPoint = await ask(buyer, tripRequest({ lieu: { adresse: 'Nulle part', point: { latitude: 91, longitude: 2 } } }));
  expect([badPoint.status, badPoint.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const badId = await ask(buyer, { articleId: 'a/b', date: inDays(1), lieu: { adresse: 'Akpakpa', point: COTONOU } });
  expect(badId.status).toBe(400);
  const missing = await ask(buyer, { articleId: 'nonexistent-listing', date: inDays(1), lieu: { adresse: 'Akpakpa', point: COTONOU } });
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

// docs/guides/commerce.md, Driver requests: "nearest first from the driver's position (`lat`, `lng`, required)".
it('lists open requests nearest first from the driver’s position, within the radius, and refuses a list without a position', async () => {
  const far = await asked(tripRequest({ lieu: { adresse: 'Parakou', point: PARAKOU } }));
  const near = await asked(tripRequest({ lieu: { adresse: 'Porto-Novo', point: PORTO_NOVO } }));
  const client = await api();
  const list = await client.get('/api/chauffeurs/demandes/open').query({ lat: 6.49, lng: 2.62, limit: 100 }).set(bearer(driver.token));
  expect(list.status).toBe(200);
  const ids: string[] = list.body.data.map((item: { id: string }) => item.id);
  expect(ids[0]).toBe(near);
  // Parakou is 315 km away: beyond the default 25 km, and beyond the largest radius.
  expect(ids).not.toContain(far);
  expect(list.body.data[0].distanceKm).toBeLessThan(2);
  const distances: number[] = list.body.data.map((item: { distanceKm: number }) => item.distanceKm);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  const inParakou = await client.get('/api/chauffeurs/demandes/open').query({ lat: 9.33, lng: 2.63, radiusKm: 50 }).set(bearer(driver.token));
  expect(inParakou.body.data.map((item: { id: string }) => item.id)).toEqual([far]);

  for (const query of [{}, { lat: 6.4 }, { lat: 6.4, lng: 200 }, { lat: 6.4, lng: 2.4, radiusKm: 51 }]) {
    const res = await client.get('/api/chauffeurs/demandes/open').query(query).set(bearer(driver.token));
    expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
  }
});

// docs/guides/commerce.md, Driver requests: "an empty or blank `lat` or `lng` is a 400 `VALIDATION_ERROR`".
it('refuses an empty or blank coordinate in the open list instead of reading it as 0', async () => {
  const client = await api();
  for (const query of [{ lat: '', lng: 2.4 }, { lat: ' ', lng: 2.4 }, { lat: 6.4, lng: '' }]) {
    const res = await client.get('/api/chauffeurs/demandes/open').query(query).set(bearer(driver.token));
    expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
  }
});

// docs/guides/commerce.md, Driver requests: "the open list shows each request's area (`zone`, its point rounded to
// 0.01°, about a kilometre), never its address, point or note; the driver who accepts and the buyer see them".
it('shows drivers the area of an open request only; the accepting driver and the buyer see the exact place, other drivers nothing exact', async () => {
  const exact = { latitude: 6.36789, longitude: 2.43456 };
  const someBuyer = await createUser('acheteur');
  const [first, second] = await Promise.all([createUser('chauffeur'), createUser('chauffeur')]);
  const id = await asked(tripRequest({ lieu: { adresse: 'Rue 12.345, maison Dossou', point: exact }, note: 'Portail bleu, appeler Awa au 0197000000' }), someBuyer);
  const client = await api();
  const seen = async (user: TestUser) => (await client.get('/api/chauffeurs/demandes/open').query({ lat: 6.37, lng: 2.43, limit: 100 }).set(bearer(user.token))).body.data as Array<Record<string, unknown>>;
  const mine = (await seen(first)).find((item) => item.id === id);
  expect(mine).toEqual({
    id,
    articleId: null,
    articleTitre: null,
    trajet: { depart: 'Cotonou', arrivee: 'Parakou' },
    date: expect.any(String),
    zone: { latitude: 6.37, longitude: 2.43 },
    distanceKm: expect.any(Number),
    createdAt: expect.any(String),
  });
  const everything = JSON.stringify(await seen(first));
  for (const secret of ['Rue 12.345', 'Portail bleu', '6.36789', '2.43456', someBuyer.uid]) expect({ secret, shown: everything.includes(secret) }).toEqual({ secret, shown: false });
  // The index drivers' lists read holds no exact place either.
  const [member] = await nearbyMembersOf('demande', id);
  expect(JSON.stringify(member.data)).not.toMatch(/Rue 12|Portail|6\.36789|2\.43456/);
  expect(member.data.position).toEqual({ latitude: 6.37, longitude: 2.43 });
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(first.token))).body.code).toBe('DEMANDE_NOT_FOUND');

  const accepted = await act(first, id, 'accept');
  expect(accepted.body.data).toMatchObject({ lieu: { adresse: 'Rue 12.345, maison Dossou', point: exact }, note: 'Portail bleu, appeler Awa au 0197000000' });
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(first.token))).body.data).toMatchObject({ lieu: { point: exact }, note: 'Portail bleu, appeler Awa au 0197000000' });
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(someBuyer.token))).body.data).toMatchObject({ lieu: { point: exact } });
  // Taken, it leaves every driver's list; the other driver still sees nothing of it.
  expect((await seen(second)).map((item) => item.id)).not.toContain(id);
  expect(await nearbyMembersOf('demande', id)).toEqual([]);
  expect((await client.get(`/api/chauffeurs/demandes/${id}`).set(bearer(second.token))).body.code).toBe('DEMANDE_NOT_FOUND');
  // Released, it is offered again (by its area), to the others only.
  expect((await act(first, id, 'refuse')).status).toBe(200);
  expect((await seen(second)).find((item) => item.id === id)).toMatchObject({ zone: { latitude: 6.37, longitude: 2.43 } });
  expect((await seen(first)).map((item) => item.id)).not.toContain(id);
});

// docs/guides/commerce.md, Driver requests: "the list reads at most 200 documents (its ceiling), whatever the radius and page".
it('answers limit=1 from many open requests by reading the requests of the cells around the driver only (reads counted through the real SDK)', async () => {
  // Natitingou, in the north-west: no other request of this file within 50 km. 30 requests there, 10 in Kandi (230 km away).
  const NATITINGOU = { latitude: 10.3042, longitude: 1.3796 };
  const KANDI = { latitude: 11.1342, longitude: 2.9386 };
  const around = (i: number) => ({ latitude: NATITINGOU.latitude + 0.001 * (i + 1), longitude: NATITINGOU.longitude });
  const here = await Promise.all(Array.from({ length: 30 }, (_, i) => asked(tripRequest({ lieu: { adresse: `Natitingou ${i}`, point: around(i) } }))));
  await Promise.all(Array.from({ length: 10 }, (_, i) => asked(tripRequest({ lieu: { adresse: `Kandi ${i}`, point: KANDI } }))));
  const client = await api();
  const list = (query: object) => client.get('/api/chauffeurs/demandes/open').query(query).set(bearer(driver.token));
  // What the request reads besides the list (the caller's profile): the same list where no request is.
  const overhead = (await countReads(() => list({ lat: -40, lng: -20, limit: 1 }))).reads.returned;
  const { result, reads: { returned: reads } } = await countReads(() => list({ lat: NATITINGOU.latitude, lng: NATITINGOU.longitude, limit: 1, radiusKm: 50 }));
  expect(result.status).toBe(200);
  // Nearest first by the area drivers see: the ten requests of the nearest area (10.31, 1.38) tie, any of them comes first.
  expect(result.body.data).toHaveLength(1);
  expect(here.slice(0, 10)).toContain(result.body.data[0].id);
  expect(result.body.pagination).toMatchObject({ limit: 1, total: 30, hasMore: true });
  // The 30 members of Natitingou's cell, not the 10 requests of Kandi nor anything else open.
  expect(reads - overhead).toBe(30);
  expect(reads - overhead).toBeLessThanOrEqual(OPEN_MAX_READS);
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
  const offered = await client.get('/api/chauffeurs/demandes/open').query({ ...LAT_LNG, limit: 100 }).set(bearer(someDriver.token));
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

it('answers the other 9 of 10 drivers DEMANDE_ALREADY_TAKEN while the winner’s transaction still waits, writing nothing for them', async () => {
  // docs/guides/commerce.md, Driver requests: "the others are answered `DEMANDE_ALREADY_TAKEN` at once, writing nothing".
  const id = await asked();
  const [first, ...others] = await Promise.all(Array.from({ length: 10 }, () => createUser('chauffeur')));
  const ref = db().collection(COLLECTIONS.chauffeurDemandes).doc(id);
  const before = (await ref.get()).data();
  const hold = await holdRead(ref);
  let winner: ReturnType<typeof act> | undefined;
  try {
    winner = act(first, id, 'accept');
    expect(await claimed('demande', id, 0)).toBe(true);
    const answers = await Promise.all(others.map((each) => act(each, id, 'accept')));
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(Array.from({ length: 9 }, () => [409, 'DEMANDE_ALREADY_TAKEN']));
    expect((await ref.get()).data()).toEqual(before);
  } finally {
    await hold.release();
  }
  expect((await winner!).body.data).toMatchObject({ statut: 'acceptee', chauffeur: first.uid });
  for (const each of others) expect(await told(each)).toEqual([]);
});

it('lets one of 10 drivers win a request given back, though its first driver’s claim stays; a claim whose holder died holds for its lease only', async () => {
  // docs/guides/commerce.md, Driver requests: "after a driver gives a request back, the next race for it is decided anew";
  // functions/src/core/claims.ts: "A claim whose holder died before releasing it ... holds for CLAIM_LEASE_MS".
  const id = await asked();
  expect((await act(driver, id, 'accept')).status).toBe(200);
  expect((await act(driver, id, 'refuse')).body.data).toMatchObject({ statut: 'en_attente', chauffeur: null });
  expect(await claimDoc('demande', id, 0)).toMatchObject({ holder: driver.uid });
  const drivers = await Promise.all(Array.from({ length: 10 }, () => createUser('chauffeur')));
  const answers = await Promise.all(drivers.map((each) => act(each, id, 'accept')));
  const winners = answers.filter((answer) => answer.status === 200);
  expect(winners).toHaveLength(1);
  expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual(Array(9).fill('DEMANDE_ALREADY_TAKEN'));
  // The request was accepted (version 1) and given back (version 2): this race was for version 2.
  expect(await claimDoc('demande', id, 2)).toMatchObject({ holder: winners[0].body.data.chauffeur });

  // A driver that took the claim and died before its change: the others wait for its lease, no longer.
  const other = await asked();
  const at = Date.now();
  await claimRef('demande', other, 0).set({ scope: 'demande', holder: 'crashed', takenAt: new Date(at), leaseUntil: new Date(at + CLAIM_LEASE_MS), expireAt: new Date(at + 86_400_000) });
  const ref = db().collection(COLLECTIONS.chauffeurDemandes).doc(other);
  const before = (await ref.get()).data();
  expect((await act(drivers[0], other, 'accept')).body.code).toBe('DEMANDE_ALREADY_TAKEN');
  expect((await ref.get()).data()).toEqual(before);
  setClock(() => new Date(Date.now() + CLAIM_LEASE_MS + 1000));
  try {
    expect((await act(drivers[1], other, 'accept')).body.data).toMatchObject({ statut: 'acceptee', chauffeur: drivers[1].uid });
  } finally {
    resetClock();
  }
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

// functions/src/domains/commerce/chauffeurs/backfill.ts: "puts the open driver requests stored before the `demande` nearby index existed into it"; "Safe to run again".
it('backfills open requests stored before the index into drivers’ lists, once, and counts those without a point', async () => {
  // Dates are stored as Firestore timestamps, as the service writes them.
  const at = new Date();
  const old = { acheteur: buyer.uid, articleId: null, articleTitre: null, trajet: { depart: 'Ouidah', arrivee: 'Cotonou' }, date: new Date(inDays(4)), note: '', statut: 'en_attente', chauffeur: null, refusedBy: [], motif: null, version: 0, createdAt: at, updatedAt: at };
  const OUIDAH = { latitude: 6.3631, longitude: 2.0851 };
  const stored = db().collection(COLLECTIONS.chauffeurDemandes);
  await stored.doc('before-index').set({ ...old, lieu: { adresse: 'Ouidah', point: OUIDAH } });
  await stored.doc('before-point').set({ ...old, lieu: { adresse: 'Ouidah', point: null } });
  const seen = async () => (await (await api()).get('/api/chauffeurs/demandes/open').query({ lat: OUIDAH.latitude, lng: OUIDAH.longitude }).set(bearer(driver.token))).body.data.map((item: { id: string }) => item.id);
  expect(await seen()).not.toContain('before-index');
  const first = await backfillOpenDemandes();
  expect(first).toMatchObject({ placed: expect.any(Number), withoutPoint: 1 });
  expect(await seen()).toContain('before-index');
  expect((await stored.doc('before-index').get()).get('cell')).toEqual(expect.any(String));
  await backfillOpenDemandes();
  expect(await nearbyMembersOf('demande', 'before-index')).toHaveLength(1);
});

it('refuses a date more than 60 days ahead, and leaves a request whose date passed out of the list, its reads and its drivers’ reach', async () => {
  // functions/src/domains/commerce/chauffeurs/open-requests.ts: members whose date passed are left out by the query, "so they
  // cost no read and take no place in the cell's limit"; docs/guides/commerce.md, Driver requests: "A request may be dated at
  // most 60 days ahead (`DEMANDE_DATE_TOO_FAR`), and one whose date passed cannot be accepted (`DEMANDE_EXPIRED`)."
  const tooFar = await ask(buyer, tripRequest({ date: inDays(61) }));
  expect([tooFar.status, tooFar.body.code]).toEqual([400, 'DEMANDE_DATE_TOO_FAR']);
  expect((await ask(buyer, tripRequest({ date: inDays(59) }))).status).toBe(201);

  const DASSA = { latitude: 7.7526, longitude: 2.1826 };
  const soon = await asked(tripRequest({ date: inDays(0.5), lieu: { adresse: 'Dassa, gare', point: DASSA } }));
  const later = await asked(tripRequest({ date: inDays(5), lieu: { adresse: 'Dassa, marché', point: DASSA } }));
  const client = await api();
  const list = () => client.get('/api/chauffeurs/demandes/open').query({ lat: DASSA.latitude, lng: DASSA.longitude, radiusKm: 5 }).set(bearer(driver.token));
  expect(((await list()).body.data as Array<{ id: string }>).map(({ id }) => id).sort()).toEqual([soon, later].sort());
  const tomorrow = Date.now() + 86_400_000;
  setClock(() => new Date(tomorrow));
  try {
    const { result, reads } = await countReads(list);
    expect((result.body.data as Array<{ id: string }>).map(({ id }) => id)).toEqual([later]);
    // The expired member is still in its cell (nothing moved the request), but the query skips it.
    expect(await nearbyMembersOf('demande', soon)).toHaveLength(1);
    const cellReads = Object.entries(reads.byPath).filter(([key]) => key.startsWith('query nearbyCells'));
    // Each cell query bills one read: an empty answer, or `later` alone (both requests share a cell).
    expect(cellReads.reduce((sum, [, count]) => sum + count, 0)).toBe(cellReads.length);
    const accept = await client.post(`/api/chauffeurs/demandes/${soon}/accept`).set(bearer(driver.token));
    expect([accept.status, accept.body.code, accept.body.data]).toEqual([409, 'DEMANDE_EXPIRED', undefined]);
    expect((await db().collection(COLLECTIONS.chauffeurDemandes).doc(soon).get()).data()).toMatchObject({ statut: 'en_attente', chauffeur: null });
  } finally {
    resetClock();
  }
});
