/**
 * Geohash search (core/nearby) and the online couriers near a point built on it
 * (`nearbyCouriers`, logistics' surface for the offer rounds).
 */
import { db } from '../functions/src/core/firebase';
import { COLLECTIONS, typed } from '../functions/src/core/firestore';
import { findNearby, geohashOf, type Point } from '../functions/src/core/nearby';
import { nearbyCouriers } from '../functions/src/domains/logistics';
import { distanceKm } from '../functions/src/domains/geo';
import { createUser } from './helpers/accounts';
import { api, bearer } from './helpers/api';
import { resetEmulators } from './helpers/emulators';

const COTONOU = { latitude: 6.3703, longitude: 2.3912 };
/** A point `km` kilometres east of Cotonou (a degree of longitude is about 110.6 km at this latitude). */
const east = (km: number): Point => ({ latitude: COTONOU.latitude, longitude: COTONOU.longitude + km / 110.6 });
const north = (km: number): Point => ({ latitude: COTONOU.latitude + km / 110.6, longitude: COTONOU.longitude });

beforeAll(async () => {
  await resetEmulators();
});

interface Spot {
  online: boolean;
  position: Point | null;
  geohash: string | null;
}

/** A scratch collection of this test: core/nearby works on any query. */
const places = () => db().collection('nearbyProbe').withConverter(typed<Spot>());

async function place(id: string, position: Point | null, online = true) {
  await places()
    .doc(id)
    .set({ online, position, geohash: position ? geohashOf(position) : null });
}

const positionOf = (spot: Spot) => spot.position ?? undefined;

describe('core/nearby findNearby', () => {
  beforeAll(async () => {
    await Promise.all([
      place('east-1', east(1)),
      place('north-3', north(3)),
      place('east-8', east(8)),
      place('east-12', east(12)),
      place('north-40', north(40)),
      place('offline-2', east(2), false),
      place('nowhere', null),
    ]);
  });

  it('finds the points inside the circle, nearest first, with their distances, and nothing outside', async () => {
    const { found, truncated } = await findNearby(places().where('online', '==', true), COTONOU, 10, 50, positionOf);
    expect(found.map((item) => item.id)).toEqual(['east-1', 'north-3', 'east-8']);
    for (const item of found) expect(item.distanceKm).toBeCloseTo(distanceKm(COTONOU, item.data.position as Point), 3);
    expect(found[0].distanceKm).toBeCloseTo(1, 1);
    expect(found[2].distanceKm).toBeCloseTo(8, 1);
    expect(truncated).toBe(false);

    const wider = await findNearby(places().where('online', '==', true), COTONOU, 50, 50, positionOf);
    expect(wider.found.map((item) => item.id)).toEqual(['east-1', 'north-3', 'east-8', 'east-12', 'north-40']);
    // Without the equality filter, offline points are found too: the filter is the caller's.
    const all = await findNearby(places(), COTONOU, 5, 50, positionOf);
    expect(all.found.map((item) => item.id)).toEqual(['east-1', 'offline-2', 'north-3']);
  });

  it('says when a geohash range held more documents than it read', async () => {
    const capped = await findNearby(places().where('online', '==', true), COTONOU, 10, 1, positionOf);
    expect(capped.truncated).toBe(true);
    expect(capped.found.length).toBeGreaterThanOrEqual(1);
    expect(capped.found.length).toBeLessThan(3);
  });
});

describe('nearbyCouriers', () => {
  it('answers the online couriers within the radius, nearest first, at most `limit`', async () => {
    const [near, middle, far, offline, away] = await Promise.all(Array.from({ length: 5 }, () => createUser('livreur')));
    const client = await api();
    const go = (user: { token: string }, online: boolean, position: Point) => client.put('/api/livreurs/me/status').set(bearer(user.token)).send({ online, position });
    expect((await go(near, true, east(0.5))).status).toBe(200);
    await go(middle, true, north(4));
    await go(far, true, east(9));
    await go(offline, false, east(1));
    await go(away, true, north(30));

    const found = await nearbyCouriers(COTONOU, 10, 10);
    expect(found.couriers.map((courier) => courier.uid)).toEqual([near.uid, middle.uid, far.uid]);
    expect(found.couriers[0]).toEqual({ uid: near.uid, position: east(0.5), distanceKm: expect.closeTo(0.5, 1) });
    expect(found.truncated).toBe(false);

    const two = await nearbyCouriers(COTONOU, 10, 2);
    // The two nearest, and the caller knows there were more.
    expect(two.couriers.map((courier) => courier.uid)).toEqual([near.uid, middle.uid]);
    expect(two.truncated).toBe(true);

    // Going offline takes a courier out at once.
    await go(near, false, east(0.5));
    expect((await nearbyCouriers(COTONOU, 10, 10)).couriers.map((courier) => courier.uid)).toEqual([middle.uid, far.uid]);
    expect((await db().collection(COLLECTIONS.livreurs).doc(near.uid).get()).get('online')).toBe(false);
  });
});
