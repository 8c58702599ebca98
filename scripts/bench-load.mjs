#!/usr/bin/env node
/**
 * `npm run bench:load` (and the last part of `npm run bench`, `BENCH_ONLY=load`): hot documents
 * under load, through Hosting and the Functions emulator as the apps call them, with ID tokens
 * of the Auth emulator. Each contested operation is timed alone (the median of 5, one after the
 * other), then by N different users at once, beside its control: the same N requests on N
 * different documents, which shows what N requests cost this machine whatever they share.
 * The cases run BENCH_LOAD_RUNS times (3), each run with accounts and documents of its own; the
 * last table gives each case's ratios in every run and their medians, which the goal is judged on.
 * BENCH_LOAD_CASES (a comma list of stats, delivery, ride, chat, seller, stock, orders, views; all
 * by default) runs some of them only: `BENCH_LOAD_CASES=seller,stock BENCH_LOAD_RUNS=1 npm run bench:load`.
 *
 *  - views: 20 buyers view one listing (POST /api/views/{id}); all 20 counted;
 *  - delivery offer: 20 couriers accept one delivery; one winner, 19 DELIVERY_ALREADY_ASSIGNED;
 *  - ride request: 10 drivers accept one driver request; one winner, 9 DEMANDE_ALREADY_TAKEN;
 *  - one seller paid: 15 orders of one seller's parts paid at once; timed from FeexPay's callback
 *    to the seller's held credit in its ledger (`vente_retenue`, written by the `order.paid`
 *    subscriber, dispatched by the Firestore trigger: a sale's money is held until its handover,
 *    DOMAIN.md "Fair exchange"); 15 held credits, to the franc, and each payment allocated whole;
 *  - one part ordered: 20 buyers place an order (POST /api/orders) on one part at once; 20 orders;
 *  - last units: 20 buyers order and pay one of the last 5 units of a part; timed from the
 *    callback to the order leaving `pending`; 5 paid, 15 cancelled and marked for refund, the
 *    stock never below 0, no event run left running or waiting for a retry;
 *  - chat: the 2 participants of one room send 20 messages at once; 20 stored, unread exact;
 *  - statistics: GET /api/admin/stats for 92 days, 1 admin then 20 admins at once (the control:
 *    20 ranges, each shifted a day from the last); the 20 answers equal.
 *
 * Payments go the way a real one goes: the buyer orders and starts a mobile-money payment
 * through Hosting (the payments function asks the local FeexPay sandbox, at the address the
 * emulator's settings give, and the payment stays pending), then FeexPay's callback reaches the
 * webhook through Hosting with the callback secret, and the webhook asks the sandbox, which now
 * says SUCCESSFUL. Data is seeded through the service's code and routes: accounts by
 * provisionAccount, listings, orders, driver requests and rooms through the routes, deliveries by
 * createDelivery (what the `order.paid` subscriber calls), the statistics' events as
 * bench-stats.mjs counts them.
 *
 * Every request has a deadline (BENCH_LOAD_TIMEOUT_SECONDS, 60, the functions' own limit): one without an answer by then is
 * lost, counted in `lost`, and its time is the deadline. Every wait for events is bounded too.
 * Correctness is enforced: a case whose figure is wrong prints FAIL and the run exits 1. The time
 * goal (p95 within 3x the single median, or within 1.5x the control's p95) is reported only: the
 * machine is shared, and a goal missed on the emulator says where to look, not that money is wrong.
 *
 * Base URL: BENCH_BASE_URL, or firebase.json's Hosting port. The views case runs last: a jammed
 * listing may hold the catalog function's workers for minutes.
 */
import { loadavg } from 'node:os';
import { caseRows, GOAL, markdownTable, medianRow, summarize } from './bench-load-table.mjs';
import { functionsRequire as require, runsAlone } from './bench-common.mjs';
import { emulatorEnv } from './emulator-env.mjs';
import { backgroundTriggers, countInBulk, DAYS, eventsFrom, FIRST_DAY, LAST_DAY, writeEvents } from './bench-stats.mjs';

// The deliveries' offer rounds after the first are not this measure: no Cloud Task from this process.
process.env.DELIVERY_TASKS_ENABLED = 'false';

const { db } = require('./lib/core/firebase.js');
const { provisionAccount } = require('./lib/domains/identity/provisioning.js');
const { setStatus } = require('./lib/domains/logistics/livreurs/presence.js');
const { createDelivery } = require('./lib/domains/logistics/deliveries/create.js');
const { FeexPaySandbox } = require('./lib/dev/feexpay-sandbox.js');
require('./lib/core/config.js').reloadConfig();

const hosting = require('../firebase.json').emulators.hosting;
const BASE = process.env.BENCH_BASE_URL ?? `http://${hosting.host}:${hosting.port}`;
/** A request's deadline: the functions' own limit (60 s), past which the emulator answers 504 anyway. */
const TIMEOUT_MS = Number(process.env.BENCH_LOAD_TIMEOUT_SECONDS ?? 60) * 1000;
/** How long the bench waits for events to be handed out and their runs to end (between phases, then before a check). */
const QUIET_MS = Number(process.env.BENCH_LOAD_QUIET_SECONDS ?? 30) * 1000;
/** Statistics events seeded over the 92 days the route is asked for (bench-stats.mjs writes 100,000). */
const STATS_EVENTS = Number(process.env.BENCH_LOAD_STATS_EVENTS ?? 10_000);
const SINGLES = 5;
/**
 * Seeding requests at once: each write emits events, and each event the trigger hands out at the
 * same moment starts a worker of its own in the Functions emulator.
 */
const SEED_BATCH = 4;
const PASSWORD = 'Bench-password-1';
const PRICE = 20_000;
const N = { views: 20, couriers: 20, drivers: 10, sellerOrders: 15, stockBuyers: 20, stockUnits: 5, orderBuyers: 20, messages: 20, admins: 20 };
const RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 3);
const CASES = ['stats', 'delivery', 'ride', 'chat', 'seller', 'stock', 'orders', 'views'];
const CHOSEN = process.env.BENCH_LOAD_CASES ? process.env.BENCH_LOAD_CASES.split(',').map((name) => name.trim()) : CASES;
for (const name of CHOSEN) if (!CASES.includes(name)) throw new Error(`BENCH_LOAD_CASES: unknown case ${name} (known: ${CASES.join(', ')})`);

/** What the functions in the emulator were given (the sandbox's address and token, the callback secret), read from the files they read. */
const settings = emulatorEnv();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const SHOP = { latitude: 6.3703, longitude: 2.3912 };

/** One request through Hosting, bounded by TIMEOUT_MS: status 0 when no answer came in time. */
async function call(method, path, { token, body } = {}) {
  const start = performance.now();
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, ms: performance.now() - start };
  } catch (error) {
    return { status: 0, json: undefined, ms: performance.now() - start, error: String(error) };
  }
}

/** The request answered `status`, or throws with what it answered (seeding must not go on from a failed step). */
async function expectStatus(status, method, path, options) {
  const res = await call(method, path, options);
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json ?? res.error)}`);
  return res.json?.data;
}

/** `fn` over `items`, `size` at a time. */
async function inBatches(items, size, fn) {
  const results = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map((item, i) => fn(item, start + i)))));
  return results;
}

const ROLE_DIGIT = { acheteur: 1, vendeur: 2, livreur: 3, chauffeur: 4, admin: 5 };

/** An account of `role` (the service's provisioning), signed in at the Auth emulator for a real ID token; `index` unique in the process. */
async function account(role, index) {
  const provisioned = await provisionAccount({ telephone: `+2290198${ROLE_DIGIT[role]}${String(index).padStart(5, '0')}`, password: PASSWORD, role, nom: 'Charge', prenoms: `${role} ${index}` });
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: provisioned.email, password: PASSWORD, returnSecureToken: true }) });
  const { idToken } = await res.json();
  if (!idToken) throw new Error(`sign-in of ${provisioned.email} failed`);
  return { uid: provisioned.uid, token: idToken };
}

/** `count` accounts of `role` for run `run`, then the events their sign-ups emitted handed out. */
async function accounts(role, count, run) {
  const made = await inBatches(Array.from({ length: count }, (_, i) => run * 1000 + i), SEED_BATCH, (i) => account(role, i));
  await quiet();
  return made;
}

const car = (i) => ({ type: 'voiture', titre: `Corolla de charge ${i}`, prix: 4_500_000, marque: 'Toyota', modele: 'Corolla', annee: 2012, carburant: 'essence', boiteVitesse: 'automatique', pays: 'BJ', ville: 'Cotonou' });
const part = (stock) => ({ type: 'piece', titre: 'Alternateur Corolla', prix: PRICE, pays: 'BJ', ville: 'Cotonou', stock, localisation: SHOP });
const publish = (seller, input) => expectStatus(201, 'POST', '/api/articles', { token: seller.token, body: input }).then((data) => data.id);

/**
 * Light requests to the function a case calls, at a concurrency rising to the case's N: the
 * Functions emulator starts a worker per concurrent request, and a cold start is not what is
 * measured here. Rising by steps starts a few workers at a time: twenty at once on a busy machine
 * outlast the emulator's 30 s limit for a worker to load ("Failed to load function").
 */
async function warm(requests) {
  for (let size = 2; ; size = Math.min(requests.length, size * 2)) {
    await Promise.all(requests.slice(0, size).map(([method, path, token]) => call(method, path, { token })));
    if (size === requests.length) break;
  }
  await Promise.all(requests.map(([method, path, token]) => call(method, path, { token })));
}

/**
 * Waits, at most `bound` ms, until no event waits for its dispatch and no event run holds a lease
 * that has not ended (work still going on). Runs stuck with an ended lease, or waiting for a retry
 * that only the schedules would run, do not hold it: the cases report them. Answers whether it got quiet.
 */
async function quiet(bound = QUIET_MS) {
  const deadline = Date.now() + bound;
  for (;;) {
    const [pending, running] = await Promise.all([
      db().collection('events').where('dispatch', 'in', ['pending', 'dispatching']).limit(1).get(),
      db().collection('eventRuns').where('state', '==', 'running').get(),
    ]);
    const live = running.docs.filter((doc) => doc.get('dueAt').toMillis() > Date.now());
    if (pending.empty && !live.length) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

/** Event runs left `running` or `retry` whose event names one of `ids` (payments, orders). */
async function openRunsOf(ids) {
  const runs = await db().collection('eventRuns').where('state', 'in', ['running', 'retry']).get();
  return runs.docs.filter((doc) => ids.some((id) => doc.get('eventId').includes(id))).map((doc) => `${doc.id} (${doc.get('state')})`);
}

/** Times when something was first seen by a listener, and promises of them: the moment a credit or a status lands. */
class Arrivals {
  seen = new Map();
  waiters = new Map();
  mark(key) {
    if (this.seen.has(key)) return;
    const at = performance.now();
    this.seen.set(key, at);
    for (const resolve of this.waiters.get(key) ?? []) resolve(at);
    this.waiters.delete(key);
  }
  /** The moment `key` was seen, or null when it was not within `ms`. */
  when(key, ms = TIMEOUT_MS) {
    if (this.seen.has(key)) return Promise.resolve(this.seen.get(key));
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), (at) => (clearTimeout(timer), resolve(at))]);
    });
  }
}

/** When the losers of a race learnt it: their answers' p50 and max. */
function losersAnswered(losers) {
  const { p50, max } = summarize(losers.map((r) => r.ms));
  return p50 == null ? '' : ` (p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms)`;
}

/** Durations and lost requests of a phase from its results `{ ms, ok }`: a lost one counts at its deadline. */
const phase = (results) => ({ durations: results.map((r) => r.ms), lost: results.filter((r) => !r.ok).length });

// ---------------------------------------------------------------------------------------------
// Payments: the local FeexPay and a payment made the way a buyer makes one.

let sandbox;

async function startSandbox() {
  const url = new URL(settings.FEEXPAY_BASE_URL);
  // No webhook of its own: the bench sends FeexPay's callback itself, to time it.
  sandbox = new FeexPaySandbox({ port: Number(url.port), token: settings.FEEXPAY_API_TOKEN });
  await sandbox.start();
}

let payers = 0;
/** A payer number the sandbox leaves pending (ending in 2), a new one each time: the per-telephone limit never bites. */
const pendingPayer = () => `+22901${String((payers += 1)).padStart(7, '0')}2`;

/** The buyer orders one unit of `articleId` and starts paying it by mobile money: pending at FeexPay. */
async function orderAndStartPaying(buyer, articleId) {
  const order = await expectStatus(201, 'POST', '/api/orders', { token: buyer.token, body: { items: [{ articleId, quantite: 1 }], livraison: false } });
  const started = await expectStatus(201, 'POST', '/api/payments/requesttopay/mtn', { token: buyer.token, body: { type: 'commande', montant: order.total, metadata: { commandeId: order.id }, telephone: pendingPayer() } });
  const reference = (await db().collection('payments').doc(started.paymentId).get()).get('reference');
  if (!reference) throw new Error(`payment ${started.paymentId} has no FeexPay reference`);
  return { orderId: order.id, total: order.total, paymentId: started.paymentId, reference, buyer };
}

/** The payer paid: FeexPay now says SUCCESSFUL and calls the webhook (through Hosting, with the callback secret). */
function callback(payment) {
  const transaction = sandbox.transactions.get(payment.reference);
  transaction.status = 'SUCCESSFUL';
  const body = { reference: transaction.reference, status: transaction.status, amount: transaction.amount, callback_info: transaction.callbackInfo, reseau: transaction.network };
  return call('POST', `/api/payments/webhook?secret=${encodeURIComponent(settings.FEEXPAY_CALLBACK_SECRET)}`, { body });
}

/** Sends the callback of `payment` and waits for `arrivals` to see `key`: the time from the callback to it. */
async function paidUntil(payment, arrivals, key) {
  const start = performance.now();
  const answered = await callback(payment);
  const at = await arrivals.when(key, Math.max(0, TIMEOUT_MS - (performance.now() - start)));
  return { ms: (at ?? performance.now()) - start, ok: answered.status === 200 && at !== null };
}

/** Listens to sellers' ledgers: marks held sale credits (`vente_retenue`, what a payment credits before the handover) by payment id as they land. */
function listenToCredits(sellers, arrivals) {
  return sellers.map((seller) =>
    db()
      .collection('wallets')
      .doc(seller.uid)
      .collection('transactions')
      .onSnapshot((snapshot) => {
        for (const change of snapshot.docChanges()) if (change.doc.get('type') === 'vente_retenue') arrivals.mark(change.doc.get('paymentId'));
      }),
  );
}

/** Listens to orders: marks each order once it left `pending` (paid or cancelled). */
function listenToOrders(orderIds, arrivals) {
  return orderIds.map((id) =>
    db()
      .collection('commandes')
      .doc(id)
      .onSnapshot((snapshot) => {
        if (snapshot.get('statut') && snapshot.get('statut') !== 'pending') arrivals.mark(id);
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// The cases. Each answers its singles, its contested phase, its control phase and both figures.

async function deliveryCase({ couriers }) {
  await Promise.all(couriers.map((courier, i) => setStatus(courier.uid, { nom: 'Charge', prenoms: `Livreur ${i}` }, true, { latitude: SHOP.latitude + i * 0.001, longitude: SHOP.longitude })));
  const request = {
    pickups: [{ vendeur: 'bench-load-seller', position: SHOP, adresse: 'Dantokpa' }],
    destination: { position: { latitude: 6.4, longitude: 2.42 }, adresse: 'Akpakpa' },
    instructions: null,
    quote: { zoneId: 'bench', distanceKm: 4.2, frais: 1000, gainLivreur: 650, gainSociete: 350 },
  };
  let made = 0;
  const delivery = () => createDelivery({ kind: 'order', id: `bench-load-${Date.now()}-${(made += 1)}`, acheteur: 'bench-load-buyer', paymentId: 'bench-load-payment', montantPaye: 11_000 }, request);
  const accept = async (courier, id) => {
    const res = await call('POST', `/api/deliveries/${id}/accept`, { token: courier.token });
    return { ...res, courier };
  };
  await warm(couriers.map((courier) => ['GET', '/api/deliveries', courier.token]));

  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) singles.push((await accept(couriers[i], await delivery())).ms);
  const controlIds = await inBatches(couriers, SEED_BATCH, () => delivery());
  const control = await Promise.all(couriers.map((courier, i) => accept(courier, controlIds[i])));
  await quiet();
  const hotId = await delivery();
  const contested = await Promise.all(couriers.map((courier) => accept(courier, hotId)));

  const winners = contested.filter((r) => r.status === 200);
  const losers = contested.filter((r) => r.status === 409 && r.json?.code === 'DELIVERY_ALREADY_ASSIGNED');
  const stored = (await db().collection('deliveries').doc(hotId).get()).get('livreur');
  const others = contested.length - winners.length - losers.length;
  return {
    name: `delivery offer: ${N.couriers} couriers accept one`,
    n: N.couriers,
    singles,
    contested: { durations: contested.map((r) => r.ms), lost: others },
    control: phase(control.map((r) => ({ ms: r.ms, ok: r.status === 200 }))),
    correctness: {
      ok: winners.length === 1 && others === 0 && stored === winners[0].courier.uid,
      figure: `${winners.length} winner (stored: ${winners.length === 1 && stored === winners[0].courier.uid ? 'same' : stored}), ${losers.length} x 409 DELIVERY_ALREADY_ASSIGNED${losersAnswered(losers)}${others ? `, ${others} other` : ''}`,
    },
    controlCorrectness: { ok: control.every((r) => r.status === 200), figure: `${control.filter((r) => r.status === 200).length}/${N.couriers} accepted` },
  };
}

async function rideCase({ buyers, drivers }) {
  const demande = (buyer, i) =>
    expectStatus(201, 'POST', '/api/chauffeurs/demandes', {
      token: buyer.token,
      body: { trajet: { depart: 'Cotonou', arrivee: 'Porto-Novo' }, date: new Date(Date.now() + 2 * 86_400_000).toISOString(), lieu: { adresse: `Carrefour ${i}`, point: { latitude: 6.37 + i * 0.001, longitude: 2.42 } } },
    }).then((data) => data.id);
  const accept = (driver, id) => call('POST', `/api/chauffeurs/demandes/${id}/accept`, { token: driver.token });
  await warm(drivers.map((driver) => ['GET', '/api/chauffeurs/demandes/mine', driver.token]));

  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) singles.push((await accept(drivers[i], await demande(buyers[i], i))).ms);
  const controlIds = await inBatches(drivers, SEED_BATCH, (_, i) => demande(buyers[i], 100 + i));
  const control = await Promise.all(drivers.map((driver, i) => accept(driver, controlIds[i])));
  await quiet();
  const hotId = await demande(buyers[N.drivers], 200);
  const contested = await Promise.all(drivers.map((driver) => accept(driver, hotId)));

  const winners = contested.filter((r) => r.status === 200);
  const losers = contested.filter((r) => r.status === 409 && r.json?.code === 'DEMANDE_ALREADY_TAKEN');
  const others = contested.length - winners.length - losers.length;
  const stored = (await db().collection('chauffeurDemandes').doc(hotId).get()).data();
  const storedOk = winners.length === 1 && stored?.statut === 'acceptee' && stored?.chauffeur === winners[0].json.data.chauffeur;
  return {
    name: `ride request: ${N.drivers} drivers accept one`,
    n: N.drivers,
    singles,
    contested: { durations: contested.map((r) => r.ms), lost: others },
    control: phase(control.map((r) => ({ ms: r.ms, ok: r.status === 200 }))),
    correctness: {
      ok: winners.length === 1 && others === 0 && storedOk,
      figure: `${winners.length} winner (stored: ${storedOk ? 'same' : JSON.stringify(stored?.chauffeur)}), ${losers.length} x 409 DEMANDE_ALREADY_TAKEN${losersAnswered(losers)}${others ? `, ${others} other` : ''}`,
    },
    controlCorrectness: { ok: control.every((r) => r.status === 200), figure: `${control.filter((r) => r.status === 200).length}/${N.drivers} accepted` },
  };
}

async function chatCase({ buyers, sellers, cars }) {
  const open = (buyer, articleId) => expectStatus(200, 'POST', '/api/chat/rooms', { token: buyer.token, body: { contextKind: 'article', contextId: articleId } });
  const send = (user, roomId, texte) => call('POST', `/api/chat/rooms/${roomId}/messages`, { token: user.token, body: { texte } }).then((r) => ({ ...r, ok: r.status === 201 }));
  // Singles in a room of their own; the control: 20 rooms of 20 pairs, one message each; the hot room: buyer 0 and seller 0.
  const singleRoom = (await open(buyers[1], cars[1])).id;
  const controlRooms = await inBatches(buyers, SEED_BATCH, (buyer, i) => open(buyer, cars[(i + 2) % cars.length]).then((room) => room.id));
  const hot = (await open(buyers[0], cars[0])).id;
  await warm(buyers.map((buyer) => ['GET', '/api/chat/unread', buyer.token]));

  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) singles.push((await send(buyers[1], singleRoom, `Seul ${i}`)).ms);
  const control = await Promise.all(buyers.map((buyer, i) => send(buyer, controlRooms[i], `Témoin ${i}`)));
  await quiet();
  const unread = async (user) => (await expectStatus(200, 'GET', '/api/chat/unread', { token: user.token })).total;
  const before = { buyer: await unread(buyers[0]), seller: await unread(sellers[0]) };
  const half = N.messages / 2;
  const contested = await Promise.all(Array.from({ length: N.messages }, (_, i) => (i < half ? send(buyers[0], hot, `Acheteur ${i}`) : send(sellers[0], hot, `Vendeur ${i - half}`))));

  const page = await expectStatus(200, 'GET', `/api/chat/rooms/${hot}/messages?limit=50`, { token: buyers[0].token });
  const texts = new Set(page.map((message) => message.texte));
  const stored = Array.from({ length: N.messages }, (_, i) => (i < half ? `Acheteur ${i}` : `Vendeur ${i - half}`)).filter((text) => texts.has(text)).length;
  const room = { buyer: (await expectStatus(200, 'GET', `/api/chat/rooms/${hot}`, { token: buyers[0].token })).unread, seller: (await expectStatus(200, 'GET', `/api/chat/rooms/${hot}`, { token: sellers[0].token })).unread };
  const after = { buyer: await unread(buyers[0]), seller: await unread(sellers[0]) };
  const sent = { buyer: contested.slice(0, half).filter((r) => r.ok).length, seller: contested.slice(half).filter((r) => r.ok).length };
  // Each side's unread: the messages the other side sent, in the room and in its total.
  const exact = room.buyer === sent.seller && room.seller === sent.buyer && after.buyer - before.buyer === sent.seller && after.seller - before.seller === sent.buyer;
  return {
    name: `chat: 2 participants send ${N.messages} messages in one room`,
    n: N.messages,
    singles,
    contested: phase(contested),
    control: phase(control),
    correctness: {
      ok: stored === N.messages && page.length === N.messages && exact,
      figure: `${stored}/${N.messages} stored (${page.length} in the room), unread room ${room.buyer}+${room.seller}, totals +${after.buyer - before.buyer}/+${after.seller - before.seller} for ${sent.seller}+${sent.buyer} sent`,
    },
    controlCorrectness: { ok: control.every((r) => r.ok), figure: `${control.filter((r) => r.ok).length}/${N.messages} stored` },
  };
}

async function sellerCreditCase({ buyers, sellers, single, hot }) {
  const n = N.sellerOrders;
  // Parts: 5 of the single seller, 15 of the busy one, one of each of 15 other sellers (the control).
  const singleParts = await inBatches(Array.from({ length: SINGLES }), SEED_BATCH, () => publish(single, part(1)));
  const hotParts = await inBatches(Array.from({ length: n }), SEED_BATCH, () => publish(hot, part(1)));
  const controlParts = await inBatches(sellers.slice(0, n), SEED_BATCH, (seller) => publish(seller, part(1)));
  const singlePays = await inBatches(singleParts, SEED_BATCH, (id, i) => orderAndStartPaying(buyers[i], id));
  const controlPays = await inBatches(controlParts, SEED_BATCH, (id, i) => orderAndStartPaying(buyers[i], id));
  const hotPays = await inBatches(hotParts, SEED_BATCH, (id, i) => orderAndStartPaying(buyers[i], id));
  const credits = new Arrivals();
  const listeners = listenToCredits([single, hot, ...sellers.slice(0, n)], credits);
  await warm(buyers.map((buyer) => ['GET', '/api/wallet/me', buyer.token]));
  await quiet();

  const singles = [];
  for (const payment of singlePays) singles.push((await paidUntil(payment, credits, payment.paymentId)).ms);
  const control = await Promise.all(controlPays.map((payment) => paidUntil(payment, credits, payment.paymentId)));
  await quiet();
  const contested = await Promise.all(hotPays.map((payment) => paidUntil(payment, credits, payment.paymentId)));
  await quiet();
  for (const stop of listeners) stop();

  // The busy seller's wallet as it sees it: every price held, nothing available before the handovers;
  // each payment's allocation summary: its whole amount, to the franc, and nothing more.
  const wallet = await expectStatus(200, 'GET', '/api/wallet/me', { token: hot.token });
  const held = (await db().collection('wallets').doc(hot.uid).collection('transactions').where('type', '==', 'vente_retenue').get()).docs.map((doc) => doc.data());
  const paidIds = new Set(hotPays.map((payment) => payment.paymentId));
  const distinct = new Set(held.filter((entry) => paidIds.has(entry.paymentId)).map((entry) => entry.paymentId)).size;
  const credited = held.reduce((sum, entry) => sum + entry.montant, 0);
  const allocated = await Promise.all(hotPays.map(async (payment) => (await db().collection('paymentAllocations').doc(payment.paymentId).get()).get('allocated')));
  const whole = allocated.filter((amount) => amount === PRICE).length;
  const open = await openRunsOf([...paidIds]);
  return {
    name: `one seller: ${n} of its orders paid at once (callback to held credit)`,
    n,
    singles,
    contested: phase(contested),
    control: phase(control),
    correctness: {
      ok: held.length === n && distinct === n && credited === n * PRICE && wallet.held === credited && wallet.balance === 0 && wallet.debt === 0 && whole === n && !open.length,
      figure: `${distinct}/${n} held credits, held ${wallet.held} = entries ${credited} ${credited === n * PRICE ? '= sales' : '!= sales'}, balance ${wallet.balance}, ${whole}/${n} payments allocated whole${open.length ? `, ${open.length} runs open` : ''}`,
    },
    controlCorrectness: { ok: control.every((r) => r.ok), figure: `${control.filter((r) => r.ok).length}/${n} credited` },
  };
}

/** 20 buyers order one part at once; the control: 20 orders of 20 parts; the single: one order at a time. */
async function ordersCase({ buyers, sellers, stockSeller }) {
  const n = N.orderBuyers;
  const place = (buyer, articleId) => call('POST', '/api/orders', { token: buyer.token, body: { items: [{ articleId, quantite: 1 }], livraison: false } }).then((r) => ({ ...r, ok: r.status === 201 }));
  const singlePart = await publish(stockSeller, part(SINGLES));
  const hotPart = await publish(stockSeller, part(n));
  const controlParts = await inBatches(sellers.slice(0, n), SEED_BATCH, (seller) => publish(seller, part(1)));
  await warm(buyers.map((buyer) => ['GET', '/api/orders/mine', buyer.token]));
  await quiet();

  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) singles.push((await place(buyers[i], singlePart)).ms);
  const control = await Promise.all(buyers.slice(0, n).map((buyer, i) => place(buyer, controlParts[i])));
  await quiet();
  const contested = await Promise.all(buyers.slice(0, n).map((buyer) => place(buyer, hotPart)));
  await quiet();

  // What the buyers see: each its order, pending, of one unit of the part; the part's stock untouched until a payment.
  const placed = contested.map((r, i) => ({ id: r.ok ? r.json.data.id : null, buyer: buyers[i] })).filter(({ id }) => id);
  const stored = await Promise.all(placed.map(async ({ id }) => (await db().collection('commandes').doc(id).get()).data()));
  const right = stored.filter((order, i) => order?.statut === 'pending' && order.acheteur === placed[i].buyer.uid && order.lignes.length === 1 && order.lignes[0].articleId === hotPart && order.total === PRICE).length;
  const stock = (await db().collection('articles').doc(hotPart).get()).get('stock');
  return {
    name: `one part: ${n} buyers order it at once`,
    n,
    singles,
    contested: phase(contested),
    control: phase(control),
    correctness: { ok: placed.length === n && right === n && stock === n, figure: `${placed.length}/${n} placed, ${right} stored pending as asked, stock ${stock}` },
    controlCorrectness: { ok: control.every((r) => r.ok), figure: `${control.filter((r) => r.ok).length}/${n} placed` },
  };
}

async function lastUnitsCase({ buyers, sellers, stockSeller }) {
  const n = N.stockBuyers;
  const singlePart = await publish(stockSeller, part(SINGLES));
  const hotPart = await publish(stockSeller, part(N.stockUnits));
  const controlParts = await inBatches(sellers.slice(0, n), SEED_BATCH, (seller) => publish(seller, part(N.stockUnits)));
  const singlePays = await inBatches(Array.from({ length: SINGLES }), SEED_BATCH, (_, i) => orderAndStartPaying(buyers[SINGLES + i], singlePart));
  const controlPays = await inBatches(controlParts, SEED_BATCH, (id, i) => orderAndStartPaying(buyers[i], id));
  const hotPays = await inBatches(buyers.slice(0, n), SEED_BATCH, (buyer) => orderAndStartPaying(buyer, hotPart));
  const left = new Arrivals();
  const listeners = listenToOrders([...singlePays, ...controlPays, ...hotPays].map((payment) => payment.orderId), left);
  // Every version of the hot part's stock the listener sees: it must never go below 0.
  let lowest = N.stockUnits;
  listeners.push(
    db()
      .collection('articles')
      .doc(hotPart)
      .onSnapshot((snapshot) => {
        lowest = Math.min(lowest, snapshot.get('stock') ?? 0);
      }),
  );
  // The callbacks' function (payments, as in the seller's case): its workers started before the
  // clock runs, not by the twenty callbacks (the orders were placed through commerce already).
  await warm(buyers.map((buyer) => ['GET', '/api/wallet/me', buyer.token]));
  await quiet();

  const singles = [];
  for (const payment of singlePays) singles.push((await paidUntil(payment, left, payment.orderId)).ms);
  const control = await Promise.all(controlPays.map((payment) => paidUntil(payment, left, payment.orderId)));
  await quiet();
  const contested = await Promise.all(hotPays.map((payment) => paidUntil(payment, left, payment.orderId)));
  // Bounded: the losers' refunds and the winners' credits follow through the events.
  const drained = await quiet(2 * QUIET_MS);
  for (const stop of listeners) stop();

  const orders = await Promise.all(hotPays.map(async (payment) => (await db().collection('commandes').doc(payment.orderId).get()).get('statut')));
  const refunds = await Promise.all(hotPays.map(async (payment) => (await db().collection('payments').doc(payment.paymentId).get()).get('refund.statut') ?? null));
  const article = (await db().collection('articles').doc(hotPart).get()).data();
  const paid = orders.filter((statut) => statut === 'paid').length;
  const cancelled = orders.filter((statut) => statut === 'cancelled').length;
  const refunded = orders.filter((statut, i) => statut === 'cancelled' && refunds[i] === 'a_rembourser').length;
  const wronglyRefunded = orders.filter((statut, i) => statut === 'paid' && refunds[i] !== null).length;
  const open = await openRunsOf(hotPays.flatMap((payment) => [payment.paymentId, payment.orderId]));
  const controlPaid = await Promise.all(controlPays.map(async (payment) => (await db().collection('commandes').doc(payment.orderId).get()).get('statut') === 'paid'));
  return {
    name: `last units: ${n} buyers pay for the last ${N.stockUnits} of a part (callback to order status)`,
    n,
    singles,
    contested: phase(contested),
    control: phase(control),
    correctness: {
      ok: paid === N.stockUnits && cancelled === n - N.stockUnits && refunded === cancelled && !wronglyRefunded && lowest >= 0 && article.stock === 0 && !open.length,
      figure: `${paid} paid, ${cancelled} cancelled (${refunded} marked for refund), ${n - paid - cancelled} pending, stock ${article.stock} (lowest seen ${lowest}), ${open.length} runs open${drained ? '' : ' (events not drained in time)'}`,
    },
    controlCorrectness: { ok: controlPaid.every(Boolean), figure: `${controlPaid.filter(Boolean).length}/${n} paid` },
  };
}

/** The statistics' counters over the 92 days the route is asked for, as bench-stats.mjs writes them (skipped when that part wrote them). */
async function seedStatistics() {
  if ((await db().collection('events').doc('user.registered_bench-user-0').get()).exists) return;
  await backgroundTriggers(false);
  try {
    const { events } = eventsFrom(0, STATS_EVENTS);
    await writeEvents(events);
    await countInBulk(events);
  } finally {
    await backgroundTriggers(true);
  }
}

async function statsCase({ admins }) {
  const shifted = (days) => (day) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const range = (back) => `/api/admin/stats?from=${shifted(back)(FIRST_DAY)}&to=${shifted(back)(LAST_DAY)}`;
  const ask = (admin, back) => call('GET', range(back), { token: admin.token }).then((r) => ({ ...r, ok: r.status === 200 }));
  await warm(admins.map((admin) => ['GET', '/api/admin/subscription-pricing', admin.token]));
  await quiet();

  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) singles.push((await ask(admins[0], 0)).ms);
  const control = await Promise.all(admins.map((admin, i) => ask(admin, i + 1)));
  const contested = await Promise.all(admins.map((admin) => ask(admin, 0)));
  const answers = new Set(contested.filter((r) => r.ok).map((r) => JSON.stringify(r.json.data)));
  const ok = contested.filter((r) => r.ok).length;
  return {
    name: `statistics: ${N.admins} admins ask ${DAYS} days at once`,
    n: N.admins,
    singles,
    contested: phase(contested),
    control: phase(control),
    correctness: { ok: ok === N.admins && answers.size === 1, figure: `${ok}/${N.admins} answered, ${answers.size} distinct answer${answers.size === 1 ? '' : 's'}` },
    controlCorrectness: { ok: control.every((r) => r.ok), figure: `${control.filter((r) => r.ok).length}/${N.admins} answered (ranges a day apart)` },
  };
}

async function viewsCase({ buyers, singleCar, hotCar, cars }) {
  const view = (buyer, id) => call('POST', `/api/views/${id}`, { token: buyer.token }).then((r) => ({ ...r, ok: r.status === 200 && r.json?.data?.counted === true }));
  await warm(buyers.map((buyer) => ['GET', `/api/views/${singleCar}`, buyer.token]));

  const singles = [];
  for (let i = 0; i < SINGLES; i += 1) singles.push((await view(buyers[N.views - 1 - i], singleCar)).ms);
  const control = await Promise.all(buyers.map((buyer, i) => view(buyer, cars[i])));
  await quiet();
  const contested = await Promise.all(buyers.map((buyer) => view(buyer, hotCar)));
  // What a reader is shown, once it is fresh (bounded: a count kept by a subscriber may follow the views).
  const counted = contested.filter((r) => r.ok).length;
  let shown;
  const deadline = Date.now() + QUIET_MS;
  do {
    shown = (await call('GET', `/api/views/${hotCar}`)).json?.data?.views;
    if (shown === N.views) break;
    await sleep(500);
  } while (Date.now() < deadline);
  return {
    name: `views: ${N.views} buyers view one listing`,
    n: N.views,
    singles,
    contested: phase(contested),
    control: phase(control),
    correctness: { ok: counted === N.views && shown === N.views, figure: `${counted}/${N.views} answered counted, the listing shows ${shown ?? 'nothing'}` },
    controlCorrectness: { ok: control.every((r) => r.ok), figure: `${control.filter((r) => r.ok).length}/${N.views} counted` },
  };
}

/** What each case needs seeded: accounts by role, and the sellers' cars (chat rooms, views). */
const NEEDS = {
  stats: { admins: true },
  delivery: { couriers: true },
  ride: { buyers: true, drivers: true },
  chat: { buyers: true, sellers: true, cars: true },
  seller: { buyers: true, sellers: true },
  stock: { buyers: true, sellers: true },
  orders: { buyers: true, sellers: true },
  views: { buyers: true, sellers: true, cars: true },
};

/** One run of the chosen cases, on accounts and documents of its own: each case's result. */
async function oneRun(run, started) {
  const need = (what) => CHOSEN.some((name) => NEEDS[name][what]);
  const none = [];
  const buyers = need('buyers') ? await accounts('acheteur', 20, run) : none;
  const sellers = need('sellers') ? await accounts('vendeur', 23, run) : none;
  const couriers = need('couriers') ? await accounts('livreur', N.couriers, run) : none;
  const drivers = need('drivers') ? await accounts('chauffeur', N.drivers, run) : none;
  const admins = need('admins') ? await accounts('admin', N.admins, run) : none;
  // Sellers 0 to 19: one listing each (chat rooms, the views' control) and the controls' parts; 20: one seller paid
  // alone; 21: the busy seller; 22: the last units, the ordered part and the views' listings.
  const pool = sellers.slice(0, 20);
  const withCars = need('cars');
  const cars = withCars ? await inBatches(pool, SEED_BATCH, (seller, i) => publish(seller, car(i))) : none;
  const [singleCar, hotCar] = withCars ? [await publish(sellers[22], car(100)), await publish(sellers[22], car(101))] : [];
  await quiet();
  console.log(`  run ${run + 1}: seeded at ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const cases = {
    stats: () => statsCase({ admins }),
    delivery: () => deliveryCase({ couriers }),
    ride: () => rideCase({ buyers, drivers }),
    chat: () => chatCase({ buyers, sellers: pool, cars }),
    seller: () => sellerCreditCase({ buyers, sellers: pool, single: sellers[20], hot: sellers[21] }),
    stock: () => lastUnitsCase({ buyers, sellers: pool, stockSeller: sellers[22] }),
    orders: () => ordersCase({ buyers, sellers: pool, stockSeller: sellers[22] }),
    // Last: a jammed listing may hold the catalog function's workers for minutes.
    views: () => viewsCase({ buyers, singleCar, hotCar, cars }),
  };
  const results = [];
  for (const name of CASES.filter((known) => CHOSEN.includes(known))) {
    const result = await cases[name]();
    results.push(result);
    console.log(`  run ${run + 1}, ${result.name}: ${result.correctness.ok ? 'ok' : 'FAIL'} (${result.correctness.figure})`);
  }
  return results;
}

export async function benchLoad() {
  const started = performance.now();
  const load = () => loadavg().map((value) => value.toFixed(1)).join(', ');
  console.log(`\nHot documents under load (${BASE}: Hosting and the Functions emulator), each request bounded by ${TIMEOUT_MS / 1000} s, ${RUNS} run(s) of ${CHOSEN.join(', ')}; load average ${load()}`);
  await startSandbox();
  try {
    if (CHOSEN.includes('stats')) {
      await seedStatistics();
      console.log(`  statistics' events written (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const results = await oneRun(run, started);
      runs.push(results);
      const rows = results.flatMap((result) => caseRows(result));
      console.log(`\nRun ${run + 1} of ${RUNS}, load average ${load()}; single = median of ${SINGLES} alone; p50/p95/max = N users at once`);
      console.table(rows);
      console.log(`\n${markdownTable(rows)}\n`);
    }
    // Each case over the runs: its ratios in each and their medians.
    const medians = runs[0].map((_, index) => medianRow(runs.map((results) => results[index])));
    console.log(`Hot documents over ${RUNS} run(s): goal (median of the runs' ratios): p95 within ${GOAL.ofSingle}x the single median or ${GOAL.ofControl}x the control's p95 (reported, not enforced); ${((performance.now() - started) / 1000).toFixed(0)} s in all, load average ${load()}`);
    console.table(medians);
    console.log(`\n${markdownTable(medians)}\n`);
    const failed = runs.flatMap((results, run) => results.filter((result) => !result.correctness.ok || !result.controlCorrectness.ok).map((result) => ({ run, result })));
    for (const { run, result } of failed) console.log(`FAIL run ${run + 1}, ${result.name}: ${result.correctness.figure}; control: ${result.controlCorrectness.figure}`);
    return { ok: failed.length === 0, runs };
  } finally {
    await sandbox.stop();
  }
}

if (runsAlone(import.meta.url)) {
  const { ok } = await benchLoad();
  process.exit(ok ? 0 : 1);
}
