/**
 * Per-user limits of free actions (docs/api-conventions.md, "Per-user limits"): "Messages, chat rooms, tricycle
 * contacts, driver requests, demonstration events and searches are limited per user: past the
 * limit the request answers `429 RATE_LIMITED` with `Retry-After` (seconds until the window ends)
 * and nothing is written." and "no document is shared by several users". Each limit is set low
 * through the settings; the request past it is refused and writes nothing, another user keeps its
 * own count, and the requests under it pass.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { DeclaredRoute } from '../../functions/src/core/http';
import { toOpenApiPath } from '../../functions/src/core/openapi';
import { USER_LIMITS } from '../../functions/src/core/user-limits';
import { allRouters } from '../../functions/src/groups';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { expectLimited } from '../helpers/limits';
import { asDeployed, frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();

let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let listings: string[];

beforeAll(async () => {
  await resetEmulators();
  [seller, buyer, otherBuyer] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('acheteur')]);
  listings = await Promise.all([1, 2, 3].map(async (n) => (await publish(seller, { prix: 1_000_000 * n })).id));
});

/** A fresh window for every test: the counts of the one before stay in theirs. */
let minute = 0;
beforeEach(() => {
  minute += 30;
  frozenClock(new Date(Date.UTC(2026, 10, 25, 8, 0, 30) + minute * 60_000));
});

const openRoom = async (user: TestUser, contextId: string) => (await api()).post('/api/chat/rooms').set(bearer(user.token)).send({ contextKind: 'article', contextId });
const post = async (user: TestUser, roomId: string, texte: string) => (await api()).post(`/api/chat/rooms/${roomId}/messages`).set(bearer(user.token)).send({ texte });
const messagesOf = async (roomId: string) => (await db().collection(COLLECTIONS.chatRooms).doc(roomId).collection(COLLECTIONS.chatMessages).get()).docs;
const countersOf = async (scope: string) => (await db().collection(COLLECTIONS.rateLimits).where('scope', '==', scope).get()).docs;

describe('chat messages (CHAT_MESSAGE_RATE_LIMIT_MAX per 10 minutes)', () => {
  it('refuses the message past the limit and stores nothing; the other side and the next window are not affected', async () => {
    const move = frozenClock(new Date('2026-11-25T09:00:30Z'));
    const roomId = (await openRoom(buyer, listings[0])).body.data.id as string;
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', CHAT_MESSAGE_RATE_LIMIT_MAX: '2' });
    expect((await post(buyer, roomId, 'Bonjour')).status).toBe(201);
    expect((await post(buyer, roomId, 'Toujours disponible ?')).status).toBe(201);
    const refused = await post(buyer, roomId, 'Allô ?');
    expectLimited(refused, 600);
    expect(refused.headers['retry-after']).toBe('570');
    // Counted before the room is looked for: a made-up room id gets no fresh answer either.
    expectLimited(await post(buyer, '__not_a_room__', 'Allô ?'), 600);
    expect((await messagesOf(roomId)).map((message) => message.get('texte')).sort()).toEqual(['Bonjour', 'Toujours disponible ?']);
    // The seller has a count of its own, one counter document per user and window.
    expect((await post(seller, roomId, 'Oui, il l’est.')).status).toBe(201);
    expect(await countersOf('chat-message')).toHaveLength(2);
    move(570_000);
    expect((await post(buyer, roomId, 'Je passe demain.')).status).toBe(201);
  });

  it('lets exactly the limit through when the messages arrive at once', async () => {
    const roomId = (await openRoom(otherBuyer, listings[0])).body.data.id as string;
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', CHAT_MESSAGE_RATE_LIMIT_MAX: '2' });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(otherBuyer, roomId, `message ${i}`)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    expect(await messagesOf(roomId)).toHaveLength(2);
    // docs/api-conventions.md, Per-user limits: "a request is let through when it takes one of the window's slots"
    // (created once each, no transaction on the counter): two slots taken, the counter says two.
    const client = createHash('sha256').update(`uid:${otherBuyer.uid}`).digest('hex').slice(0, 32);
    const [counter] = (await countersOf('chat-message')).filter((doc) => doc.id.includes(client));
    expect(counter.get('hits')).toBe(2);
    expect((await counter.ref.collection(COLLECTIONS.rateLimitSlots).get()).docs.map((doc) => doc.id).sort()).toEqual(['1', '2']);
  });
});

describe('chat rooms (CHAT_ROOM_RATE_LIMIT_MAX per hour)', () => {
  it('refuses the room past the limit and opens nothing; another buyer opens it', async () => {
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', CHAT_ROOM_RATE_LIMIT_MAX: '2' });
    const stranger = await createUser('acheteur');
    expect((await openRoom(stranger, listings[0])).status).toBe(200);
    expect((await openRoom(stranger, listings[1])).status).toBe(200);
    expectLimited(await openRoom(stranger, listings[2]), 3600);
    const rooms = async (uid: string) => (await db().collection(COLLECTIONS.chatRooms).where('participants', 'array-contains', uid).get()).docs.map((room) => room.get('contextId'));
    expect((await rooms(stranger.uid)).sort()).toEqual([listings[0], listings[1]].sort());
    expect((await openRoom(otherBuyer, listings[2])).status).toBe(200);
  });
});

describe('tricycle contacts (TRICYCLE_CONTACT_RATE_LIMIT_MAX per hour)', () => {
  const COTONOU = { latitude: 6.3703, longitude: 2.3912 };
  const contact = async (user: TestUser, chauffeur: string) => (await api()).post('/api/tricycles/contacts').set(bearer(user.token)).send({ chauffeur });

  it('refuses the contact past the limit and writes none; another buyer contacts the driver', async () => {
    const drivers = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const driver = await createUser('chauffeur');
        const online = await (await api())
          .put('/api/tricycles/me/status')
          .set(bearer(driver.token))
          .send({ online: true, position: { latitude: COTONOU.latitude + n / 1000, longitude: COTONOU.longitude }, vehicule: 'Tricycle Apsonic bleu', plaque: `AB 12${n}4 RB` });
        expect(online.status).toBe(200);
        return driver;
      }),
    );
    const stranger = await createUser('acheteur');
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', TRICYCLE_CONTACT_RATE_LIMIT_MAX: '2' });
    expect((await contact(stranger, drivers[0].uid)).status).toBe(200);
    expect((await contact(stranger, drivers[1].uid)).status).toBe(200);
    expectLimited(await contact(stranger, drivers[2].uid), 3600);
    expect((await db().collection(COLLECTIONS.tricycleContacts).doc(`${stranger.uid}_${drivers[2].uid}`).get()).exists).toBe(false);
    expect((await contact(otherBuyer, drivers[2].uid)).status).toBe(200);
  });
});

describe('driver requests (DRIVER_REQUEST_RATE_LIMIT_MAX per day)', () => {
  const ask = async (user: TestUser) =>
    (await api())
      .post('/api/chauffeurs/demandes')
      .set(bearer(user.token))
      .send({ trajet: { depart: 'Cotonou', arrivee: 'Parakou' }, date: new Date(Date.now() + 7 * 86_400_000).toISOString(), lieu: { adresse: 'Carrefour Étoile Rouge', point: { latitude: 6.3703, longitude: 2.3912 } } });
  const mine = async (user: TestUser) => (await (await api()).get('/api/chauffeurs/demandes/mine').set(bearer(user.token))).body.pagination.total as number;

  it('refuses the request past the limit and stores none; another buyer asks', async () => {
    const stranger = await createUser('acheteur');
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', DRIVER_REQUEST_RATE_LIMIT_MAX: '2' });
    expect((await ask(stranger)).status).toBe(201);
    expect((await ask(stranger)).status).toBe(201);
    expectLimited(await ask(stranger), 86_400);
    expect(await mine(stranger)).toBe(2);
    expect((await ask(otherBuyer)).status).toBe(201);
  });

  it('refuses a driver’s accept past DRIVER_ACCEPT_RATE_LIMIT_MAX: the request stays open and shows nothing; another driver takes it', async () => {
    // docs/guides/commerce.md, Driver requests: "Since accepting shows the place and giving back reopens the request, a
    // driver accepts at most `DRIVER_ACCEPT_RATE_LIMIT_MAX` requests a day".
    const asker = await createUser('acheteur');
    const [driver, otherDriver] = await Promise.all([createUser('chauffeur'), createUser('chauffeur')]);
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', DRIVER_ACCEPT_RATE_LIMIT_MAX: '1' });
    const first = (await ask(asker)).body.data.id as string;
    const second = (await ask(asker)).body.data.id as string;
    const accept = async (user: TestUser, id: string) => (await api()).post(`/api/chauffeurs/demandes/${id}/accept`).set(bearer(user.token));
    expect((await accept(driver, first)).status).toBe(200);
    expect((await (await api()).post(`/api/chauffeurs/demandes/${first}/refuse`).set(bearer(driver.token))).status).toBe(200);
    const refused = await accept(driver, second);
    expectLimited(refused, 86_400);
    expect(refused.body.data).toBeUndefined();
    expect((await db().collection(COLLECTIONS.chauffeurDemandes).doc(second).get()).data()).toMatchObject({ statut: 'en_attente', chauffeur: null });
    expect((await accept(otherDriver, second)).status).toBe(200);
  });
});

describe('demonstration events (DEMO_EVENT_RATE_LIMIT_MAX per hour)', () => {
  const track = async (user: TestUser, eventType: string) => (await api()).post('/api/demo-events/track').set(bearer(user.token)).send({ eventType });
  const eventsOf = async (uid: string) => (await db().collection(COLLECTIONS.demoEvents).where('uid', '==', uid).get()).docs.map((event) => event.get('eventType'));

  it('refuses the event past the limit and records nothing; another user tracks its own', async () => {
    const stranger = await createUser('vendeur');
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', DEMO_EVENT_RATE_LIMIT_MAX: '2' });
    expect((await track(stranger, 'seller_create_started')).status).toBe(200);
    expect((await track(stranger, 'subscription_initiated')).status).toBe(200);
    expectLimited(await track(stranger, 'campaign_initiated'), 3600);
    expect((await eventsOf(stranger.uid)).sort()).toEqual(['seller_create_started', 'subscription_initiated']);
    expect((await track(otherBuyer, 'campaign_initiated')).status).toBe(200);
  });
});

describe('searches (SEARCH_RATE_LIMIT_MAX per minute, all search routes together)', () => {
  type Who = 'acheteur' | 'chauffeur' | 'admin' | 'anonymous';
  /** Every search route, with a request it answers 200. */
  const SEARCHES: Array<{ route: string; who: Who; query?: Record<string, string | number> }> = [
    { route: 'GET /api/articles', who: 'acheteur', query: { marque: 'Toyota' } },
    { route: 'GET /api/public/articles', who: 'anonymous' },
    { route: 'GET /api/public/articles/a-la-une', who: 'anonymous' },
    { route: 'GET /api/public/articles/sponsorises', who: 'anonymous' },
    { route: 'GET /api/tricycles/nearby', who: 'acheteur', query: { latitude: 6.37, longitude: 2.39 } },
    { route: 'GET /api/chat/rooms/:id/search', who: 'acheteur', query: { q: 'bonjour' } },
    { route: 'GET /api/transitaires', who: 'acheteur' },
    { route: 'GET /api/chauffeurs/demandes/open', who: 'chauffeur', query: { lat: 6.37, lng: 2.39 } },
    { route: 'GET /api/users', who: 'admin', query: { q: 'zann' } },
    { route: 'GET /api/livreurs', who: 'admin' },
  ];

  it('names every route that counts against the search limit', async () => {
    const declared = (await allRouters())
      .flatMap((router) => router.routes)
      .filter((route): route is DeclaredRoute => route.kind !== 'raw' && route.userRateLimit === USER_LIMITS.search)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(declared.sort()).toEqual(SEARCHES.map(({ route }) => route).sort());
  });

  it.each(SEARCHES)('$route: the search past the limit answers 429 with Retry-After', async ({ route, who, query }) => {
    const user = who === 'anonymous' ? undefined : await createUser(who);
    let path = route.slice(4);
    if (path.includes(':id')) path = path.replace(':id', (await openRoom(user!, listings[0])).body.data.id);
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', SEARCH_RATE_LIMIT_MAX: '1', SEARCH_RATE_LIMIT_PER_IP_MAX: '1' });
    const search = async () => (await api()).get(path).query(query ?? {}).set(user ? bearer(user.token) : {});
    expect((await search()).status).toBe(200);
    expectLimited(await search(), 60);
  });

  it('shares one count among the search routes, per user; callers without a token count per address', async () => {
    const [searcher, other] = await Promise.all([createUser('acheteur'), createUser('acheteur')]);
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', SEARCH_RATE_LIMIT_MAX: '2', SEARCH_RATE_LIMIT_PER_IP_MAX: '3' });
    const client = await api();
    expect((await client.get('/api/articles').set(bearer(searcher.token))).status).toBe(200);
    expect((await client.get('/api/transitaires').set(bearer(searcher.token))).status).toBe(200);
    expectLimited(await client.get('/api/tricycles/nearby?latitude=6.37&longitude=2.39').set(bearer(searcher.token)), 60);
    expect((await client.get('/api/tricycles/nearby?latitude=6.37&longitude=2.39').set(bearer(other.token))).status).toBe(200);

    // Public searches read no token: each client address has SEARCH_RATE_LIMIT_PER_IP_MAX.
    asDeployed();
    const from = (address: string) => client.get('/api/public/articles').set('X-Forwarded-For', address);
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.20')).status).toBe(200);
    expectLimited(await from('203.0.113.20'), 60);
    expect((await from('203.0.113.21')).status).toBe(200);
  });

  it('counts nothing with USER_RATE_LIMIT_ENABLED=false', async () => {
    useSettings({ USER_RATE_LIMIT_ENABLED: 'false', SEARCH_RATE_LIMIT_MAX: '1' });
    const client = await api();
    for (let i = 0; i < 3; i += 1) expect((await client.get('/api/articles').set(bearer(buyer.token))).status).toBe(200);
  });
});

it('the table of per-user limits (docs/api-conventions.md) names each action’s setting, window and routes', async () => {
  const conventions = readFileSync(join(__dirname, '..', '..', 'docs', 'api-conventions.md'), 'utf8');
  const rowOf = (setting: string) => conventions.split('\n').find((line) => line.startsWith('| ') && line.includes(`| \`${setting}\``));
  for (const limit of Object.values(USER_LIMITS)) expect(rowOf(limit.setting)).toContain(`| ${limit.window} |`);
  const limited = (await allRouters()).flatMap((router) => router.routes).filter((route): route is DeclaredRoute => route.kind !== 'raw' && Boolean(route.userRateLimit));
  expect(limited.filter((route) => !rowOf(route.userRateLimit!.setting)?.includes(`${toOpenApiPath(route.path)}\``))).toEqual([]);
});
