#!/usr/bin/env node
/**
 * Part of `npm run bench` (also alone, inside the emulators, after `npm run build`:
 * `node scripts/emulators.mjs exec "node scripts/bench-logistics.mjs"`, or
 * `BENCH_ONLY=logistics node scripts/emulators.mjs bench`).
 *
 * Nearby couriers: the online couriers within 10 km of a point (`nearbyCouriers`, the search the
 * offer rounds make), with 10 couriers spread over Benin, then with 10,000. The search reads only
 * the members of the geohash cells around the point (`nearbyCells/livreur/livreur_{cell}`), so its
 * latency should not follow the number of couriers (goal: 10,000 within 1.5x of 10). Couriers are
 * written with batched writes through the Admin SDK, each presence with its cell member as
 * presence.ts writes them; positions and query points come from a fixed pseudo-random sequence, so
 * runs compare.
 */
import { SECONDS, percentile, functionsRequire as require, runsAlone } from './bench-common.mjs';

const RADIUS_KM = 10;
const LIMIT = 20;

const { db } = require('./lib/core/firebase.js');
const { cellOf, findNearby, geohashOf } = require('./lib/core/nearby.js');
const { memberRef, membersOf } = require('./lib/core/nearby-members.js');
const { nearbyCouriers } = require('./lib/domains/logistics/index.js');
const { READS_PER_CELL } = require('./lib/domains/logistics/livreurs/nearby.js');

/** Benin's bounding box, roughly. */
const BENIN = { lat: [6.2, 12.4], lng: [0.8, 3.8] };

/** A fixed sequence in [0, 1) (a linear congruential generator): the same couriers and points each run. */
function sequence(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const pointFrom = (next) => ({ latitude: BENIN.lat[0] + next() * (BENIN.lat[1] - BENIN.lat[0]), longitude: BENIN.lng[0] + next() * (BENIN.lng[1] - BENIN.lng[0]) });

/** Where the queries are made: 50 fixed points over Benin. */
const BENIN_POINTS = Array.from({ length: 50 }, ((next) => () => pointFrom(next))(sequence(7)));
/** The control: points at sea, in the Gulf of Guinea south of Benin, where no courier is within reach. */
const SEA_POINTS = BENIN_POINTS.map((point) => ({ latitude: 4.5 + (point.latitude - 6.2) / 10, longitude: point.longitude }));

/** Couriers `from` to `to - 1`, 9 in 10 online (with their cell member), spread over Benin, in batches of 200. */
async function seedCouriers(from, to) {
  const next = sequence(42);
  // Skip the positions of the couriers written before, so the first ten stay where they were.
  for (let i = 0; i < from * 2; i += 1) next();
  const at = new Date();
  for (let start = from; start < to; start += 200) {
    const batch = db().batch();
    for (let i = start; i < Math.min(start + 200, to); i += 1) {
      const position = pointFrom(next);
      const uid = `bench-livreur-${String(i).padStart(5, '0')}`;
      const online = i % 10 !== 9;
      const cell = online ? cellOf(position) : null;
      batch.set(db().collection('livreurs').doc(uid), {
        online, position, geohash: geohashOf(position), cell, locationAt: at, updatedAt: at,
        nom: 'Bench', prenoms: `${i}`, nameKey: `bench ${i}`, telephone: null,
      });
      if (cell) batch.set(memberRef('livreur', cell, uid), { position, updatedAt: at });
    }
    await batch.commit();
  }
}

/** Cells and member documents a search around `center` reads (what nearbyCouriers reads: at most READS_PER_CELL a cell). */
async function readsAround(center) {
  const { cells, reads } = await findNearby(membersOf('livreur'), center, RADIUS_KM, Math.max(LIMIT, READS_PER_CELL), (member) => member.position);
  return { cells, reads };
}

/**
 * p50/p95 of nearbyCouriers at fixed query points, one query after the other for `seconds` (the
 * latency of the query itself: concurrent clients would measure the emulator's queue).
 */
async function measure(label, seconds, points = BENIN_POINTS) {
  let turn = 0;
  const query = () => nearbyCouriers(points[turn++ % points.length], RADIUS_KM, LIMIT);
  for (let round = 0; round < 5; round += 1) await query();
  const durations = [];
  let found = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const start = performance.now();
    found += (await query()).couriers.length;
    durations.push(performance.now() - start);
  }
  const reads = await Promise.all(points.map(readsAround));
  const sorted = durations.sort((a, b) => a - b);
  return {
    operation: label,
    queries: sorted.length,
    'found / query': (found / sorted.length).toFixed(1),
    'cells / query': (reads.reduce((a, r) => a + r.cells, 0) / reads.length).toFixed(1),
    'reads / query': (reads.reduce((a, r) => a + r.reads, 0) / reads.length).toFixed(1),
    'p50 (ms)': percentile(sorted, 50),
    'p95 (ms)': percentile(sorted, 95),
  };
}

export async function benchNearbyCouriers() {
  await seedCouriers(0, 10);
  const small = await measure('nearby couriers, 10 in Benin', SECONDS);
  const seeding = performance.now();
  await seedCouriers(10, 10_000);
  const seconds = ((performance.now() - seeding) / 1000).toFixed(1);
  const large = await measure('nearby couriers, 10,000 in Benin', SECONDS);
  // The same 10,000 couriers, queried where none is near (empty cells): what the number of couriers alone costs.
  const control = await measure('control: 10,000 in Benin, queried at sea', SECONDS, SEA_POINTS);
  console.log(`\nNearby couriers (radius ${RADIUS_KM} km, at most ${LIMIT}, ${READS_PER_CELL} reads a cell at most), one query at a time, ${SECONDS} s each; 9,990 couriers written in ${seconds} s`);
  console.table([small, large, control].map((row) => ({ ...row, 'p50 (ms)': row['p50 (ms)'].toFixed(1), 'p95 (ms)': row['p95 (ms)'].toFixed(1) })));
  console.log(`  p50 ratio 10,000 / 10 couriers: ${(large['p50 (ms)'] / small['p50 (ms)']).toFixed(2)}x (goal: within 1.5x)`);
}

export async function benchLogistics() {
  await benchNearbyCouriers();
}

if (runsAlone(import.meta.url)) {
  await benchLogistics();
  process.exit(0);
}
