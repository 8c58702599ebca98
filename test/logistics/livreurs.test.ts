/**
 * Couriers (`/api/livreurs`): presence (online/offline, the throttled location stream and the
 * tracking it moves), the courier's deliveries and earnings, and the admins' list and detail.
 */
import { cellOf, geohashOf } from '../../functions/src/core/nearby';
import { nearbyCouriers } from '../../functions/src/domains/logistics';
import { record } from '../../functions/src/domains/wallet';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { COTONOU, presenceOf, seedDelivery, seedOffer, seedTracking, trackingOf } from '../helpers/livreurs';
import { nearbyMembersOf } from '../helpers/nearby';
import { frozenClock, resetClock, restoreSettings, useSettings } from '../helpers/settings';

const PORTO_NOVO = { latitude: 6.4969, longitude: 2.6289 };
const ABOMEY_CALAVI = { latitude: 6.4485, longitude: 2.3557 };
/**
 * Two points 1.3 km apart on either side of a cell edge (the geohash grid's column edge at
 * longitude -180 + 519 x 360/1024 = 2.4609375), in Bohicon: nobody else of this file there.
 */
const WEST_OF_EDGE = { latitude: 7.18, longitude: 2.455 };
const EAST_OF_EDGE = { latitude: 7.18, longitude: 2.467 };

let courier: TestUser;
let other: TestUser;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [courier, other, admin, buyer] = await Promise.all([
    createUser('livreur', { nom: 'Zinsou', prenoms: 'Éric' }),
    createUser('livreur', { nom: 'Hounkpè', prenoms: 'Basile' }),
    createUser('admin'),
    createUser('acheteur'),
  ]);
});

afterEach(() => {
  resetClock();
  restoreSettings();
});

const status = async (user: TestUser, body: unknown) => (await api()).put('/api/livreurs/me/status').set(bearer(user.token)).send(body as object);
const locate = async (user: TestUser, body: unknown) => (await api()).post('/api/livreurs/me/location').set(bearer(user.token)).send(body as object);
const get = async (user: TestUser, path: string, query: Record<string, unknown> = {}) => (await api()).get(path).query(query).set(bearer(user.token));

describe('access', () => {
  const routes: Array<[string, (user: TestUser) => Promise<{ status: number; body: { code?: string } }>]> = [
    ['GET /me', (user) => get(user, '/api/livreurs/me')],
    ['PUT /me/status', (user) => status(user, { online: true, position: COTONOU })],
    ['POST /me/location', (user) => locate(user, COTONOU)],
    ['GET /me/deliveries', (user) => get(user, '/api/livreurs/me/deliveries')],
    ['GET /me/earnings', (user) => get(user, '/api/livreurs/me/earnings')],
  ];

  it.each(routes)('%s: only couriers; others get FORBIDDEN_ROLE, a blocked courier USER_BLOCKED, no token 401', async (_name, call) => {
    for (const user of [buyer, admin, await createUser('vendeur')]) {
      const answer = await call(user);
      expect([answer.status, answer.body.code]).toEqual([403, 'FORBIDDEN_ROLE']);
    }
    const blocked = await createUser('livreur');
    expect((await (await api()).patch(`/api/users/${blocked.uid}/block`).set(bearer(admin.token)).send({ motif: 'fraude' })).status).toBe(200);
    const refused = await call(blocked);
    expect([refused.status, refused.body.code]).toEqual([403, 'USER_BLOCKED']);
    expect(await presenceOf(blocked.uid)).toBeUndefined();
    expect((await (await api()).get('/api/livreurs/me')).status).toBe(401);
  });

  it('admin routes: couriers and buyers get FORBIDDEN_ROLE', async () => {
    for (const user of [courier, buyer]) {
      expect((await get(user, '/api/livreurs')).body.code).toBe('FORBIDDEN_ROLE');
      expect((await get(user, `/api/livreurs/${courier.uid}`)).body.code).toBe('FORBIDDEN_ROLE');
    }
  });
});

describe('presence', () => {
  it('starts offline and nowhere; going online without any position is refused and writes nothing', async () => {
    const fresh = await createUser('livreur');
    expect((await get(fresh, '/api/livreurs/me')).body.data).toEqual({ uid: fresh.uid, online: false, position: null, locationAt: null, updatedAt: null });
    const refused = await status(fresh, { online: true });
    expect([refused.status, refused.body.code]).toEqual([409, 'LIVREUR_POSITION_REQUIRED']);
    expect(await presenceOf(fresh.uid)).toBeUndefined();
    // Going offline needs no position.
    expect((await status(fresh, { online: false })).body.data).toMatchObject({ online: false, position: null });
  });

  it('goes online with a position, offline keeping it, online again on the known position', async () => {
    const fresh = await createUser('livreur', { nom: 'Agossou', prenoms: 'Léa' });
    const online = await status(fresh, { online: true, position: COTONOU });
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ uid: fresh.uid, online: true, position: COTONOU, locationAt: expect.any(String) });
    expect(await presenceOf(fresh.uid)).toMatchObject({ online: true, position: COTONOU, geohash: geohashOf(COTONOU), nom: 'Agossou', prenoms: 'Léa', nameKey: 'agossou lea', telephone: fresh.telephone });

    const offline = await status(fresh, { online: false });
    expect(offline.body.data).toMatchObject({ online: false, position: COTONOU });
    expect(await presenceOf(fresh.uid)).toMatchObject({ online: false, geohash: geohashOf(COTONOU) });

    expect((await status(fresh, { online: true })).body.data).toMatchObject({ online: true, position: COTONOU });
    expect((await get(fresh, '/api/livreurs/me')).body.data).toMatchObject({ online: true, position: COTONOU });
    // Another courier's presence is its own.
    expect((await get(other, '/api/livreurs/me')).body.data.uid).toBe(other.uid);
  });

  it('refuses bad bodies with VALIDATION_ERROR and writes nothing', async () => {
    const fresh = await createUser('livreur');
    for (const body of [{}, { online: 'yes' }, { online: true, position: { latitude: 91, longitude: 2 } }, { online: true, position: COTONOU, uid: other.uid }]) {
      const answer = await status(fresh, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    for (const body of [{}, { latitude: 6.3 }, { latitude: 6.3, longitude: 181 }, { ...COTONOU, online: true }, { latitude: '6.3', longitude: 2.3 }]) {
      const answer = await locate(fresh, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await presenceOf(fresh.uid)).toBeUndefined();
  });
});

describe('location stream', () => {
  it('writes one position per interval and answers the others with the next allowed time', async () => {
    useSettings({ LIVREUR_LOCATION_INTERVAL_SECONDS: '15' });
    const start = new Date('2026-11-20T10:00:00Z');
    const advance = frozenClock(start);
    const fresh = await createUser('livreur');

    const first = await locate(fresh, COTONOU);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ written: true, tracked: 0, nextAllowedAt: '2026-11-20T10:00:15.000Z', presence: { online: false, position: COTONOU, locationAt: start.toISOString() } });

    advance(10_000);
    const early = await locate(fresh, PORTO_NOVO);
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ written: false, nextAllowedAt: '2026-11-20T10:00:15.000Z', presence: { position: COTONOU } });
    expect(await presenceOf(fresh.uid)).toMatchObject({ position: COTONOU, geohash: geohashOf(COTONOU) });

    advance(5_000);
    const due = await locate(fresh, PORTO_NOVO);
    expect(due.body.data).toMatchObject({ written: true, nextAllowedAt: '2026-11-20T10:00:30.000Z', presence: { position: PORTO_NOVO, locationAt: '2026-11-20T10:00:15.000Z' } });
    expect(await presenceOf(fresh.uid)).toMatchObject({ position: PORTO_NOVO, geohash: geohashOf(PORTO_NOVO) });

    // A status change with a position is an explicit act: written at once, and a new window starts.
    advance(1_000);
    expect((await status(fresh, { online: true, position: ABOMEY_CALAVI })).body.data).toMatchObject({ position: ABOMEY_CALAVI, locationAt: '2026-11-20T10:00:16.000Z' });
    expect((await locate(fresh, COTONOU)).body.data).toMatchObject({ written: false, nextAllowedAt: '2026-11-20T10:00:31.000Z', presence: { online: true, position: ABOMEY_CALAVI } });
  });

  it('of two updates sent at once, writes exactly one', async () => {
    useSettings({ LIVREUR_LOCATION_INTERVAL_SECONDS: '15' });
    frozenClock(new Date('2026-11-20T11:00:00Z'));
    const fresh = await createUser('livreur');
    const answers = await Promise.all([locate(fresh, COTONOU), locate(fresh, PORTO_NOVO)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const written = answers.filter((answer) => answer.body.data.written === true);
    expect(written).toHaveLength(1);
    const winner = written[0].body.data.presence.position;
    expect(await presenceOf(fresh.uid)).toMatchObject({ position: winner, geohash: geohashOf(winner) });
    const loser = answers.find((answer) => answer.body.data.written === false);
    expect(loser?.body.data).toMatchObject({ nextAllowedAt: '2026-11-20T11:00:15.000Z', presence: { position: winner } });
  });

  it('moves the tracking of its own active deliveries only, and only where a tracking document exists', async () => {
    useSettings({ LIVREUR_LOCATION_INTERVAL_SECONDS: '15' });
    const advance = frozenClock(new Date('2026-11-20T12:00:00Z'));
    const fresh = await createUser('livreur');
    const assigned = await seedDelivery(fresh.uid, 'assigne');
    const onTheWay = await seedDelivery(fresh.uid, 'en_cours');
    const untracked = await seedDelivery(fresh.uid, 'en_cours');
    const delivered = await seedDelivery(fresh.uid, 'livre');
    const othersDelivery = await seedDelivery(other.uid, 'assigne');
    // A tracking document naming another courier (an old assignment) is not the caller's to move.
    const reassigned = await seedDelivery(fresh.uid, 'assigne');
    await Promise.all([
      seedTracking(assigned, fresh.uid),
      seedTracking(onTheWay, fresh.uid),
      seedTracking(delivered, fresh.uid),
      seedTracking(othersDelivery, other.uid),
      seedTracking(reassigned, other.uid),
    ]);

    const written = await locate(fresh, PORTO_NOVO);
    expect(written.body.data).toMatchObject({ written: true, tracked: 2 });
    for (const id of [assigned, onTheWay]) expect(await trackingOf(id)).toMatchObject({ position: PORTO_NOVO, livreur: fresh.uid });
    for (const id of [delivered, othersDelivery, reassigned]) expect((await trackingOf(id))?.position).toBeNull();
    expect(await trackingOf(untracked)).toBeUndefined();

    // A throttled update moves nothing.
    advance(5_000);
    expect((await locate(fresh, COTONOU)).body.data).toMatchObject({ written: false, tracked: 0 });
    expect((await trackingOf(assigned))?.position).toEqual(PORTO_NOVO);

    // Going online with a position moves them too.
    advance(1_000);
    await status(fresh, { online: true, position: ABOMEY_CALAVI });
    expect((await trackingOf(onTheWay))?.position).toEqual(ABOMEY_CALAVI);
    expect((await trackingOf(othersDelivery))?.position).toBeNull();
  });
});

describe('the courier’s deliveries', () => {
  it('lists offered (open, not expired, its own), active and past (newest first, paginated)', async () => {
    const fresh = await createUser('livreur');
    const open = await seedDelivery(null, 'commande');
    const openSoon = await seedDelivery(null, 'commande');
    const expired = await seedDelivery(null, 'commande');
    const taken = await seedDelivery(other.uid, 'assigne');
    const othersOffer = await seedDelivery(null, 'commande');
    await Promise.all([
      seedOffer(open, fresh.uid, 'ouverte', 60_000),
      seedOffer(openSoon, fresh.uid, 'ouverte', 30_000),
      seedOffer(expired, fresh.uid, 'ouverte', -1_000),
      seedOffer(taken, fresh.uid, 'prise', 60_000),
      seedOffer(othersOffer, other.uid, 'ouverte', 60_000),
    ]);
    const offered = await get(fresh, '/api/livreurs/me/deliveries', { scope: 'offered' });
    expect(offered.status).toBe(200);
    expect(offered.body.data.map((item: { id: string }) => item.id)).toEqual([openSoon, open]);
    expect(offered.body.data[0]).toMatchObject({
      statut: 'commande',
      frais: 1000,
      gainLivreur: 210,
      pickups: [{ vendeur: null, position: COTONOU, adresse: 'Dantokpa', collectedAt: null }],
      destination: { position: { latitude: 6.4, longitude: 2.42 }, adresse: null },
      instructions: null,
      offer: { round: 2, distanceKm: 1.5, expiresAt: expect.any(String) },
    });
    // A courier only offered the delivery sees neither the buyer's address, the handover code nor the parties.
    const shown = JSON.stringify(offered.body.data);
    for (const secret of ['Fidjrossè', '424242', 'buyer-seed', 'seller-seed']) expect(shown).not.toContain(secret);
    expect(offered.body.pagination).toMatchObject({ total: 2, hasMore: false });

    const base = Date.now() - 3_600_000;
    const active = [await seedDelivery(fresh.uid, 'assigne', base + 1_000), await seedDelivery(fresh.uid, 'en_cours', base + 2_000)];
    const past = [];
    for (const [index, statut] of (['livre', 'refuse', 'retour', 'annule'] as const).entries()) past.push(await seedDelivery(fresh.uid, statut, base + 10_000 + index * 1_000));
    await seedDelivery(other.uid, 'livre');
    await seedDelivery(other.uid, 'en_cours');

    const activeList = await get(fresh, '/api/livreurs/me/deliveries', { scope: 'active' });
    expect(activeList.body.data.map((item: { id: string; offer: unknown }) => [item.id, item.offer])).toEqual([[active[1], null], [active[0], null]]);
    // `active` is the default scope.
    expect((await get(fresh, '/api/livreurs/me/deliveries')).body.data.map((item: { id: string }) => item.id)).toEqual([active[1], active[0]]);

    const firstPage = await get(fresh, '/api/livreurs/me/deliveries', { scope: 'past', limit: 3 });
    expect(firstPage.body.data.map((item: { id: string }) => item.id)).toEqual([past[3], past[2], past[1]]);
    expect(firstPage.body.pagination).toEqual({ page: 1, limit: 3, total: 4, hasMore: true });
    const secondPage = await get(fresh, '/api/livreurs/me/deliveries', { scope: 'past', limit: 3, page: 2 });
    expect(secondPage.body.data.map((item: { id: string; statut: string }) => [item.id, item.statut])).toEqual([[past[0], 'livre']]);
    expect(secondPage.body.pagination.hasMore).toBe(false);

    for (const query of [{ scope: 'mine' }, { scope: 'past', limit: 0 }, { scope: 'past', page: 0 }, { scope: 'past', extra: 1 }]) {
      const answer = await get(fresh, '/api/livreurs/me/deliveries', query);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await get(fresh, '/api/livreurs/me/deliveries', { scope: 'past', page: 100_000 })).body.code).toBe('PAGE_TOO_DEEP');
  });

  it('shows its earnings: balance, delivery gains this month and by month, newest entries', async () => {
    const fresh = await createUser('livreur');
    const empty = await get(fresh, '/api/livreurs/me/earnings');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ balance: 0, currency: 'XOF', currentMonth: { gains: 0 }, months: [], totalGains: 0, recent: [] });

    const advance = frozenClock(new Date('2026-10-15T10:00:00Z'));
    await record(fresh.uid, { type: 'gain_livraison', montant: 300, reference: 'order_a', description: 'Livraison A' });
    advance(31 * 86_400_000);
    await record(fresh.uid, { type: 'gain_livraison', montant: 200, reference: 'order_b', description: 'Livraison B' });
    advance(60_000);
    await record(fresh.uid, { type: 'gain_livraison', montant: 150, reference: 'order_c', description: 'Livraison C' });
    advance(60_000);
    await record(fresh.uid, { type: 'retrait', montant: -100, reference: 'retrait_1', description: 'Retrait' });
    await record(other.uid, { type: 'gain_livraison', montant: 999, reference: 'order_x', description: 'Autre' });

    const earnings = await get(fresh, '/api/livreurs/me/earnings');
    expect(earnings.body.data).toEqual({
      balance: 550,
      currency: 'XOF',
      currentMonth: { month: '2026-11', gains: 350 },
      months: [
        { month: '2026-11', gains: 350 },
        { month: '2026-10', gains: 300 },
      ],
      totalGains: 650,
      recent: [
        // A withdrawal reads the whole wallet: its balance after is exact. A credit lands on a shard
        // of the wallet without reading the others (docs/guides/wallet.md, "Money"): no balance after.
        expect.objectContaining({ id: 'retrait_retrait_1', type: 'retrait', montant: -100, balanceAfter: 550 }),
        expect.objectContaining({ id: 'gain_livraison_order_c', montant: 150, balanceAfter: null }),
        expect.objectContaining({ id: 'gain_livraison_order_b', montant: 200, balanceAfter: null }),
        expect.objectContaining({ id: 'gain_livraison_order_a', montant: 300, balanceAfter: null }),
      ],
    });
  });
});

describe('admins', () => {
  let listed: TestUser[];

  beforeAll(async () => {
    listed = await Promise.all([
      createUser('livreur', { nom: 'Kiki', prenoms: 'Ama' }),
      createUser('livreur', { nom: 'Kikí', prenoms: 'Bruno' }),
      createUser('livreur', { nom: 'Sagbo', prenoms: 'Kiki' }),
    ]);
    await status(listed[0], { online: true, position: COTONOU });
    await status(listed[1], { online: false, position: PORTO_NOVO });
    await locate(listed[2], ABOMEY_CALAVI);
  });

  const ids = (answer: { body: { data: Array<{ uid: string }> } }) => answer.body.data.map((item) => item.uid);

  it('lists couriers by online flag, name prefix (case and accents ignored) or telephone, paginated', async () => {
    const all = await get(admin, '/api/livreurs', { limit: 100 });
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual(expect.arrayContaining(listed.map((user) => user.uid)));
    expect(all.body.data.find((item: { uid: string }) => item.uid === listed[0].uid)).toMatchObject({ online: true, position: COTONOU, nom: 'Kiki', prenoms: 'Ama', telephone: listed[0].telephone });

    const online = await get(admin, '/api/livreurs', { online: 'true', limit: 100 });
    expect(ids(online)).toContain(listed[0].uid);
    expect(online.body.data.every((item: { online: boolean }) => item.online)).toBe(true);
    const offline = await get(admin, '/api/livreurs', { online: 'false', limit: 100 });
    expect(ids(offline)).toEqual(expect.arrayContaining([listed[1].uid, listed[2].uid]));
    expect(ids(offline)).not.toContain(listed[0].uid);

    expect(ids(await get(admin, '/api/livreurs', { q: 'KIKI' }))).toEqual([listed[0].uid, listed[1].uid]);
    expect(ids(await get(admin, '/api/livreurs', { q: 'kiki b', online: 'false' }))).toEqual([listed[1].uid]);
    expect(ids(await get(admin, '/api/livreurs', { q: 'kiki', online: 'true' }))).toEqual([listed[0].uid]);
    expect(ids(await get(admin, '/api/livreurs', { telephone: listed[2].telephone }))).toEqual([listed[2].uid]);
    expect(ids(await get(admin, '/api/livreurs', { telephone: listed[2].telephone, online: 'true' }))).toEqual([]);

    const page = await get(admin, '/api/livreurs', { q: 'kiki', limit: 1, page: 2 });
    expect(ids(page)).toEqual([listed[1].uid]);
    expect(page.body.pagination).toEqual({ page: 2, limit: 1, total: 2, hasMore: false });

    for (const query of [{ online: 'yes' }, { q: '' }, { telephone: '0190000005' }, { q: 'kiki', telephone: listed[0].telephone }, { role: 'livreur' }]) {
      const answer = await get(admin, '/api/livreurs', query);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('shows one courier with its profile and active deliveries; other ids answer LIVREUR_NOT_FOUND', async () => {
    const active = await seedDelivery(listed[0].uid, 'en_cours');
    await seedDelivery(listed[0].uid, 'livre');
    const detail = await get(admin, `/api/livreurs/${listed[0].uid}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual({
      uid: listed[0].uid,
      online: true,
      position: COTONOU,
      locationAt: expect.any(String),
      updatedAt: expect.any(String),
      nom: 'Kiki',
      prenoms: 'Ama',
      telephone: listed[0].telephone,
      isBlocked: false,
      activeDeliveries: [active],
    });

    // A courier that never reported its presence: offline and nowhere.
    const silent = await createUser('livreur');
    expect((await get(admin, `/api/livreurs/${silent.uid}`)).body.data).toMatchObject({ online: false, position: null, updatedAt: null, activeDeliveries: [] });

    for (const uid of [buyer.uid, 'no-such-user', '__x__', 'a%2Fb']) {
      const answer = await get(admin, `/api/livreurs/${uid}`);
      expect([answer.status, answer.body.code]).toEqual([404, 'LIVREUR_NOT_FOUND']);
    }
  });
});

describe('the nearby index', () => {
  const members = (uid: string) => nearbyMembersOf('livreur', uid);

  it('holds one member per online courier, in the cell of its position: moved across a cell edge, deleted offline', async () => {
    useSettings({ LIVREUR_LOCATION_INTERVAL_SECONDS: '15' });
    const advance = frozenClock(new Date('2026-11-20T13:00:00Z'));
    const fresh = await createUser('livreur');
    expect(cellOf(WEST_OF_EDGE)).not.toBe(cellOf(EAST_OF_EDGE));

    // Offline with a position: stored, not searchable.
    expect((await locate(fresh, WEST_OF_EDGE)).body.data.written).toBe(true);
    expect(await members(fresh.uid)).toEqual([]);
    expect(await presenceOf(fresh.uid)).toMatchObject({ online: false, cell: null });

    await status(fresh, { online: true });
    expect(await members(fresh.uid)).toEqual([{ cell: cellOf(WEST_OF_EDGE), data: { position: WEST_OF_EDGE, updatedAt: expect.anything() } }]);
    expect(await presenceOf(fresh.uid)).toMatchObject({ online: true, cell: cellOf(WEST_OF_EDGE) });

    advance(15_000);
    expect((await locate(fresh, EAST_OF_EDGE)).body.data.written).toBe(true);
    expect(await members(fresh.uid)).toEqual([{ cell: cellOf(EAST_OF_EDGE), data: expect.objectContaining({ position: EAST_OF_EDGE }) }]);
    expect(await presenceOf(fresh.uid)).toMatchObject({ cell: cellOf(EAST_OF_EDGE) });
    // Searched from the west cell, the circle reaches the east one: found once, where it is now.
    expect((await nearbyCouriers(WEST_OF_EDGE, 3, 10)).couriers).toEqual([{ uid: fresh.uid, position: EAST_OF_EDGE, distanceKm: expect.closeTo(1.3, 1) }]);

    advance(15_000);
    // Within the same cell the member moves in place.
    const further = { latitude: 7.19, longitude: 2.47 };
    expect(cellOf(further)).toBe(cellOf(EAST_OF_EDGE));
    await locate(fresh, further);
    expect(await members(fresh.uid)).toEqual([{ cell: cellOf(further), data: expect.objectContaining({ position: further }) }]);

    await status(fresh, { online: false });
    expect(await members(fresh.uid)).toEqual([]);
    expect(await presenceOf(fresh.uid)).toMatchObject({ online: false, cell: null, position: further });
    expect((await nearbyCouriers(further, 3, 10)).couriers).toEqual([]);
    // Offline, the stream stores positions but puts nobody in the index.
    advance(15_000);
    await locate(fresh, WEST_OF_EDGE);
    expect(await members(fresh.uid)).toEqual([]);
  });

  it('two status changes or location updates at once, on either side of an edge, leave one member where the presence says', async () => {
    useSettings({ LIVREUR_LOCATION_INTERVAL_SECONDS: '15' });
    const advance = frozenClock(new Date('2026-11-20T14:00:00Z'));
    const fresh = await createUser('livreur');
    // Status changes are all written: the last one committed wins, and its cell alone holds a member.
    const statuses = await Promise.all([status(fresh, { online: true, position: WEST_OF_EDGE }), status(fresh, { online: true, position: EAST_OF_EDGE })]);
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = (await presenceOf(fresh.uid))!;
    expect(await members(fresh.uid)).toEqual([{ cell: cellOf(stored.position), data: expect.objectContaining({ position: stored.position }) }]);
    expect(stored.cell).toBe(cellOf(stored.position));

    advance(15_000);
    const updates = await Promise.all([locate(fresh, WEST_OF_EDGE), locate(fresh, EAST_OF_EDGE)]);
    const winner = updates.find((answer) => answer.body.data.written)!.body.data.presence.position;
    expect(updates.filter((answer) => answer.body.data.written)).toHaveLength(1);
    expect(await members(fresh.uid)).toEqual([{ cell: cellOf(winner), data: expect.objectContaining({ position: winner }) }]);
    expect((await nearbyCouriers(WEST_OF_EDGE, 3, 10)).couriers.map((found) => found.uid)).toEqual([fresh.uid]);
  });
});

describe('presence follows the profile', () => {
  it('a blocked courier goes offline at once and is found no more; a renamed one is listed by its new name', async () => {
    const courierToBlock = await createUser('livreur', { nom: 'Dossa', prenoms: 'Paul' });
    const client = await api();
    const spot = { latitude: 9.3372, longitude: 2.6303 }; // Parakou: nobody else of this file there
    expect((await status(courierToBlock, { online: true, position: spot })).status).toBe(200);
    expect((await nearbyCouriers(spot, 5, 10)).couriers.map((found) => found.uid)).toEqual([courierToBlock.uid]);

    const renamed = await client.patch('/api/users/me').set(bearer(courierToBlock.token)).send({ nom: 'Dossa-Ahouandjinou' });
    expect(renamed.status).toBe(200);
    expect(await presenceOf(courierToBlock.uid)).toMatchObject({ online: true, nom: 'Dossa-Ahouandjinou', nameKey: 'dossa-ahouandjinou paul' });
    expect((await get(admin, '/api/livreurs', { q: 'dossa-a' })).body.data.map((item: { uid: string }) => item.uid)).toEqual([courierToBlock.uid]);

    expect((await client.patch(`/api/users/${courierToBlock.uid}/block`).set(bearer(admin.token)).send({ motif: 'fraude' })).status).toBe(200);
    expect(await presenceOf(courierToBlock.uid)).toMatchObject({ online: false, position: spot, cell: null });
    expect((await nearbyCouriers(spot, 5, 10)).couriers).toEqual([]);
    expect(await nearbyMembersOf('livreur', courierToBlock.uid)).toEqual([]);
    expect((await get(admin, `/api/livreurs/${courierToBlock.uid}`)).body.data).toMatchObject({ online: false, isBlocked: true });

    // Unblocked, it stays offline until it goes online itself.
    expect((await client.patch(`/api/users/${courierToBlock.uid}/unblock`).set(bearer(admin.token)).send({})).status).toBe(200);
    expect(await presenceOf(courierToBlock.uid)).toMatchObject({ online: false });
    // A user without presence (a buyer blocked) gets none.
    const someBuyer = await createUser('acheteur');
    expect((await client.patch(`/api/users/${someBuyer.uid}/block`).set(bearer(admin.token)).send({})).status).toBe(200);
    expect(await presenceOf(someBuyer.uid)).toBeUndefined();
  });

  it('a courier made a seller by an admin goes offline', async () => {
    const changing = await createUser('livreur');
    await status(changing, { online: true, position: COTONOU });
    expect(await nearbyMembersOf('livreur', changing.uid)).toHaveLength(1);
    const changed = await (await api()).patch(`/api/users/${changing.uid}/role`).set(bearer(admin.token)).send({ role: 'vendeur' });
    expect(changed.status).toBe(200);
    expect(await presenceOf(changing.uid)).toMatchObject({ online: false, cell: null });
    expect(await nearbyMembersOf('livreur', changing.uid)).toEqual([]);
    expect((await get(admin, `/api/livreurs/${changing.uid}`)).body.code).toBe('LIVREUR_NOT_FOUND');
  });
});
