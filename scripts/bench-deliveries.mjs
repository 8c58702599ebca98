#!/usr/bin/env node
/**
 * Part of `npm run bench` (also alone, inside the emulators:
 * `node scripts/emulators.mjs exec "node scripts/bench-deliveries.mjs"`): the accept race of a
 * delivery. 20 couriers online at the pickup are offered each delivery (its first round, as the
 * `order.paid` subscriber starts it) and all accept at once through the logistics app; each race
 * must assign exactly one courier and answer the 19 others 409 DELIVERY_ALREADY_ASSIGNED. Reported:
 * the latency of the accepts (p50, p95, max) over the races, and the winners per race.
 */
import { percentile, functionsRequire as require, runsAlone } from './bench-common.mjs';

// Rounds after the first are not this measure: no task is queued for the Functions emulator.
process.env.DELIVERY_TASKS_ENABLED = 'false';
// The same 20 couriers race for every delivery: a winner keeps its deliveries, so lift the per-courier cap (DELIVERY_COURIER_BUSY) out of the race.
process.env.DELIVERY_MAX_ACTIVE_PER_COURIER = '100';
const COURIERS = 20;
const RACES = Number(process.env.BENCH_DELIVERY_RACES ?? 10);

const { db } = require('./lib/core/firebase.js');
const { setStatus } = require('./lib/domains/logistics/livreurs/presence.js');
const { provisionAccount } = require('./lib/domains/identity/provisioning.js');
const { createFunctionApp } = require('./lib/app.js');
const { createDelivery } = require('./lib/domains/logistics/deliveries/create.js');
require('./lib/core/config.js').reloadConfig();

const PICKUP = { latitude: 6.3703, longitude: 2.3912 };

async function courierToken(index) {
  const account = await provisionAccount({
    telephone: `+22901999988${String(index).padStart(2, '0')}`,
    password: 'Bench-password-1',
    role: 'livreur',
    nom: 'Bench',
    prenoms: `Livreur ${index}`,
  });
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: 'Bench-password-1', returnSecureToken: true }) });
  return { uid: account.uid, token: (await res.json()).idToken };
}

export async function benchDeliveries() {
  const couriers = [];
  for (let i = 0; i < COURIERS; i += 1) couriers.push(await courierToken(i));
  // Online at the pickup through their own presence writes (the presence and its nearby-search cell).
  await Promise.all(couriers.map((courier, i) => setStatus(courier.uid, { nom: 'Bench', prenoms: `Livreur ${i}` }, true, { latitude: PICKUP.latitude + i * 0.001, longitude: PICKUP.longitude })));

  const server = (await createFunctionApp('logistics')).listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const base = `http://127.0.0.1:${server.address().port}`;
  const request = {
    pickups: [{ vendeur: 'bench-seller', position: PICKUP, adresse: 'Dantokpa' }],
    destination: { position: { latitude: 6.4, longitude: 2.42 }, adresse: 'Akpakpa' },
    instructions: null,
    quote: { zoneId: 'bench', distanceKm: 4.2, frais: 1000, gainLivreur: 650, gainSociete: 350 },
  };

  const durations = [];
  const rows = [];
  for (let race = 0; race < RACES; race += 1) {
    const id = await createDelivery({ kind: 'order', id: `bench-${Date.now()}-${race}`, acheteur: 'bench-buyer', paymentId: 'bench-payment', montantPaye: 11_000 }, request);
    const answers = await Promise.all(
      couriers.map(async (courier) => {
        const start = performance.now();
        const res = await fetch(`${base}/api/deliveries/${id}/accept`, { method: 'POST', headers: { Authorization: `Bearer ${courier.token}` } });
        const body = await res.json();
        durations.push(performance.now() - start);
        return { status: res.status, code: body.code, uid: courier.uid };
      }),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    const losers = answers.filter((answer) => answer.status === 409 && answer.code === 'DELIVERY_ALREADY_ASSIGNED').length;
    const stored = (await db().collection('deliveries').doc(id).get()).data();
    rows.push({ race: race + 1, winners: winners.length, 'losers 409': losers, other: COURIERS - winners.length - losers, 'stored courier = winner': winners.length === 1 && stored.livreur === winners[0].uid });
  }
  server.close();
  const sorted = durations.sort((a, b) => a - b);
  console.log(`\nDelivery accept race: ${COURIERS} couriers accept at once, ${RACES} deliveries (logistics app in one process)`);
  console.table([{
    accepts: sorted.length,
    'p50 (ms)': percentile(sorted, 50).toFixed(1),
    'p95 (ms)': percentile(sorted, 95).toFixed(1),
    'max (ms)': sorted.at(-1).toFixed(1),
    'races with exactly one winner': `${rows.filter((row) => row.winners === 1 && row.other === 0 && row['stored courier = winner']).length}/${RACES}`,
  }]);
  const wrong = rows.filter((row) => row.winners !== 1 || row.other !== 0 || !row['stored courier = winner']);
  if (wrong.length) {
    console.table(wrong);
    throw new Error('A delivery race did not end with exactly one winner');
  }
}

if (runsAlone(import.meta.url)) {
  await benchDeliveries();
  process.exit(0);
}
