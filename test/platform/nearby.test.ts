/**
 * The cell-partitioned search (core/nearby: cellsCovering, findNearby) and the online couriers near
 * a point built on it (`nearbyCouriers`, logistics' surface for the offer rounds).
 */
import { resetClock, setClock } from '../../functions/src/core/clock';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS, typed } from '../../functions/src/core/firestore';
import { cellOf, cellsCovering, findNearby, MAX_COVERING_CELLS, normalisePoint, type Point } from '../../functions/src/core/nearby';
import { nearbyCouriers } from '../../functions/src/domains/logistics';
import { distanceKm } from '../../functions/src/domains/geo';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { nearbyMembersOf } from '../helpers/nearby';

const COTONOU = { latitude: 6.3703, longitude: 2.3912 };
/** A point `km` kilometres east of Cotonou (a degree of longitude is about 110.6 km at this latitude). */
const east = (km: number): Point => ({ latitude: COTONOU.latitude, longitude: COTONOU.longitude + km / 110.6 });
const north = (km: number): Point => ({ latitude: COTONOU.latitude + km / 110.6, longitude: COTONOU.longitude });

/** The geohash grid at precision 4: 1024 columns of 360/1024 degrees, 1024 rows of 180/1024. */
const CELL_LNG = 360 / 1024;
const CELL_LAT = 180 / 1024;

beforeAll(async () => {
  await resetEmulators();
});

/** Points of the disc of `radiusKm` around `center`: 20 rings out to the rim, a point every 2 degrees of each. */
function discSamples(center: Point, radiusKm: number): Point[] {
  const points: Point[] = [center];
  const kmPerDegreeLat = 111.195;
  for (let ring = 1; ring <= 20; ring += 1) {
    const r = (radiusKm * ring) / 20 - (ring === 20 ? 1e-6 : 0);
    for (let angle = 0; angle < 360; angle += 2) {
      const dLat = (r * Math.cos((angle * Math.PI) / 180)) / kmPerDegreeLat;
      const latitude = center.latitude + dLat;
      const dLng = (r * Math.sin((angle * Math.PI) / 180)) / (kmPerDegreeLat * Math.cos((latitude * Math.PI) / 180));
      let longitude = center.longitude + dLng;
      if (longitude >= 180) longitude -= 360;
      if (longitude < -180) longitude += 360;
      // Keep the points the search must find: within the radius by the search's own distance.
      if (distanceKm(center, { latitude, longitude }) <= radiusKm) points.push({ latitude, longitude });
    }
  }
  return points;
}

describe('core/nearby cellsCovering', () => {
  it('covers every point of a circle that straddles cell edges, with a few distinct cells', () => {
    // A corner of four cells north-east of Cotonou: column edge 2.4609375, row edge 6.50390625.
    const corner = { latitude: -90 + 549 * CELL_LAT, longitude: -180 + 519 * CELL_LNG };
    for (const [center, radius] of [
      [corner, 10],
      [{ latitude: corner.latitude + 0.001, longitude: corner.longitude - 0.001 }, 5],
      [COTONOU, 10],
      [COTONOU, 0.2],
      [{ latitude: 12.3, longitude: 3.7 }, 50],
    ] as Array<[Point, number]>) {
      const { cells, complete } = cellsCovering(center, radius);
      expect(complete).toBe(true);
      expect(new Set(cells).size).toBe(cells.length);
      const needed = new Set(discSamples(center, radius).map(cellOf));
      for (const cell of needed) expect({ center, radius, cell, covered: cells.includes(cell) }).toEqual({ center, radius, cell, covered: true });
    }
    // The four cells of the corner, and no more, for a 10 km circle (a 20 km box on cells of 38 x 19.5 km).
    expect(cellsCovering(corner, 10).cells).toHaveLength(4);
    // 50 km, the largest radius the API accepts, in northern Benin: 6 rows of 3 cells.
    expect(cellsCovering({ latitude: 12.3, longitude: 3.7 }, 50).cells).toHaveLength(18);
    // A tiny circle inside a cell reads that cell only.
    expect(cellsCovering(COTONOU, 0.2).cells).toEqual([cellOf(COTONOU)]);
  });

  it('wraps around the antimeridian, holds at high latitudes, and bounds a circle over a pole', () => {
    const dateLine = { latitude: -17.0, longitude: 179.99 };
    const { cells } = cellsCovering(dateLine, 10);
    expect(cells).toContain(cellOf({ latitude: -17.0, longitude: -179.99 }));
    for (const point of discSamples(dateLine, 10)) expect(cells).toContain(cellOf(point));
    const farNorth = { latitude: 70.2, longitude: 25.5 };
    for (const point of discSamples(farNorth, 20)) expect(cellsCovering(farNorth, 20).cells).toContain(cellOf(point));
    // A circle over a pole meets every column of its rows: more than a search reads, so it is bounded.
    const polar = cellsCovering({ latitude: 89.99, longitude: 10 }, 5);
    expect(polar).toEqual({ cells: expect.any(Array), nearestKm: expect.any(Array), complete: false });
    expect(polar.cells.length).toBeGreaterThan(1);
    expect(polar.cells.length).toBeLessThanOrEqual(MAX_COVERING_CELLS);
    expect(polar.cells).toContain(cellOf({ latitude: 89.99, longitude: 10 }));
  });

  it('bounds a huge radius to the MAX_COVERING_CELLS cells nearest the centre and says it is incomplete', () => {
    const { cells, complete } = cellsCovering(COTONOU, 2000);
    expect(complete).toBe(false);
    expect(cells).toHaveLength(MAX_COVERING_CELLS);
    expect(new Set(cells).size).toBe(MAX_COVERING_CELLS);
    expect(cells).toContain(cellOf(COTONOU));
    for (const km of [10, 30]) for (const point of discSamples(COTONOU, km)) expect(cells).toContain(cellOf(point));
  });
});

/** The edge points of issue 23: the poles, the antimeridian from both sides, the equator and the prime meridian. */
const EDGE_LATITUDES = [-90, -89.9999, 0, 89.9999, 90];
const EDGE_LONGITUDES = [-180, -179.9999, 0, 179.9999, 180];
const EDGE_POINTS: Point[] = EDGE_LATITUDES.flatMap((latitude) => EDGE_LONGITUDES.map((longitude) => ({ latitude, longitude })));

describe('core/nearby at the edges of the map', () => {
  // docs/guides/logistics.md, Tricycles: "Poles, the antimeridian and the equator are answered like any point".
  it('covers a circle of every radius the API takes around every edge point, nearest cells first, without throwing', () => {
    for (const center of EDGE_POINTS) {
      for (const radius of [0.001, 5, 10, 50]) {
        const { cells, nearestKm, complete } = cellsCovering(center, radius);
        expect(cells.length).toBeGreaterThan(0);
        expect(cells.length).toBeLessThanOrEqual(MAX_COVERING_CELLS);
        expect(new Set(cells).size).toBe(cells.length);
        expect(nearestKm).toEqual([...nearestKm].sort((a, b) => a - b));
        // The centre's own cell is read among the first, at 0 km (a point on the antimeridian touches two columns, a pole a whole row).
        const own = cells.indexOf(cellOf(center));
        expect({ center, radius, own: own >= 0, km: nearestKm[own] }).toEqual({ center, radius, own: true, km: expect.closeTo(0, 6) });
        if (Math.abs(center.latitude) < 89) expect({ center, radius, complete }).toEqual({ center, radius, complete: true });
      }
    }
    // Both ends of the longitude range are one meridian: the same cell, the same covering.
    expect(cellOf({ latitude: 0, longitude: 180 })).toBe(cellOf({ latitude: 0, longitude: -180 }));
    expect(cellsCovering({ latitude: 0, longitude: 180 }, 10).cells.sort()).toEqual(cellsCovering({ latitude: 0, longitude: -180 }, 10).cells.sort());
    expect(normalisePoint({ latitude: 90, longitude: 180 })).toEqual({ latitude: 90, longitude: -180 });
    expect(normalisePoint({ latitude: -90.0000001, longitude: 180.00000000000003 })).toEqual({ latitude: -90, longitude: expect.closeTo(-180, 9) });
  });

  it('lets the couriers’ search (the offer rounds’) run from every edge point', async () => {
    for (const center of EDGE_POINTS) {
      const found = await nearbyCouriers(center, 50, 5);
      expect({ center, couriers: found.couriers }).toEqual({ center, couriers: [] });
    }
  });
});

interface Spot {
  position: Point | null;
}

/** A scratch index of this test (`nearbyProbe/index/probe_{cell}/{id}`): core/nearby searches any per-cell collections. */
const cellMembers = (cell: string) => db().collection('nearbyProbe').doc('index').collection(`probe_${cell}`).withConverter(typed<Spot>());

async function place(id: string, position: Point) {
  await cellMembers(cellOf(position)).doc(id).set({ position });
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
      // Across the column edge east of Cotonou (2.4609375) and the row edge south of it (6.328125).
      place('east-edge', { latitude: COTONOU.latitude, longitude: 2.4609375 + 0.0005 }),
      place('south-edge', { latitude: 6.328125 - 0.0005, longitude: COTONOU.longitude }),
    ]);
    await cellMembers(cellOf(east(2))).doc('nowhere').set({ position: null });
  });

  it('finds the points inside the circle, nearest first, with their distances, in every cell the circle meets, and nothing outside', async () => {
    expect(new Set([cellOf(COTONOU), cellOf({ latitude: COTONOU.latitude, longitude: 2.461 }), cellOf({ latitude: 6.328, longitude: COTONOU.longitude })]).size).toBe(3);
    const { found, truncated, cells, reads } = await findNearby(cellMembers, COTONOU, 10, 50, positionOf);
    expect(found.map((item) => item.id)).toEqual(['east-1', 'north-3', 'south-edge', 'east-edge', 'east-8']);
    for (const item of found) expect(item.distanceKm).toBeCloseTo(distanceKm(COTONOU, item.data.position as Point), 3);
    expect(found[0].distanceKm).toBeCloseTo(1, 1);
    expect(found[4].distanceKm).toBeCloseTo(8, 1);
    expect(truncated).toBe(false);
    expect(cells).toBe(cellsCovering(COTONOU, 10).cells.length);
    // east-12 is in a covered cell, read and dropped (outside the circle); north-40 is in no covered cell.
    expect(reads).toBe(7);

    const wider = await findNearby(cellMembers, COTONOU, 50, 50, positionOf);
    expect(wider.found.map((item) => item.id)).toEqual(['east-1', 'north-3', 'south-edge', 'east-edge', 'east-8', 'east-12', 'north-40']);
    const narrow = await findNearby(cellMembers, COTONOU, 2, 50, positionOf);
    expect(narrow.found.map((item) => item.id)).toEqual(['east-1']);
  });

  it('says when a cell held more members than it read, or the radius needed more cells than a search reads', async () => {
    const capped = await findNearby(cellMembers, COTONOU, 10, 1, positionOf);
    expect(capped.truncated).toBe(true);
    expect(capped.found.length).toBeGreaterThanOrEqual(1);
    expect(capped.found.length).toBeLessThan(5);
    expect(capped.reads).toBeLessThanOrEqual(capped.cells);

    const huge = await findNearby(cellMembers, COTONOU, 2000, 50, positionOf);
    expect(huge.truncated).toBe(true);
    expect(huge.cells).toBe(MAX_COVERING_CELLS);
    expect(huge.found.map((item) => item.id)).toContain('north-40');
  });
  // docs/guides/logistics.md, Tricycles: "a search reads at most TRICYCLE_NEARBY_MAX_READS documents, whatever the radius".
  it('reads at most `maxReads` documents, nearest cells first, and answers a nearest-first prefix of the whole answer', async () => {
    const whole = await findNearby(cellMembers, COTONOU, 50, 4, positionOf);
    expect(whole.truncated).toBe(false);
    for (const maxReads of [4, 8, 12, 1000]) {
      const bounded = await findNearby(cellMembers, COTONOU, 50, 4, positionOf, maxReads);
      expect(bounded.reads).toBeLessThanOrEqual(maxReads);
      expect(bounded.found.length).toBeGreaterThanOrEqual(2);
      // Nothing farther than an unread cell: the answer is the whole one cut at some distance.
      expect(bounded.found.map((item) => item.id)).toEqual(whole.found.slice(0, bounded.found.length).map((item) => item.id));
      expect(bounded.truncated).toBe(bounded.found.length < whole.found.length || bounded.cells < whole.cells);
    }
    const one = await findNearby(cellMembers, COTONOU, 50, 4, positionOf, 4);
    expect([one.cells, one.found.map((item) => item.id)]).toEqual([1, ['east-1', 'north-3']]);
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
    expect(await nearbyMembersOf('livreur', near.uid)).toEqual([]);
    expect(await nearbyMembersOf('livreur', middle.uid)).toHaveLength(1);

    // A courier silent for longer than LIVREUR_POSITION_TTL_MINUTES (30) is offered nothing; a new position brings it back.
    setClock(() => new Date(Date.now() + 31 * 60_000));
    try {
      expect((await nearbyCouriers(COTONOU, 10, 10)).couriers).toEqual([]);
      await go(middle, true, north(4));
      expect((await nearbyCouriers(COTONOU, 10, 10)).couriers.map((courier) => courier.uid)).toEqual([middle.uid]);
    } finally {
      resetClock();
    }
  });
});
