#!/usr/bin/env node
/**
 * npm run bench: first scripts/cold-start.mjs, each HTTPS function's cold start as a ratio to the
 * floor, before the emulators start (a JVM warming up beside it would weigh on the measure); then
 * this script, inside the emulator suite (scripts/emulators.mjs):
 *  1. latency: p50/p95 of GET /api/protected/me and GET / through the Hosting emulator, 20
 *     concurrent clients for 10 s each, and of the same app in one process.
 *  2. the public listing search with 5,000 listings loaded, against a single-document read.
 *  3. notifications of a user holding 1,000, and an admin broadcast to 1,000 couriers.
 *  4. the payment callback's latency under 50 concurrent distinct payments.
 *  5. an agent's dashboard with 10 and with 10,000 events behind it (bench-agents.mjs).
 *  6. logistics: nearby couriers with 10 and with 10,000 couriers over Benin (bench-logistics.mjs).
 *  7. the nearby tricycle search with 10 and with 10,000 drivers over Benin (bench-tricycles.mjs).
 *  8. the accept race of a delivery with 20 couriers: latency, exactly one winner (bench-deliveries.mjs).
 *  9. the dashboard statistics with 10 and with 100,000 events behind them (bench-stats.mjs).
 * 10. hot documents: each contested operation alone, by N users at once and beside its control,
 *     through Hosting and the Functions emulator (bench-load.mjs; alone: `npm run bench:load`).
 * BENCH_ONLY=agents, logistics, tricycles, deliveries, stats or load runs that part alone (cold starts still come first).
 * Figures depend on the machine; docs/measurements.md keeps the last ones measured and on what.
 */
// The function apps this benchmark builds in process get the settings the emulator gives them (bench-common.mjs).
import { CLIENTS, SECONDS, percentile, functionsRequire as require } from './bench-common.mjs';

const emulators = require('../firebase.json').emulators;
const BASE = `http://${emulators.hosting.host}:${emulators.hosting.port}`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchmarkToken() {
  const { provisionAccount } = require('./lib/domains/identity/provisioning.js');
  const account = await provisionAccount({
    telephone: '+2290199999999',
    password: 'Bench-password-1',
    role: 'acheteur',
    nom: 'Bench',
    prenoms: 'Mark',
  });
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: 'Bench-password-1', returnSecureToken: true }),
  });
  return (await res.json()).idToken;
}

/** Runs `operation` from CLIENTS concurrent loops for SECONDS: latency percentiles. */
async function measure(label, operation) {
  // Warm up as many instances as there are clients: cold starts are measured above, not here.
  for (let round = 0; round < 3; round += 1) await Promise.all(Array.from({ length: CLIENTS }, operation));
  const durations = [];
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      if (!(await operation())) failures += 1;
      durations.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const sorted = durations.sort((a, b) => a - b);
  return {
    operation: label,
    requests: sorted.length,
    'req/s': (sorted.length / SECONDS).toFixed(0),
    'p50 (ms)': percentile(sorted, 50).toFixed(1),
    'p95 (ms)': percentile(sorted, 95).toFixed(1),
    failed: failures,
  };
}

const LISTINGS = 5000;

/** 5,000 online listings spread over types, brands, cities and prices, written in batches. */
async function seedListings() {
  const { db } = require('./lib/core/firebase.js');
  const { Timestamp } = require('firebase-admin/firestore');
  const types = ['voiture', 'voiture', 'voiture', 'moto', 'piece', 'tricycle'];
  const brands = ['toyota', 'honda', 'peugeot', 'hyundai', 'mercedes', 'nissan', 'kia', 'ford'];
  const cities = ['cotonou', 'porto-novo', 'parakou', 'abomey-calavi', 'lome', 'bohicon'];
  for (let start = 0; start < LISTINGS; start += 500) {
    const batch = db().batch();
    for (let i = start; i < Math.min(start + 500, LISTINGS); i += 1) {
      const at = Timestamp.fromMillis(Date.UTC(2026, 0, 1) + i * 60_000);
      const brand = brands[i % brands.length];
      const city = cities[i % cities.length];
      batch.set(db().collection('articles').doc(`bench-${i}`), {
        type: types[i % types.length], titre: `Annonce ${i}`, prix: 100_000 + ((i * 7919) % 200) * 50_000, marque: brand, marqueKey: brand,
        modele: 'X', modeleKey: 'x', annee: 2000 + (i % 26), carburant: i % 3 ? 'essence' : 'diesel', boiteVitesse: i % 2 ? 'manuelle' : 'automatique',
        pays: city === 'lome' ? 'TG' : 'BJ', ville: city, villeKey: city, photos: [], vendeur: `bench-seller-${i % 50}`, vendeurNom: 'Bench',
        statut: 'en_ligne', motifRejet: null, aLaUne: i % 40 === 0, sponsorise: i % 25 === 0, verificationStatut: 'none', views: i % 97,
        statutVente: 'disponible', createdAt: at, updatedAt: at, publishedAt: at,
      });
    }
    await batch.commit();
  }
}

/** GET `path` on `base` under load: the HTTP form of `measure`. */
function load(base, path, headers) {
  return measure(`GET ${path}`, async () => {
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    return res.status === 200;
  });
}

if (process.env.BENCH_ONLY) {
  const parts = {
    agents: async () => (await import('./bench-agents.mjs')).benchAgents(),
    logistics: async () => (await import('./bench-logistics.mjs')).benchLogistics(),
    tricycles: async () => (await import('./bench-tricycles.mjs')).benchTricycles(),
    deliveries: async () => (await import('./bench-deliveries.mjs')).benchDeliveries(),
    stats: async () => (await import('./bench-stats.mjs')).benchStats(),
    load: async () => {
      if (!(await (await import('./bench-load.mjs')).benchLoad()).ok) process.exit(1);
    },
  };
  const part = parts[process.env.BENCH_ONLY];
  if (!part) throw new Error(`BENCH_ONLY: one of ${Object.keys(parts).join(', ')}`);
  await part();
  process.exit(0);
}

const token = await benchmarkToken();
const auth = { Authorization: `Bearer ${token}` };
console.log(`\nLatency through Hosting and the Functions emulator (${BASE}), ${CLIENTS} concurrent clients, ${SECONDS} s each`);
console.table([await load(BASE, '/', {}), await load(BASE, '/api/protected/me', auth)]);

// The same app served by one Node process on loopback, against the same Auth and Firestore
// emulators: the cost of our code, without the Functions emulator's per-request worker hand-off.
const { createFunctionApp } = require('./lib/app.js');
const server = (await createFunctionApp('core')).listen(0, '127.0.0.1');
await new Promise((resolveListen) => server.once('listening', resolveListen));
const direct = `http://127.0.0.1:${server.address().port}`;
console.log(`\nLatency of the core app in one process (${direct}), ${CLIENTS} concurrent clients, ${SECONDS} s each`);
console.table([await load(direct, '/', {}), await load(direct, '/api/protected/me', auth)]);

// Listing search with 5,000 listings loaded, against a single-document read on the same emulator.
await seedListings();
const { db } = require('./lib/core/firebase.js');
console.log(`\nPublic listing search over ${LISTINGS} listings (core+catalog app in one process), ${CLIENTS} concurrent clients, ${SECONDS} s each`);
const catalogServer = (await createFunctionApp('catalog')).listen(0, '127.0.0.1');
await new Promise((resolveListen) => catalogServer.once('listening', resolveListen));
const catalogBase = `http://127.0.0.1:${catalogServer.address().port}`;
const search = (path) => async () => (await fetch(`${catalogBase}${path}`)).status === 200;
console.table([
  await measure('Firestore: one document read', async () => (await db().collection('articles').doc('bench-4242').get()).exists),
  // The emulator answers queries by scanning the collection (it has no indexes): these two rows
  // show what the search's own two queries cost on it, without our code.
  await measure('Firestore: newest 20 online (SDK query)', async () =>
    (await db().collection('articles').where('statut', '==', 'en_ligne').orderBy('publishedAt', 'desc').limit(20).get()).size === 20),
  await measure('Firestore: count of online (SDK aggregation)', async () =>
    (await db().collection('articles').where('statut', '==', 'en_ligne').count().get()).data().count > 0),
  await measure('GET /api/public/articles (newest, 20)', search('/api/public/articles')),
  await measure('GET /api/public/articles?type=voiture&ville=cotonou&sort=price_asc', search('/api/public/articles?type=voiture&ville=cotonou&sort=price_asc')),
  await measure('GET /api/public/articles?marque=toyota&prixMin=1000000&prixMax=5000000', search('/api/public/articles?marque=toyota&prixMin=1000000&prixMax=5000000')),
]);
catalogServer.close();

// Notifications: the bench user's list and unread count with 1,000 notifications stored, and an
// admin broadcast to 1,000 couriers written page by page (what the sendAdminMessage tasks do).
const NOTIFICATIONS = 1000;
const benchUid = (await (await fetch(`${direct}/api/protected/me`, { headers: auth })).json()).data.id;
for (let start = 0; start < NOTIFICATIONS; start += 500) {
  const notes = db().batch();
  for (let i = start; i < start + 500; i += 1) {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
    notes.set(db().collection('users').doc(benchUid).collection('notifications').doc(`bench-${i}`), {
      type: 'admin_message', category: 'system', title: `Message ${i}`, body: 'Bench', language: 'fr', resource: null,
      read: i % 3 === 0, readAt: null, createdAt: at, expireAt: new Date(at.getTime() + 86_400_000),
    });
  }
  await notes.commit();
}
console.log(`\nNotifications of a user holding ${NOTIFICATIONS} (core app in one process), ${CLIENTS} concurrent clients, ${SECONDS} s each`);
console.table([await load(direct, '/api/notifications', auth), await load(direct, '/api/notifications?unread=true', auth), await load(direct, '/api/notifications/unread-count', auth)]);

const COURIERS = 1000;
for (let start = 0; start < COURIERS; start += 500) {
  const couriers = db().batch();
  for (let i = start; i < start + 500; i += 1) couriers.set(db().collection('users').doc(`bench-courier-${String(i).padStart(4, '0')}`), { role: 'livreur', isBlocked: false, nom: 'Bench', prenoms: `${i}` });
  await couriers.commit();
}
const { sendPage } = require('./lib/domains/notifications/admin-messages/service.js');
const pageSize = require('./lib/core/config.js').config().ADMIN_MESSAGE_PAGE_SIZE;
await db().collection('adminMessages').doc('bench-broadcast').set({
  audience: 'livreur', fr: { title: 'Bench', body: 'Diffusion' }, en: null, sentBy: 'bench', statut: 'sending', cursor: null, recipients: 0,
  createdAt: new Date(), finishedAt: null,
});
const pageTimes = [];
for (let step = { done: false, cursor: null }; !step.done; ) {
  const start = performance.now();
  step = await sendPage('bench-broadcast', step.cursor, false);
  pageTimes.push(performance.now() - start);
}
const reached = (await db().collection('adminMessages').doc('bench-broadcast').get()).get('recipients');
console.log(`\nAdmin broadcast to ${COURIERS} couriers, ${pageSize} a page (one task each), run one after the other`);
console.table([{ pages: pageTimes.length, 'median page (ms)': median(pageTimes).toFixed(1), 'slowest page (ms)': Math.max(...pageTimes).toFixed(1), 'total (ms)': pageTimes.reduce((a, b) => a + b, 0).toFixed(1), 'recipients': reached }]);

// The payment callback under 50 concurrent distinct payments: each callback finds its payment,
// asks the (local) aggregator, settles in a transaction and applies the effect (a subscription).
const { FeexPaySandbox } = require('./lib/dev/feexpay-sandbox.js');
const sandbox = new FeexPaySandbox({ token: process.env.FEEXPAY_API_TOKEN ?? 'bench-token' });
const sandboxUrl = await sandbox.start();
process.env.FEEXPAY_API_TOKEN ??= 'bench-token';
process.env.FEEXPAY_BASE_URL = sandboxUrl;
process.env.FEEXPAY_SHOP_ID ??= 'bench-shop';
process.env.FEEXPAY_MODE ??= 'SANDBOX';
// The webhook refuses every callback without its secret (fail closed): the bench's callbacks carry it.
process.env.FEEXPAY_CALLBACK_SECRET ??= 'bench-callback-secret';
require('./lib/core/config.js').reloadConfig();
const paymentsServer = (await createFunctionApp('payments')).listen(0, '127.0.0.1');
await new Promise((resolveListen) => paymentsServer.once('listening', resolveListen));
const paymentsBase = `http://127.0.0.1:${paymentsServer.address().port}`;
const { Timestamp } = require('firebase-admin/firestore');
const CALLBACKS = 50;
const references = [];
const batch = db().batch();
for (let i = 0; i < CALLBACKS; i += 1) {
  const reference = sandbox.addTransaction({ amount: 5000, shop: process.env.FEEXPAY_SHOP_ID });
  const at = Timestamp.now();
  batch.set(db().collection('payments').doc(`bench-payment-${i}`), {
    userId: `bench-seller-${i}`, montant: 5000, reference, statut: 'pending', type: 'abonnement', metadata: { months: '1' },
    method: 'mobile_money', network: 'mtn', effects: {}, history: [], lateSuccess: false, createdAt: at, updatedAt: at,
    expiresAt: Timestamp.fromMillis(at.toMillis() + 900_000),
  });
  references.push(reference);
}
await batch.commit();
const callbackDurations = await Promise.all(
  references.map(async (reference) => {
    const start = performance.now();
    const res = await fetch(`${paymentsBase}/api/payments/webhook?secret=${encodeURIComponent(process.env.FEEXPAY_CALLBACK_SECRET)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference, status: 'SUCCESSFUL' }),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - start, ok: res.status === 200 };
  }),
);
const sortedCallbacks = callbackDurations.map((d) => d.ms).sort((a, b) => a - b);
const settled = (await db().collection('payments').where('statut', '==', 'success').where('type', '==', 'abonnement').get()).docs.filter((doc) => doc.id.startsWith('bench-payment-')).length;
console.log(`\nPayment callback, ${CALLBACKS} concurrent distinct payments (payments app in one process, FeexPay sandbox)`);
console.table([{
  callbacks: CALLBACKS,
  'p50 (ms)': percentile(sortedCallbacks, 50).toFixed(1),
  'p95 (ms)': percentile(sortedCallbacks, 95).toFixed(1),
  'max (ms)': sortedCallbacks.at(-1).toFixed(1),
  'non-200': callbackDurations.filter((d) => !d.ok).length,
  'payments settled': settled,
}]);
paymentsServer.close();
await sandbox.stop();

// 5. An agent's dashboard with 10 and with 10,000 events behind it (scripts/bench-agents.mjs).
const { benchAgents } = await import('./bench-agents.mjs');
await benchAgents();
// 6. Logistics (scripts/bench-logistics.mjs).
const { benchLogistics } = await import('./bench-logistics.mjs');
await benchLogistics();

// 7. Nearby tricycles with 10 and with 10,000 drivers (scripts/bench-tricycles.mjs).
const { benchTricycles } = await import('./bench-tricycles.mjs');
await benchTricycles();

// 8. The accept race of a delivery with 20 couriers (scripts/bench-deliveries.mjs).
const { benchDeliveries } = await import('./bench-deliveries.mjs');
await benchDeliveries();

// 9. The dashboard statistics with 10 and with 100,000 events (scripts/bench-stats.mjs).
const { benchStats } = await import('./bench-stats.mjs');
await benchStats();
server.close();

// 10. Hot documents under load, through Hosting (scripts/bench-load.mjs): a wrong figure fails the bench.
const { benchLoad } = await import('./bench-load.mjs');
process.exit((await benchLoad()).ok ? 0 : 1);
