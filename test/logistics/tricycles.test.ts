/**
 * Tricycles (`/api/tricycles`): drivers publish their status and a throttled GPS stream, buyers find
 * online drivers nearby (geohash search) and contact one; the driver accepts (a chat room opens for
 * the two), declines, or either side closes; each move told to the other side.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { cellOf, geohashOf } from '../../functions/src/core/nearby';
import { CONTACT_EVENTS, CONTACT_STATUSES, CONTACT_TRANSITIONS } from '../../functions/src/domains/logistics/tricycles/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { countReads } from '../helpers/reads';
import { resetEmulators } from '../helpers/emulators';
import { nearbyMembersOf } from '../helpers/nearby';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';
import { walk } from '../helpers/transition-table';

restoreSettingsAndClockAfterEach();

let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [buyer, otherBuyer, admin] = await Promise.all([createUser('acheteur'), createUser('acheteur'), createUser('admin')]);
});

interface Point {
  latitude: number;
  longitude: number;
}

const COTONOU = { latitude: 6.3703, longitude: 2.3912 };
const PARAKOU = { latitude: 9.3372, longitude: 2.6303 };
const NATITINGOU = { latitude: 10.3042, longitude: 1.3796 };
const KANDI = { latitude: 11.1342, longitude: 2.9386 };
const DJOUGOU = { latitude: 9.7085, longitude: 1.6660 };
/**
 * Two points 1.3 km apart on either side of a cell edge (the geohash grid's column edge at
 * longitude -180 + 519 x 360/1024 = 2.4609375), in Bohicon: no other driver of this file there.
 */
const WEST_OF_EDGE = { latitude: 7.18, longitude: 2.455 };
const EAST_OF_EDGE = { latitude: 7.18, longitude: 2.467 };

/** A point `km` north of `from` (one degree of latitude is about 111.2 km). */
const north = (from: Point, km: number): Point => ({ latitude: from.latitude + km / 111.2, longitude: from.longitude });

const VEHICLE = { vehicule: 'Tricycle Apsonic bleu', plaque: 'AB 1234 RB' };

async function status(user: TestUser, body: Record<string, unknown>) {
  return (await api()).put('/api/tricycles/me/status').set(bearer(user.token)).send(body);
}

/** A chauffeur online at `position`, a tricycle driver from then on. */
async function onlineDriver(position: Point, names: { nom?: string; prenoms?: string } = {}): Promise<TestUser> {
  const driver = await createUser('chauffeur', names);
  const res = await status(driver, { online: true, position, ...VEHICLE });
  expect(res.status).toBe(200);
  return driver;
}

async function locate(user: TestUser, body: object) {
  return (await api()).post('/api/tricycles/me/location').set(bearer(user.token)).send(body);
}

async function nearby(user: TestUser, query: object) {
  return (await api()).get('/api/tricycles/nearby').query(query).set(bearer(user.token));
}

async function contact(user: TestUser, body: Record<string, unknown>) {
  return (await api()).post('/api/tricycles/contacts').set(bearer(user.token)).send(body);
}

async function act(user: TestUser, id: string, action: 'accept' | 'decline' | 'close') {
  return (await api()).post(`/api/tricycles/contacts/${id}/${action}`).set(bearer(user.token));
}

async function openRoom(user: TestUser, contextId: string) {
  return (await api()).post('/api/chat/rooms').set(bearer(user.token)).send({ contextKind: 'tricycle', contextId });
}

const driverDocument = async (uid: string) => (await db().collection(COLLECTIONS.tricycleDrivers).doc(uid).get()).data();
const contactDocument = async (id: string) => (await db().collection(COLLECTIONS.tricycleContacts).doc(id).get()).data();

/** The notices of `type` about a contact a user was told, as stored. */
async function notices(user: TestUser, type: string, contactId: string) {
  const all = await db().collection(COLLECTIONS.users).doc(user.uid).collection(COLLECTIONS.notifications).where('type', '==', type).get();
  return all.docs.map((doc) => doc.data()).filter((notice) => notice.resource?.id === contactId);
}

async function tricycleRooms(contactId: string) {
  return (await db().collection(COLLECTIONS.chatRooms).where('contextKind', '==', 'tricycle').where('contextId', '==', contactId).get()).docs;
}

it('walks the contact status table: allowed moves move, the others answer INVALID_TRANSITION', () => {
  walk(CONTACT_TRANSITIONS, CONTACT_STATUSES, CONTACT_EVENTS, {
    'initiated --accept-->': 'accepted',
    'initiated --decline-->': 'closed',
    'initiated --close-->': 'closed',
    'accepted --close-->': 'closed',
    'closed --open-->': 'initiated',
  });
});

describe('a driver’s status', () => {
  it('makes a chauffeur a tricycle driver with its vehicle, online at a position, and keeps what a later status leaves out', async () => {
    const driver = await createUser('chauffeur', { nom: 'Houessou', prenoms: 'Mathieu' });
    const client = await api();
    const before = await client.get('/api/tricycles/me').set(bearer(driver.token));
    expect([before.status, before.body.code]).toEqual([404, 'TRICYCLE_DRIVER_NOT_FOUND']);
    const missing = await status(driver, { online: true, position: COTONOU });
    expect([missing.status, missing.body.code]).toEqual([400, 'TRICYCLE_VEHICLE_REQUIRED']);
    expect(await driverDocument(driver.uid)).toBeUndefined();

    const online = await status(driver, { online: true, position: COTONOU, ...VEHICLE, prixIndicatif: 500 });
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ uid: driver.uid, online: true, position: COTONOU, nom: 'Houessou', prenoms: 'Mathieu', ...VEHICLE, prixIndicatif: 500 });
    expect(await driverDocument(driver.uid)).toMatchObject({ online: true, position: COTONOU, geohash: geohashOf(COTONOU), ...VEHICLE });
    expect((await client.get('/api/tricycles/me').set(bearer(driver.token))).body.data).toMatchObject({ uid: driver.uid, online: true, ...VEHICLE });

    const offline = await status(driver, { online: false, prixIndicatif: null });
    expect(offline.body.data).toMatchObject({ online: false, position: COTONOU, ...VEHICLE, prixIndicatif: null });
    expect(await driverDocument(driver.uid)).toMatchObject({ online: false, vehicule: VEHICLE.vehicule, prixIndicatif: null });
  });

  it('refuses bad input, other roles and anonymous callers, writing nothing', async () => {
    const driver = await createUser('chauffeur');
    for (const body of [
      {},
      { online: true, ...VEHICLE },
      { online: 'yes', position: COTONOU, ...VEHICLE },
      { online: true, position: { latitude: 91, longitude: 2 }, ...VEHICLE },
      { online: true, position: COTONOU, ...VEHICLE, geohash: 's0000' },
      { online: true, position: COTONOU, ...VEHICLE, prixIndicatif: -5 },
      { online: true, position: COTONOU, vehicule: '', plaque: 'X' },
    ]) {
      const res = await status(driver, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await driverDocument(driver.uid)).toBeUndefined();
    const asBuyer = await status(buyer, { online: true, position: COTONOU, ...VEHICLE });
    expect([asBuyer.status, asBuyer.body.code]).toEqual([403, 'FORBIDDEN_ROLE']);
    expect(await driverDocument(buyer.uid)).toBeUndefined();
    expect((await (await api()).put('/api/tricycles/me/status').send({ online: false })).status).toBe(401);
    expect((await (await api()).get('/api/tricycles/me').set(bearer(buyer.token))).body.code).toBe('FORBIDDEN_ROLE');
  });

  it('stores one position of a GPS stream per interval, answering what happened without an error; two at once store one', async () => {
    const move = frozenClock();
    const driver = await onlineDriver(KANDI);
    const tooSoon = await locate(driver, north(KANDI, 0.1));
    expect(tooSoon.status).toBe(200);
    expect(tooSoon.body.data).toMatchObject({ written: false, reason: 'throttled' });
    expect(new Date(tooSoon.body.data.nextWriteAt).getTime()).toBe(Date.parse((await driverDocument(driver.uid))!.locationAt.toDate().toISOString()) + 10_000);
    expect((await driverDocument(driver.uid))!.position).toEqual(KANDI);

    move(10_000);
    const points = [north(KANDI, 0.2), north(KANDI, 0.3)];
    const answers = await Promise.all(points.map((point) => locate(driver, point)));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const written = answers.filter((res) => res.body.data.written);
    expect(written).toHaveLength(1);
    expect(answers.filter((res) => res.body.data.reason === 'throttled')).toHaveLength(1);
    const stored = (await driverDocument(driver.uid))!;
    const winner = points[answers.indexOf(written[0])];
    expect(stored).toMatchObject({ position: winner, geohash: geohashOf(winner) });

    move(10_000);
    expect((await locate(driver, north(KANDI, 0.4))).body.data).toMatchObject({ written: true, reason: 'written' });
    // Offline, a position is not stored (nor shown): the answer says so.
    await status(driver, { online: false });
    expect((await locate(driver, north(KANDI, 5))).body.data).toEqual({ written: false, reason: 'offline', nextWriteAt: null });
    expect((await driverDocument(driver.uid))!.position).toEqual(north(KANDI, 0.4));
    const never = await createUser('chauffeur');
    expect((await locate(never, KANDI)).body.data).toEqual({ written: false, reason: 'offline', nextWriteAt: null });
    expect(await driverDocument(never.uid)).toBeUndefined();
  });

  it('refuses a bad position and callers that are no chauffeur', async () => {
    const driver = await onlineDriver(north(KANDI, 30));
    for (const body of [{}, { latitude: 91, longitude: 2 }, { latitude: 6 }, { latitude: '6', longitude: '2' }, { ...COTONOU, extra: 1 }]) {
      const res = await locate(driver, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await locate(buyer, COTONOU)).body.code).toBe('FORBIDDEN_ROLE');
    expect((await (await api()).post('/api/tricycles/me/location').send(COTONOU)).status).toBe(401);
  });

  it('takes a blocked driver offline and its card follows its profile', async () => {
    const driver = await onlineDriver(DJOUGOU, { nom: 'Ancien', prenoms: 'Nom' });
    const client = await api();
    const renamed = await client.patch('/api/users/me').set(bearer(driver.token)).send({ nom: 'Nouveau' });
    expect(renamed.status).toBe(200);
    expect(await driverDocument(driver.uid)).toMatchObject({ online: true, nom: 'Nouveau' });
    const waiting = (await contact(buyer, { chauffeur: driver.uid })).body.data.id as string;
    expect((await client.patch(`/api/users/${driver.uid}/block`).set(bearer(admin.token)).send({ motif: 'Fraude' })).status).toBe(200);
    expect(await driverDocument(driver.uid)).toMatchObject({ online: false, cell: null });
    // Its buyer does not wait on a driver who cannot answer: the contact is closed by `system`, the buyer told.
    expect(await contactDocument(waiting)).toMatchObject({ statut: 'closed', closedBy: 'system' });
    expect(await notices(buyer, 'tricycle_contact_closed', waiting)).toHaveLength(1);
    expect((await nearby(buyer, { ...DJOUGOU, radiusKm: 1 })).body.data).toEqual([]);
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([]);
  });

  it('keeps one nearby member per online driver, with its card, in the cell of its position: moved across an edge, deleted offline or out of the role', async () => {
    const move = frozenClock();
    const driver = await onlineDriver(WEST_OF_EDGE, { nom: 'Bord', prenoms: 'Cellule' });
    expect(cellOf(WEST_OF_EDGE)).not.toBe(cellOf(EAST_OF_EDGE));
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([
      {
        cell: cellOf(WEST_OF_EDGE),
        data: { uid: driver.uid, position: WEST_OF_EDGE, locationAt: expect.anything(), nom: 'Bord', prenoms: 'Cellule', photoUrl: null, ...VEHICLE, prixIndicatif: null },
      },
    ]);
    expect(await driverDocument(driver.uid)).toMatchObject({ cell: cellOf(WEST_OF_EDGE) });

    move(10_000);
    expect((await locate(driver, EAST_OF_EDGE)).body.data.written).toBe(true);
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([{ cell: cellOf(EAST_OF_EDGE), data: expect.objectContaining({ position: EAST_OF_EDGE }) }]);
    // Searched from the west cell, the circle reaches the east one: found once, where it is now.
    const found = await nearby(buyer, { ...WEST_OF_EDGE, radiusKm: 3 });
    expect(found.body.data).toEqual([expect.objectContaining({ uid: driver.uid, position: EAST_OF_EDGE, nom: 'Bord', ...VEHICLE })]);

    // Two positions at once on either side of the edge: one is stored, and one member stands where it is.
    move(10_000);
    const answers = await Promise.all([locate(driver, WEST_OF_EDGE), locate(driver, EAST_OF_EDGE)]);
    expect(answers.filter((res) => res.body.data.written)).toHaveLength(1);
    const stored = (await driverDocument(driver.uid))!;
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([{ cell: cellOf(stored.position), data: expect.objectContaining({ position: stored.position }) }]);
    // Two statuses at once, both written: the last committed holds the one member.
    const statuses = await Promise.all([status(driver, { online: true, position: WEST_OF_EDGE }), status(driver, { online: true, position: EAST_OF_EDGE })]);
    expect(statuses.map((res) => res.status)).toEqual([200, 200]);
    const last = (await driverDocument(driver.uid))!;
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([{ cell: cellOf(last.position), data: expect.objectContaining({ position: last.position }) }]);
    expect(last.cell).toBe(cellOf(last.position));

    // The member carries the card: a new price or name reaches it.
    expect((await status(driver, { online: true, position: last.position, prixIndicatif: 700 })).status).toBe(200);
    await (await api()).patch('/api/users/me').set(bearer(driver.token)).send({ nom: 'Renommé' });
    expect((await nearbyMembersOf('tricycle', driver.uid))[0].data).toMatchObject({ nom: 'Renommé', prixIndicatif: 700 });

    await status(driver, { online: false });
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([]);
    expect(await driverDocument(driver.uid)).toMatchObject({ online: false, cell: null });
    expect((await nearby(buyer, { ...WEST_OF_EDGE, radiusKm: 3 })).body.data).toEqual([]);

    expect((await status(driver, { online: true, position: WEST_OF_EDGE })).status).toBe(200);
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([{ cell: cellOf(WEST_OF_EDGE), data: expect.objectContaining({ position: WEST_OF_EDGE }) }]);
    const changed = await (await api()).patch(`/api/users/${driver.uid}/role`).set(bearer(admin.token)).send({ role: 'vendeur' });
    expect(changed.status).toBe(200);
    expect(await nearbyMembersOf('tricycle', driver.uid)).toEqual([]);
    expect(await driverDocument(driver.uid)).toMatchObject({ online: false, cell: null });
  });
});

describe('the nearby search', () => {
  it('finds online drivers with a fresh position within the radius, nearest first, page by page', async () => {
    const [far, near, middle, edge] = await Promise.all([
      onlineDriver(north(COTONOU, 8)),
      onlineDriver(north(COTONOU, 0.5), { nom: 'Proche', prenoms: 'Driver' }),
      onlineDriver(north(COTONOU, 2)),
      onlineDriver(north(COTONOU, 4.6)),
    ]);
    const offline = await onlineDriver(north(COTONOU, 0.2));
    await status(offline, { online: false });
    // A driver whose app stopped sending 20 minutes ago is no longer shown (TRICYCLE_POSITION_TTL_MINUTES: 15).
    frozenClock(new Date(Date.now() - 20 * 60_000));
    const stale = await onlineDriver(north(COTONOU, 1));
    frozenClock(new Date());
    await onlineDriver(PARAKOU);

    const res = await nearby(buyer, COTONOU);
    expect(res.status).toBe(200);
    expect(res.body.data.map((item: { uid: string }) => item.uid)).toEqual([near.uid, middle.uid, edge.uid]);
    expect(res.body.data.map((item: { distanceKm: number }) => Math.round(item.distanceKm * 10) / 10)).toEqual([0.5, 2, 4.6]);
    expect(res.body.data[0]).toMatchObject({ uid: near.uid, nom: 'Proche', prenoms: 'Driver', ...VEHICLE, position: north(COTONOU, 0.5) });
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 3, hasMore: false });
    expect(res.body.data.map((item: { uid: string }) => item.uid)).not.toContain(stale.uid);
    expect(res.body.data.map((item: { uid: string }) => item.uid)).not.toContain(offline.uid);

    const wider = await nearby(buyer, { ...COTONOU, radiusKm: 10 });
    expect(wider.body.data.map((item: { uid: string }) => item.uid)).toEqual([near.uid, middle.uid, edge.uid, far.uid]);
    const narrower = await nearby(buyer, { ...COTONOU, radiusKm: 1 });
    expect(narrower.body.data.map((item: { uid: string }) => item.uid)).toEqual([near.uid]);
    const second = await nearby(buyer, { ...COTONOU, radiusKm: 10, page: 2, limit: 1 });
    expect(second.body.data.map((item: { uid: string }) => item.uid)).toEqual([middle.uid]);
    expect(second.body.pagination).toEqual({ page: 2, limit: 1, total: 4, hasMore: true });
    const last = await nearby(buyer, { ...COTONOU, radiusKm: 10, page: 2, limit: 3 });
    expect(last.body.data.map((item: { uid: string }) => item.uid)).toEqual([far.uid]);
    expect(last.body.pagination.hasMore).toBe(false);
  });

  it('refuses bad input, callers that are no buyer and anonymous callers', async () => {
    for (const query of [
      {},
      { latitude: 6.37 },
      { latitude: 'abc', longitude: 2.39 },
      { latitude: 91, longitude: 2.39 },
      { ...COTONOU, radiusKm: 0 },
      { ...COTONOU, radiusKm: 100 },
      { ...COTONOU, limit: 500 },
      { ...COTONOU, around: 'x' },
    ]) {
      const res = await nearby(buyer, query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
    const driver = await createUser('chauffeur');
    expect((await nearby(driver, COTONOU)).body.code).toBe('FORBIDDEN_ROLE');
    expect((await (await api()).get('/api/tricycles/nearby').query(COTONOU)).status).toBe(401);
  });
});

describe('the nearby search’s bounds and edges', () => {
  /** Malanville, in the far north: no other driver of this file within 50 km. */
  const MALANVILLE = { latitude: 11.87, longitude: 3.39 };
  const east = (from: Point, km: number): Point => ({ latitude: from.latitude, longitude: from.longitude + km / (111.2 * Math.cos((from.latitude * Math.PI) / 180)) });
  const ids = (res: { body: { data: Array<{ uid: string }> } }) => res.body.data.map((item) => item.uid);

  // docs/guides/logistics.md, Tricycles: "a search reads at most `TRICYCLE_NEARBY_MAX_READS` driver documents, whatever the radius".
  it('reads at most TRICYCLE_NEARBY_MAX_READS drivers at the largest radius, and still answers the nearest first', async () => {
    // Two drivers in Malanville's own cell (row 11.777..11.953), four in the cells around it.
    const drivers = await Promise.all(
      [north(MALANVILLE, 1), north(MALANVILLE, -3), north(MALANVILLE, 15), north(MALANVILLE, -25), east(MALANVILLE, 35), east(MALANVILLE, -45)].map((position) => onlineDriver(position)),
    );
    const whole = await nearby(buyer, { ...MALANVILLE, radiusKm: 50 });
    expect(ids(whole)).toEqual(drivers.map((driver) => driver.uid));

    useSettings({ TRICYCLE_NEARBY_PER_CELL: '2', TRICYCLE_NEARBY_MAX_READS: '3' });
    // What the request reads besides the search (the caller's profile): the same search where no driver is.
    const overhead = (await countReads(() => nearby(buyer, { latitude: -40, longitude: -20, radiusKm: 50 }))).reads.returned;
    const { result: bounded, reads: { returned: reads } } = await countReads(() => nearby(buyer, { ...MALANVILLE, radiusKm: 50 }));
    expect(bounded.status).toBe(200);
    expect(reads - overhead).toBeLessThanOrEqual(3);
    // The nearest cell was read: its two drivers, nearest first; none beyond a cell left unread.
    expect(ids(bounded)).toEqual([drivers[0].uid, drivers[1].uid]);
  });

  // docs/guides/logistics.md, Tricycles: "an empty or blank `latitude` or `longitude` is a 400 `VALIDATION_ERROR` (not the equator)".
  it('refuses an empty or blank coordinate instead of reading it as 0', async () => {
    for (const query of [
      { latitude: '', longitude: 2.4 },
      { latitude: '  ', longitude: 2.4 },
      { latitude: 6.37, longitude: '' },
      { latitude: '', longitude: '' },
    ]) {
      const res = await nearby(buyer, query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('contacts', () => {
  it('opens a contact to a driver, who accepts it: the two get a chat room, a third party gets nothing', async () => {
    const driver = await onlineDriver(PARAKOU, { nom: 'Adjovi', prenoms: 'Paul' });
    const opened = await contact(buyer, { chauffeur: driver.uid, message: 'Vers le marché Arzèkè', position: PARAKOU });
    expect(opened.status).toBe(200);
    const id = opened.body.data.id as string;
    expect(id).toBe(`${buyer.uid}_${driver.uid}`);
    expect(opened.body.data).toMatchObject({ acheteur: buyer.uid, chauffeur: driver.uid, statut: 'initiated', message: 'Vers le marché Arzèkè', chauffeurNom: 'Paul Adjovi', ...VEHICLE, acceptedAt: null, closedBy: null });
    expect(await notices(driver, 'tricycle_contact_initiated', id)).toHaveLength(1);
    expect((await contactDocument(id))!.statut).toBe('initiated');

    // Before acceptance: no room, and the sides may not open one.
    expect(await tricycleRooms(id)).toHaveLength(0);
    expect((await openRoom(buyer, id)).body.code).toBe('CHAT_NOT_ALLOWED');

    const client = await api();
    for (const user of [buyer, driver]) expect((await client.get(`/api/tricycles/contacts/${id}`).set(bearer(user.token))).body.data.id).toBe(id);
    const hidden = await client.get(`/api/tricycles/contacts/${id}`).set(bearer(otherBuyer.token));
    expect([hidden.status, hidden.body.code]).toEqual([404, 'TRICYCLE_CONTACT_NOT_FOUND']);

    // Only its driver accepts it; the buyer may not.
    const otherDriver = await onlineDriver(north(PARAKOU, 1));
    expect((await act(otherDriver, id, 'accept')).body.code).toBe('TRICYCLE_CONTACT_NOT_FOUND');
    expect((await act(buyer, id, 'accept')).body.code).toBe('FORBIDDEN_ROLE');
    expect((await contactDocument(id))!.statut).toBe('initiated');

    const accepted = await act(driver, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ statut: 'accepted' });
    expect(accepted.body.data.acceptedAt).toEqual(expect.any(String));
    expect(await notices(buyer, 'tricycle_contact_accepted', id)).toHaveLength(1);
    const again = await act(driver, id, 'accept');
    expect([again.status, again.body.code]).toEqual([409, 'INVALID_TRANSITION']);

    // The room was opened at acceptance, for the two; both find it, a third party is refused.
    const rooms = await tricycleRooms(id);
    expect(rooms).toHaveLength(1);
    expect(rooms[0].data().participants).toEqual([buyer.uid, driver.uid].sort());
    const fromBuyer = await openRoom(buyer, id);
    const fromDriver = await openRoom(driver, id);
    expect(fromBuyer.status).toBe(200);
    expect([fromBuyer.body.data.id, fromDriver.body.data.id]).toEqual([rooms[0].id, rooms[0].id]);
    const posted = await client.post(`/api/chat/rooms/${rooms[0].id}/messages`).set(bearer(buyer.token)).send({ texte: 'Je suis devant la pharmacie' });
    expect(posted.status).toBe(201);
    for (const third of [otherBuyer, otherDriver]) {
      const refused = await openRoom(third, id);
      expect([refused.status, refused.body.code]).toEqual([404, 'CHAT_CONTEXT_NOT_FOUND']);
      expect((await client.get(`/api/chat/rooms/${rooms[0].id}`).set(bearer(third.token))).body.code).toBe('CHAT_ROOM_NOT_FOUND');
    }
    expect((await openRoom(buyer, 'no-such-contact')).body.code).toBe('CHAT_CONTEXT_NOT_FOUND');

    // Either side closes; the other is told; the room stays theirs; the buyer opens the contact again.
    const closed = await act(driver, id, 'close');
    expect(closed.body.data).toMatchObject({ statut: 'closed', closedBy: 'chauffeur' });
    expect(await notices(buyer, 'tricycle_contact_closed', id)).toHaveLength(1);
    expect((await act(buyer, id, 'close')).body.code).toBe('INVALID_TRANSITION');
    expect((await openRoom(buyer, id)).body.data.id).toBe(rooms[0].id);
    // Opening again at once rings nobody (TRICYCLE_CONTACT_REOPEN_SECONDS); a little later it does.
    const move = frozenClock();
    const tooSoon = await contact(buyer, { chauffeur: driver.uid });
    expect([tooSoon.status, tooSoon.body.code]).toEqual([429, 'TRICYCLE_CONTACT_TOO_SOON']);
    expect(await notices(driver, 'tricycle_contact_initiated', id)).toHaveLength(1);
    move(121_000);
    const reopened = await contact(buyer, { chauffeur: driver.uid });
    expect(reopened.body.data).toMatchObject({ id, statut: 'initiated', closedBy: null, message: null });
    expect(await notices(driver, 'tricycle_contact_initiated', id)).toHaveLength(2);
    const byBuyer = await act(buyer, id, 'close');
    expect(byBuyer.body.data).toMatchObject({ statut: 'closed', closedBy: 'acheteur' });
    expect(await notices(driver, 'tricycle_contact_closed', id)).toHaveLength(1);
    expect((await contactDocument(id))!.history.map((entry: { event: string }) => entry.event)).toEqual(['open', 'accept', 'close', 'open', 'close']);
    expect(await tricycleRooms(id)).toHaveLength(1);
  });

  it('lets the driver decline, and refuses unknown, offline and stale drivers, bad input and other roles', async () => {
    const driver = await onlineDriver(NATITINGOU);
    const opened = await contact(otherBuyer, { chauffeur: driver.uid });
    const id = opened.body.data.id as string;
    expect((await act(otherBuyer, id, 'decline')).body.code).toBe('FORBIDDEN_ROLE');
    const declined = await act(driver, id, 'decline');
    expect(declined.body.data).toMatchObject({ statut: 'closed', closedBy: 'declined', acceptedAt: null });
    expect(await notices(otherBuyer, 'tricycle_contact_declined', id)).toHaveLength(1);
    expect((await act(driver, id, 'decline')).body.code).toBe('INVALID_TRANSITION');
    expect((await act(driver, id, 'accept')).body.code).toBe('INVALID_TRANSITION');
    // Never accepted: no chat for this pair.
    expect((await openRoom(otherBuyer, id)).body.code).toBe('CHAT_NOT_ALLOWED');
    expect(await tricycleRooms(id)).toHaveLength(0);

    const unknown = await contact(buyer, { chauffeur: 'no-such-driver' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'TRICYCLE_DRIVER_NOT_FOUND']);
    const notDriver = await createUser('chauffeur');
    expect((await contact(buyer, { chauffeur: notDriver.uid })).body.code).toBe('TRICYCLE_DRIVER_NOT_FOUND');
    const resting = await onlineDriver(north(NATITINGOU, 2));
    await status(resting, { online: false });
    const offline = await contact(buyer, { chauffeur: resting.uid });
    expect([offline.status, offline.body.code]).toEqual([409, 'TRICYCLE_DRIVER_OFFLINE']);
    const move = frozenClock();
    const quiet = await onlineDriver(north(NATITINGOU, 4));
    move(16 * 60_000);
    expect((await contact(buyer, { chauffeur: quiet.uid })).body.code).toBe('TRICYCLE_DRIVER_OFFLINE');
    for (const uid of [resting.uid, quiet.uid]) expect(await contactDocument(`${buyer.uid}_${uid}`)).toBeUndefined();

    for (const body of [{}, { chauffeur: 'a/b' }, { chauffeur: driver.uid, message: '' }, { chauffeur: driver.uid, position: { latitude: 6 } }, { chauffeur: driver.uid, statut: 'accepted' }]) {
      const res = await contact(buyer, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await contact(driver, { chauffeur: driver.uid })).body.code).toBe('FORBIDDEN_ROLE');
    expect((await (await api()).post('/api/tricycles/contacts').send({ chauffeur: driver.uid })).status).toBe(401);
    const client = await api();
    for (const bad of ['__x__', 'no-such-contact']) {
      for (const path of [`/api/tricycles/contacts/${bad}/accept`, `/api/tricycles/contacts/${bad}/close`]) {
        const res = await client.post(path).set(bearer(driver.token));
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'TRICYCLE_CONTACT_NOT_FOUND' });
      }
      expect((await client.get(`/api/tricycles/contacts/${bad}`).set(bearer(buyer.token))).body.code).toBe('TRICYCLE_CONTACT_NOT_FOUND');
    }
  });

  it('meets one contact when a buyer opens it twice at once, and one notice', async () => {
    const driver = await onlineDriver(north(PARAKOU, 20));
    const answers = await Promise.all(Array.from({ length: 6 }, () => contact(buyer, { chauffeur: driver.uid })));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((res) => res.body.data.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const stored = await db().collection(COLLECTIONS.tricycleContacts).where('acheteur', '==', buyer.uid).where('chauffeur', '==', driver.uid).get();
    expect(stored.size).toBe(1);
    expect(stored.docs[0].data()).toMatchObject({ statut: 'initiated', openings: 1, version: 1 });
    expect(await notices(driver, 'tricycle_contact_initiated', id)).toHaveLength(1);
  });

  it('settles an acceptance and a close at once in one order: the contact ends closed, the room exists only if the acceptance won', async () => {
    for (let round = 0; round < 3; round += 1) {
      const driver = await onlineDriver(north(PARAKOU, 40 + round));
      const id = (await contact(otherBuyer, { chauffeur: driver.uid })).body.data.id as string;
      const [accept, close] = await Promise.all([act(driver, id, 'accept'), act(otherBuyer, id, 'close')]);
      expect(close.status).toBe(200);
      const stored = (await contactDocument(id))!;
      expect(stored.statut).toBe('closed');
      const events = stored.history.map((entry: { event: string }) => entry.event);
      if (accept.status === 200) {
        expect(events).toEqual(['open', 'accept', 'close']);
        expect(await tricycleRooms(id)).toHaveLength(1);
      } else {
        expect([accept.status, accept.body.code]).toEqual([409, 'INVALID_TRANSITION']);
        expect(events).toEqual(['open', 'close']);
        expect(await tricycleRooms(id)).toHaveLength(0);
      }
    }
  });

  it('lists each side’s own contacts, and all of them for admin levels', async () => {
    const [driver, lister] = await Promise.all([onlineDriver(north(DJOUGOU, 30)), createUser('acheteur')]);
    const id = (await contact(lister, { chauffeur: driver.uid })).body.data.id as string;
    const client = await api();
    const mine = async (user: TestUser, query: Record<string, string> = {}) => (await client.get('/api/tricycles/contacts/mine').query(query).set(bearer(user.token))).body;
    expect((await mine(lister)).data.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await mine(driver)).data.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await mine(lister, { statut: 'initiated' })).pagination.total).toBe(1);
    expect((await mine(lister, { statut: 'accepted' })).data).toEqual([]);
    const stranger = await createUser('acheteur');
    expect((await mine(stranger)).data).toEqual([]);
    expect((await mine(lister, { statut: 'open' })).code).toBe('VALIDATION_ERROR');
    expect((await client.get('/api/tricycles/contacts/mine').set(bearer(admin.token))).body.code).toBe('FORBIDDEN_ROLE');

    const contacts = await client.get('/api/tricycles/admin/contacts').query({ chauffeur: driver.uid }).set(bearer(admin.token));
    expect(contacts.body.data.map((item: { id: string }) => item.id)).toEqual([id]);
    const all = await client.get('/api/tricycles/admin/contacts').set(bearer(admin.token));
    expect(all.body.pagination.total).toBeGreaterThan(1);
    const both = await client.get('/api/tricycles/admin/contacts').query({ statut: 'closed', acheteur: lister.uid }).set(bearer(admin.token));
    expect([both.status, both.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const online = await client.get('/api/tricycles/admin/drivers').query({ online: 'true', limit: 100 }).set(bearer(admin.token));
    expect(online.body.data.map((item: { uid: string }) => item.uid)).toContain(driver.uid);
    expect(online.body.data.every((item: { online: boolean }) => item.online)).toBe(true);
    const offline = await client.get('/api/tricycles/admin/drivers').query({ online: 'false', limit: 100 }).set(bearer(admin.token));
    expect(offline.body.data.map((item: { uid: string }) => item.uid)).not.toContain(driver.uid);
    expect(offline.body.data.length).toBeGreaterThan(0);
    for (const path of ['/api/tricycles/admin/drivers', '/api/tricycles/admin/contacts']) {
      expect((await client.get(path).set(bearer(lister.token))).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.get(path).set(bearer(driver.token))).body.code).toBe('FORBIDDEN_ROLE');
    }
    expect((await client.get('/api/tricycles/admin/drivers').query({ online: 'maybe' }).set(bearer(admin.token))).body.code).toBe('VALIDATION_ERROR');
  });
});
