#!/usr/bin/env node
/**
 * Part of `npm run bench` (alone: `BENCH_ONLY=tricycles npm run bench`, or inside the emulators:
 * `node scripts/emulators.mjs exec "node scripts/bench-tricycles.mjs"`): the buyers' nearby
 * tricycle search (GET /api/tricycles/nearby, catalog app in one process) with 10 online drivers
 * and with 10,000, spread at random (a fixed seed) over Benin (latitude 6.2..12.4, longitude
 * 0.8..3.8), searched from the same 40 points of the country, default radius. The search reads
 * only the members of the geohash cells around the point (`nearbyCells/tricycle/tricycle_{cell}`),
 * so its cost should not follow the number of drivers (goal: p50 and p95 with 10,000 within 1.5x
 * of 10). The drivers are written directly, each with its cell member, as the status route would
 * leave them; the 10 first, measured, then the 9,990 others, measured again.
 * Besides latency, each row gives the member documents the search reads, and the time of those
 * cell queries alone through the SDK, one search at a time.
 */
import { CLIENTS, SECONDS, percentile, functionsRequire as require, runsAlone } from './bench-common.mjs';

const { db } = require('./lib/core/firebase.js');
const { Timestamp } = require('firebase-admin/firestore');
const { cellOf, findNearby, geohashOf } = require('./lib/core/nearby.js');
const { memberRef, membersOf } = require('./lib/core/nearby-members.js');
const { provisionAccount } = require('./lib/domains/identity/provisioning.js');
const { createFunctionApp } = require('./lib/app.js');

/** A small deterministic generator (mulberry32): the same country every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const inBenin = (next) => ({ latitude: 6.2 + next() * 6.2, longitude: 0.8 + next() * 3.0 });

async function buyerToken() {
  const account = await provisionAccount({ telephone: '+2290199999903', password: 'Bench-password-1', role: 'acheteur', nom: 'Bench', prenoms: 'Tricycles' });
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: 'Bench-password-1', returnSecureToken: true }) });
  return (await res.json()).idToken;
}

/** Drivers `from`..`to` (exclusive), online now at their random points with their cell members, in batches of 200. */
async function seedDrivers(next, from, to) {
  const at = Timestamp.now();
  for (let start = from; start < to; start += 200) {
    const batch = db().batch();
    for (let i = start; i < Math.min(start + 200, to); i += 1) {
      const position = inBenin(next);
      const uid = `bench-tricycle-${String(i).padStart(5, '0')}`;
      const card = { uid, position, locationAt: at, nom: 'Bench', prenoms: `${i}`, photoUrl: null, vehicule: 'Tricycle', plaque: `BJ ${i}`, prixIndicatif: 500 };
      const cell = cellOf(position);
      batch.set(db().collection('tricycleDrivers').doc(uid), { ...card, online: true, geohash: geohashOf(position), cell, createdAt: at, updatedAt: at });
      batch.set(memberRef('tricycle', cell, uid), card);
    }
    await batch.commit();
  }
}

async function measure(operation, seconds) {
  for (let round = 0; round < 3; round += 1) await Promise.all(Array.from({ length: CLIENTS }, operation));
  const durations = [];
  let failures = 0;
  let found = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const result = await operation();
      durations.push(performance.now() - start);
      if (result === false) failures += 1;
      else found += result;
    }
  }));
  if (failures) throw new Error(`nearby search: ${failures} requests failed`);
  return { sorted: durations.sort((a, b) => a - b), found };
}

/**
 * The search's own cell queries from every point, as the route sends them (default radius, its
 * per-cell cap): cells and member documents read per search, and milliseconds per search, one
 * search at a time.
 */
async function rangeReads(points) {
  const { TRICYCLE_SEARCH_RADIUS_KM: radius, TRICYCLE_NEARBY_PER_CELL: perCell } = require('./lib/core/config.js').config();
  let documents = 0;
  let cells = 0;
  const start = performance.now();
  for (const point of points) {
    const result = await findNearby(membersOf('tricycle'), point, radius, perCell, (member) => member.position);
    documents += result.reads;
    cells += result.cells;
  }
  return { documents: documents / points.length, cells: cells / points.length, ms: (performance.now() - start) / points.length };
}

export async function benchTricycles() {
  const token = await buyerToken();
  const server = (await createFunctionApp('catalog')).listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const base = `http://127.0.0.1:${server.address().port}`;
  const points = Array.from({ length: 40 }, ((next) => () => inBenin(next))(random(15)));
  let turn = 0;
  const search = async () => {
    const { latitude, longitude } = points[turn++ % points.length];
    const res = await fetch(`${base}/api/tricycles/nearby?latitude=${latitude}&longitude=${longitude}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.json();
    return res.status === 200 ? body.data.length : false;
  };

  const next = random(2026);
  await seedDrivers(next, 0, 10);
  // The first seconds of a process and of the emulator's JVM are slower: a run thrown away first.
  await measure(search, Math.max(2, SECONDS / 2));
  const small = { ...(await measure(search, SECONDS)), ...(await rangeReads(points)) };
  const seeding = performance.now();
  await seedDrivers(next, 10, 10_000);
  const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
  const large = { ...(await measure(search, SECONDS)), ...(await rangeReads(points)) };

  console.log(`\nNearby tricycles (catalog app in one process), 40 points over Benin, default radius, ${CLIENTS} concurrent clients, ${SECONDS} s each (9,990 drivers added in ${seeded} s)`);
  const row = (label, { sorted, found, documents, cells, ms }) => ({
    drivers: label,
    requests: sorted.length,
    'drivers found per search': (found / sorted.length).toFixed(2),
    'cells per search': cells.toFixed(2),
    'documents read per search': documents.toFixed(2),
    'cell queries alone, one search at a time (ms)': ms.toFixed(1),
    'p50 (ms)': percentile(sorted, 50).toFixed(1),
    'p95 (ms)': percentile(sorted, 95).toFixed(1),
  });
  console.table([row('10', small), row('10,000', large)]);
  const ratio = (p) => (percentile(large.sorted, p) / percentile(small.sorted, p)).toFixed(2);
  console.log(`  ratio 10,000 / 10 drivers: p50 ${ratio(50)}x, p95 ${ratio(95)}x (goal: within 1.5x)`);
  server.close();
}

if (runsAlone(import.meta.url)) {
  await benchTricycles();
  process.exit(0);
}
