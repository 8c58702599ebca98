/**
 * Delivery zones (`/api/delivery-zones`): admin levels write them, anyone reads them, looks a point
 * up and asks for a fee quote; the quote is bounded by the zone, the public routes are rate limited.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { distanceKm } from '../../functions/src/domains/geo';
import { quoteDelivery } from '../../functions/src/domains/logistics';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { asDeployed, restoreSettings, useSettings } from '../helpers/settings';

let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
});
afterEach(restoreSettings);

const corner = (latitude: number, longitude: number) => ({ latitude, longitude });
/** A rectangle as an open ring. */
const box = (south: number, west: number, north: number, east: number) => [corner(south, west), corner(south, east), corner(north, east), corner(north, west)];

/** Greater Cotonou, and Akpakpa drawn inside it (overlap: the smaller wins). */
const COTONOU = box(6.33, 2.33, 6.42, 2.48);
const AKPAKPA = box(6.35, 2.44, 6.38, 2.47);
const IN_AKPAKPA = corner(6.365, 2.455);
const IN_COTONOU_ONLY = corner(6.37, 2.38);
const PARAKOU = corner(9.3372, 2.6303);

function zoneInput(overrides: Record<string, unknown> = {}) {
  return { nom: 'Grand Cotonou', polygon: COTONOU, prixParKm: 100, fraisMin: 500, fraisMax: 3000, villes: ['Cotonou'], ...overrides };
}

async function create(body: Record<string, unknown>, user: TestUser = admin) {
  return (await api()).post('/api/delivery-zones').set(bearer(user.token)).send(body);
}

async function created(body: Record<string, unknown>): Promise<string> {
  const res = await create(body);
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const zoneCount = async () => ((await db().collection(COLLECTIONS.deliveryZoneCount).doc('all').get()).data()?.count as number | undefined) ?? 0;
const stored = async (id: string) => (await db().collection(COLLECTIONS.deliveryZones).doc(id).get()).data();
const lookup = async (point: unknown) => (await api()).post('/api/delivery-zones/lookup').send(point as object);
const quote = async (body: unknown) => (await api()).post('/api/delivery-zones/quote').send(body as object);

describe('writing zones', () => {
  it('lets principal and superAdmin create, change and delete a zone (a tariff), each write audited; others, other admin levels included, are refused', async () => {
    const levels = await Promise.all((['principal', 'superAdmin'] as const).map((role) => createUser(role)));
    for (const level of levels) {
      const res = await create(zoneInput({ nom: `Zone de ${level.role}`, actif: false }), level);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ nom: `Zone de ${level.role}`, prixParKm: 100, fraisMin: 500, fraisMax: 3000, villes: ['Cotonou'], actif: false, polygon: COTONOU });
      expect(await stored(res.body.data.id)).toMatchObject({ createdBy: level.uid, bbox: { minLat: 6.33, maxLat: 6.42, minLng: 2.33, maxLng: 2.48 } });
      const changed = await (await api()).patch(`/api/delivery-zones/${res.body.data.id}`).set(bearer(level.token)).send({ fraisMax: 4000, villes: ['Cotonou', 'Abomey-Calavi'] });
      expect(changed.body.data).toMatchObject({ fraisMax: 4000, villes: ['Cotonou', 'Abomey-Calavi'], nom: `Zone de ${level.role}` });
      expect(await stored(res.body.data.id)).toMatchObject({ fraisMax: 4000, updatedBy: level.uid });
      const before = await zoneCount();
      const deleted = await (await api()).delete(`/api/delivery-zones/${res.body.data.id}`).set(bearer(level.token));
      expect(deleted.body.data).toEqual({ id: res.body.data.id, deleted: true });
      expect(await stored(res.body.data.id)).toBeUndefined();
      expect(await zoneCount()).toBe(before - 1);
      const trail = (await db().collection(COLLECTIONS.auditTrail).where('target.id', '==', res.body.data.id).get()).docs.map((doc) => doc.data());
      expect(trail.map((entry) => entry.action).sort()).toEqual(['delivery_zone.created', 'delivery_zone.deleted', 'delivery_zone.updated']);
      expect(trail.find((entry) => entry.action === 'delivery_zone.updated')).toMatchObject({
        actor: { uid: level.uid, role: level.role },
        before: { fraisMax: 3000, villes: ['Cotonou'] },
        after: { fraisMax: 4000, villes: ['Cotonou', 'Abomey-Calavi'] },
      });
    }

    const id = await created(zoneInput({ nom: 'Refus', actif: false }));
    const client = await api();
    for (const role of ['acheteur', 'vendeur', 'livreur', 'agentCommercial'] as const) {
      const user = await createUser(role);
      expect((await create(zoneInput(), user)).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.patch(`/api/delivery-zones/${id}`).set(bearer(user.token)).send({ fraisMin: 0 })).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.delete(`/api/delivery-zones/${id}`).set(bearer(user.token))).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.get('/api/delivery-zones/admin').set(bearer(user.token))).status).toBe(403);
    }
    // The other admin levels read every zone but write none.
    for (const role of ['admin', 'gestionnaire'] as const) {
      const user = await createUser(role);
      expect((await create(zoneInput(), user)).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.patch(`/api/delivery-zones/${id}`).set(bearer(user.token)).send({ fraisMin: 0 })).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.delete(`/api/delivery-zones/${id}`).set(bearer(user.token))).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.get('/api/delivery-zones/admin').set(bearer(user.token))).status).toBe(200);
    }
    expect(await stored(id)).toMatchObject({ nom: 'Refus' });
    expect((await client.post('/api/delivery-zones').send(zoneInput())).status).toBe(401);
    expect((await client.patch(`/api/delivery-zones/${id}`).send({ fraisMin: 0 })).status).toBe(401);
    expect((await client.delete(`/api/delivery-zones/${id}`)).status).toBe(401);

    // A blocked admin writes nothing.
    const [blocked, superAdmin] = await Promise.all([createUser('gestionnaire'), createUser('superAdmin')]);
    expect((await client.patch(`/api/users/${blocked.uid}/block`).set(bearer(superAdmin.token)).send({ motif: 'Compte compromis' })).status).toBe(200);
    expect((await create(zoneInput(), blocked)).status).toBe(403);
    expect(await stored(id)).toMatchObject({ fraisMin: 500, nom: 'Refus' });
    expect((await client.delete(`/api/delivery-zones/${id}`).set(bearer(admin.token))).status).toBe(200);
  });

  it('refuses bad outlines and fees, and writes nothing', async () => {
    const before = await zoneCount();
    const code = async (overrides: Record<string, unknown>) => (await create(zoneInput(overrides))).body.code;
    expect(await code({ polygon: [corner(6.3, 2.3), corner(6.4, 2.4)] })).toBe('VALIDATION_ERROR');
    // Closed rings count their closing point once: three points, two of them distinct.
    expect(await code({ polygon: [corner(6.3, 2.3), corner(6.4, 2.4), corner(6.3, 2.3)] })).toBe('DELIVERY_ZONE_POLYGON_INVALID');
    expect(await code({ polygon: [corner(6.3, 2.3), corner(6.3, 2.3), corner(6.4, 2.4), corner(6.4, 2.4)] })).toBe('DELIVERY_ZONE_POLYGON_INVALID');
    // On one line: no area.
    const line = await create(zoneInput({ polygon: [corner(6.3, 2.3), corner(6.35, 2.35), corner(6.4, 2.4)] }));
    expect(line.body).toMatchObject({ code: 'DELIVERY_ZONE_POLYGON_INVALID', details: [{ field: 'body.polygon', reason: 'no_area' }] });
    // A bow tie: two edges cross.
    const bowTie = await create(zoneInput({ polygon: [corner(6.3, 2.3), corner(6.4, 2.4), corner(6.3, 2.4), corner(6.4, 2.3)] }));
    expect(bowTie.body).toMatchObject({ code: 'DELIVERY_ZONE_POLYGON_INVALID', details: [{ reason: 'self_intersecting' }] });
    // A ring through the same corner twice (a figure of eight).
    expect(await code({ polygon: [corner(6.3, 2.3), corner(6.35, 2.35), corner(6.3, 2.4), corner(6.4, 2.4), corner(6.35, 2.35), corner(6.4, 2.3)] })).toBe(
      'DELIVERY_ZONE_POLYGON_INVALID',
    );
    expect(await code({ polygon: [corner(95, 2.3), corner(6.4, 2.4), corner(6.3, 2.4)] })).toBe('VALIDATION_ERROR');
    expect(await code({ polygon: Array.from({ length: 202 }, (_, i) => corner(6 + Math.cos(i) / 10, 2 + Math.sin(i) / 10)) })).toBe('VALIDATION_ERROR');
    // 200 points at most: 201 distinct ones are too many, 200 and the closing one are fine.
    const circle = (n: number) => Array.from({ length: n }, (_, i) => corner(6.37 + Math.cos((2 * Math.PI * i) / n) / 20, 2.4 + Math.sin((2 * Math.PI * i) / n) / 20));
    const tooMany = await create(zoneInput({ polygon: circle(201) }));
    expect(tooMany.body).toMatchObject({ code: 'DELIVERY_ZONE_POLYGON_INVALID', details: [{ reason: 'too_many_points' }] });
    expect(await code({ fraisMin: 5000, fraisMax: 3000 })).toBe('VALIDATION_ERROR');
    expect(await code({ prixParKm: -1 })).toBe('VALIDATION_ERROR');
    expect(await code({ prixParKm: 10.5 })).toBe('VALIDATION_ERROR');
    expect(await code({ nom: '' })).toBe('VALIDATION_ERROR');
    expect(await code({ bbox: { minLat: 0 } })).toBe('VALIDATION_ERROR');
    expect(await zoneCount()).toBe(before);

    const round = await create(zoneInput({ polygon: [...circle(200), circle(200)[0]], actif: false }));
    expect(round.status).toBe(201);
    expect(round.body.data.polygon).toHaveLength(200);
    expect((await (await api()).delete(`/api/delivery-zones/${round.body.data.id}`).set(bearer(admin.token))).status).toBe(200);

    // A closed triangle is fine: stored open.
    const triangle = await create(zoneInput({ polygon: [corner(6.3, 2.3), corner(6.4, 2.4), corner(6.3, 2.4), corner(6.3, 2.3)], actif: false }));
    expect(triangle.status).toBe(201);
    expect(triangle.body.data.polygon).toEqual([corner(6.3, 2.3), corner(6.4, 2.4), corner(6.3, 2.4)]);

    // Changes are checked against what is stored, and a refused change writes nothing.
    const client = await api();
    const id = triangle.body.data.id as string;
    const above = await client.patch(`/api/delivery-zones/${id}`).set(bearer(admin.token)).send({ fraisMin: 3500 });
    expect(above.body.code).toBe('VALIDATION_ERROR');
    const crossing = await client.patch(`/api/delivery-zones/${id}`).set(bearer(admin.token)).send({ polygon: [corner(6.3, 2.3), corner(6.4, 2.4), corner(6.3, 2.4), corner(6.4, 2.3)], fraisMin: 100 });
    expect(crossing.body.code).toBe('DELIVERY_ZONE_POLYGON_INVALID');
    expect((await client.patch(`/api/delivery-zones/${id}`).set(bearer(admin.token)).send({})).body.code).toBe('VALIDATION_ERROR');
    expect(await stored(id)).toMatchObject({ fraisMin: 500, fraisMax: 3000, polygon: [corner(6.3, 2.3), corner(6.4, 2.4), corner(6.3, 2.4)] });
    // A new outline moves the zone's box and area with it.
    const moved = await client.patch(`/api/delivery-zones/${id}`).set(bearer(admin.token)).send({ polygon: AKPAKPA });
    expect(moved.body.data.polygon).toEqual(AKPAKPA);
    expect(await stored(id)).toMatchObject({ bbox: { minLat: 6.35, maxLat: 6.38, minLng: 2.44, maxLng: 2.47 } });
    await client.delete(`/api/delivery-zones/${id}`).set(bearer(admin.token));
  });

  it('answers DELIVERY_ZONE_NOT_FOUND for unknown and impossible ids', async () => {
    const client = await api();
    for (const id of ['nope', 'a%2Fb', 'x'.repeat(1600), '__x__']) {
      expect((await client.get(`/api/delivery-zones/${id}`)).body.code).toBe('DELIVERY_ZONE_NOT_FOUND');
      expect((await client.patch(`/api/delivery-zones/${id}`).set(bearer(admin.token)).send({ fraisMin: 0 })).body.code).toBe('DELIVERY_ZONE_NOT_FOUND');
      const deleted = await client.delete(`/api/delivery-zones/${id}`).set(bearer(admin.token));
      expect([deleted.status, deleted.body.code]).toEqual([404, 'DELIVERY_ZONE_NOT_FOUND']);
    }
  });

  it('caps the number of zones (DELIVERY_ZONES_MAX): of two creations racing for the last place, one wins', async () => {
    const count = await zoneCount();
    useSettings({ DELIVERY_ZONES_MAX: String(count + 1) });
    const race = await Promise.all([create(zoneInput({ nom: 'Course A', actif: false })), create(zoneInput({ nom: 'Course B', actif: false }))]);
    expect(race.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(race.find((res) => res.status === 409)!.body.code).toBe('DELIVERY_ZONES_LIMIT');
    expect(await zoneCount()).toBe(count + 1);
    const winner = race.find((res) => res.status === 201)!.body.data.id as string;

    // Two deletions at once: one deletes, the other finds nothing; counted out once.
    const client = await api();
    const deletions = await Promise.all([1, 2].map(() => client.delete(`/api/delivery-zones/${winner}`).set(bearer(admin.token))));
    expect(deletions.map((res) => res.status).sort()).toEqual([200, 404]);
    expect(await zoneCount()).toBe(count);
    expect((await create(zoneInput({ nom: 'Après', actif: false }))).status).toBe(201);
  });
});

describe('reading zones', () => {
  let cotonou: string;
  let akpakpa: string;
  let inactive: string;

  beforeAll(async () => {
    cotonou = await created(zoneInput());
    akpakpa = await created(zoneInput({ nom: 'Akpakpa', polygon: AKPAKPA, prixParKm: 150, fraisMin: 700, fraisMax: 2500, villes: ['Cotonou'] }));
    // An inactive zone over Parakou: neither found nor used.
    inactive = await created(zoneInput({ nom: 'Parakou', polygon: box(9.3, 2.6, 9.4, 2.7), villes: ['Parakou'], actif: false }));
  });

  it('lists active zones to anyone, every zone to admins, and reads one without a token', async () => {
    const client = await api();
    const listed = await client.get('/api/delivery-zones');
    expect(listed.status).toBe(200);
    const names = listed.body.data.map((zone: { nom: string }) => zone.nom);
    expect(names).toEqual(['Akpakpa', 'Grand Cotonou']);
    expect(listed.body.pagination).toMatchObject({ page: 1, total: 2, hasMore: false });
    const paged = await client.get('/api/delivery-zones').query({ limit: 1, page: 2 });
    expect(paged.body.data.map((zone: { id: string }) => zone.id)).toEqual([cotonou]);
    expect(paged.body.pagination).toMatchObject({ total: 2, hasMore: false });
    expect((await client.get('/api/delivery-zones').query({ limit: 500 })).body.code).toBe('VALIDATION_ERROR');

    const all = await client.get('/api/delivery-zones/admin').set(bearer(admin.token)).query({ limit: 100 });
    expect(all.body.data.map((zone: { id: string }) => zone.id)).toEqual(expect.arrayContaining([cotonou, akpakpa, inactive]));
    expect((await client.get('/api/delivery-zones/admin')).status).toBe(401);

    const one = await client.get(`/api/delivery-zones/${akpakpa}`);
    expect(one.body.data).toMatchObject({ id: akpakpa, nom: 'Akpakpa', polygon: AKPAKPA, prixParKm: 150, actif: true, areaKm2: expect.any(Number) });
    expect((await client.get(`/api/delivery-zones/${inactive}`)).body.data).toMatchObject({ actif: false });
  });

  it('looks a point up: the smallest of overlapping zones, the edge inside, 404 outside and in inactive zones', async () => {
    expect((await lookup(IN_AKPAKPA)).body.data).toMatchObject({ id: akpakpa, nom: 'Akpakpa' });
    expect((await lookup(IN_COTONOU_ONLY)).body.data).toMatchObject({ id: cotonou });
    expect((await lookup(corner(6.33, 2.40))).body.data.id).toBe(cotonou); // on the southern edge
    const outside = await lookup(corner(6.5, 2.6));
    expect([outside.status, outside.body.code]).toEqual([404, 'DELIVERY_ZONE_NOT_FOUND']);
    expect((await lookup(corner(9.35, 2.65))).body.code).toBe('DELIVERY_ZONE_NOT_FOUND'); // the inactive Parakou zone
    expect((await lookup({ latitude: 91, longitude: 2 })).body.code).toBe('VALIDATION_ERROR');
    expect((await lookup({ latitude: 6.3 })).body.code).toBe('VALIDATION_ERROR');
    expect((await lookup({ latitude: 6.3, longitude: 2.4, zone: 'x' })).body.code).toBe('VALIDATION_ERROR');

    // The rule does not depend on which zone was written first: a still smaller zone made later wins.
    const tiny = await created(zoneInput({ nom: 'Marché Dantokpa', polygon: box(6.36, 2.45, 6.37, 2.46) }));
    expect((await lookup(IN_AKPAKPA)).body.data.id).toBe(tiny);
    await (await api()).patch(`/api/delivery-zones/${tiny}`).set(bearer(admin.token)).send({ actif: false });
    expect((await lookup(IN_AKPAKPA)).body.data.id).toBe(akpakpa);
  });

  it('quotes a fee from the distance along the pickups in order, bounded by the zone, with shares that add up', async () => {
    const pickups = [corner(6.36, 2.40), corner(6.39, 2.42)];
    const destination = IN_COTONOU_ONLY;
    const km = distanceKm(pickups[0], pickups[1]) + distanceKm(pickups[1], destination);
    const hundredths = Math.round(km * 100);
    const res = await quote({ pickups, destination });
    expect(res.status).toBe(200);
    const fee = Math.ceil((hundredths * 100) / 100);
    expect(fee).toBeGreaterThan(500); // between the bounds: the price per km decides
    expect(fee).toBeLessThan(3000);
    expect(res.body.data).toEqual({ zoneId: cotonou, distanceKm: hundredths / 100, frais: fee, gainLivreur: Math.ceil((hundredths * 50) / 100), gainSociete: fee - Math.ceil((hundredths * 50) / 100) });
    // The order of the pickups is the courier's route: reversed, the trip is another length.
    const reversed = (await quote({ pickups: [...pickups].reverse(), destination })).body.data;
    expect(reversed.distanceKm).not.toBe(res.body.data.distanceKm);

    // Short trip: the zone's minimum; the courier's share stays its per-km gain.
    const short = (await quote({ pickups: [corner(6.3701, 2.3801)], destination })).body.data;
    expect(short).toMatchObject({ zoneId: cotonou, frais: 500 });
    expect(short.gainLivreur + short.gainSociete).toBe(500);
    expect(short.gainLivreur).toBe(Math.ceil(Math.round(distanceKm(corner(6.3701, 2.3801), destination) * 100) * 50 / 100));
    // Long trip (a pickup in Parakou): the zone's maximum, all of it the courier's.
    const long = (await quote({ pickups: [PARAKOU], destination })).body.data;
    expect(long).toEqual({ zoneId: cotonou, distanceKm: expect.any(Number), frais: 3000, gainLivreur: 3000, gainSociete: 0 });
    expect(long.distanceKm).toBeGreaterThan(300);
    // The destination's zone prices it: Akpakpa's bounds apply inside Akpakpa.
    expect((await quote({ pickups: [corner(6.3701, 2.4551)], destination: IN_AKPAKPA })).body.data).toMatchObject({ zoneId: akpakpa, frais: 700 });
    expect((await quote({ pickups: [PARAKOU], destination: IN_AKPAKPA })).body.data).toMatchObject({ zoneId: akpakpa, frais: 2500 });

    // The public route and the function orders use are one computation.
    expect(await quoteDelivery({ pickups, destination })).toEqual(res.body.data);

    // The courier's gain per km comes from the delivery settings.
    const client = await api();
    const settings = { prixParKm: 75, rayonKm: 10, dureeOffreSecondes: 60, gainLivreurParKm: 60, gainSocieteParKm: 15, commissionVendeurPct: 10 };
    expect((await client.put('/api/admin/delivery-settings').set(bearer(admin.token)).send(settings)).status).toBe(200);
    try {
      expect((await quote({ pickups, destination })).body.data).toMatchObject({ frais: fee, gainLivreur: Math.ceil((hundredths * 60) / 100), gainSociete: fee - Math.ceil((hundredths * 60) / 100) });
    } finally {
      await client.put('/api/admin/delivery-settings').set(bearer(admin.token)).send({ ...settings, gainLivreurParKm: 50, gainSocieteParKm: 25 });
    }
  });

  it('refuses a destination outside every zone and bad quote requests', async () => {
    const outside = await quote({ pickups: [corner(6.36, 2.40)], destination: PARAKOU });
    expect([outside.status, outside.body.code]).toEqual([400, 'DELIVERY_OUT_OF_ZONE']);
    expect((await quote({ pickups: [], destination: IN_COTONOU_ONLY })).body.code).toBe('VALIDATION_ERROR');
    expect((await quote({ pickups: Array.from({ length: 11 }, () => corner(6.36, 2.4)), destination: IN_COTONOU_ONLY })).body.code).toBe('VALIDATION_ERROR');
    expect((await quote({ pickups: [corner(6.36, 2.4)] })).body.code).toBe('VALIDATION_ERROR');
    expect((await quote({ pickups: [corner(6.36, 200)], destination: IN_COTONOU_ONLY })).body.code).toBe('VALIDATION_ERROR');
    expect((await quote({ pickups: [corner(6.36, 2.4)], destination: IN_COTONOU_ONLY, frais: 1 })).body.code).toBe('VALIDATION_ERROR');
    // Ten pickups are fine.
    expect((await quote({ pickups: Array.from({ length: 10 }, (_, i) => corner(6.36 + i / 1000, 2.4)), destination: IN_COTONOU_ONLY })).status).toBe(200);
  });

  it('rate-limits the public lookup and quote per client IP, together', async () => {
    useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true', DELIVERY_QUOTE_RATE_LIMIT_MAX: '2' });
    asDeployed(); // the X-Forwarded-For entries below are the platform's, one per client
    const client = await api();
    const from = (ip: string) => client.post('/api/delivery-zones/lookup').set('X-Forwarded-For', ip);
    expect((await from('198.51.100.40').send(IN_AKPAKPA)).status).toBe(200);
    expect((await from('198.51.100.40').send(corner(6.5, 2.6))).status).toBe(404); // counted too
    const limited = await client.post('/api/delivery-zones/quote').set('X-Forwarded-For', '198.51.100.40').send({ pickups: [corner(6.36, 2.4)], destination: IN_AKPAKPA });
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.41').send(IN_AKPAKPA)).status).toBe(200);
    // Reads of zones are not counted.
    expect((await client.get('/api/delivery-zones').set('X-Forwarded-For', '198.51.100.40')).status).toBe(200);
  });
});
