#!/usr/bin/env node
/**
 * Part of `npm run bench` (`BENCH_ONLY=stats`, or alone inside the emulators:
 * `node scripts/emulators.mjs exec "node scripts/bench-stats.mjs"`): the dashboard statistics route
 * (`GET /api/admin/stats`) with 10 and with 100,000 underlying events.
 *
 * The events are real: `events/{type}_{key}` documents with the payloads the domains emit, made as
 * the life of users, listings, payments, missions, orders and deliveries over the 92 days before
 * 2026-11-20. The first 10 are counted by the dashboard's own subscribers (their `handle`, as a
 * dispatch runs them). The other 99,990 are counted by the same function the subscribers apply
 * (`counting.ts` `writesOf`), each event's writes sent to a shard drawn at random as `countOnce`
 * does, but summed per document and written in batches instead of one transaction per event (and
 * without their run markers), with the late marks `countOnce` would leave: their days are closed
 * and rolled up by the first pass, so the marks make the route sum them again. Background triggers
 * are switched off while the events are written, so the Functions emulator does not count them a
 * second time. The answer is then checked against
 * counts made from the events themselves, not from the counters. The seeding (the lives, written
 * and counted in bulk) is exported: bench-load.mjs gives the route the same counters under load.
 */
import { CLIENTS, SECONDS, percentile, functionsRequire as require, runsAlone } from './bench-common.mjs';

const { db } = require('./lib/core/firebase.js');
const { FieldValue, Timestamp } = require('firebase-admin/firestore');
const { provisionAccount } = require('./lib/domains/identity/provisioning.js');
const { createFunctionApp } = require('./lib/app.js');
const { dayOf, lateMarks } = require('./lib/core/counters.js');
const { planRead, planReads } = require('./lib/core/counter-rollups.js');
const { daysBetween } = require('./lib/core/days.js');
const { ROLLUP, SCOPES } = require('./lib/domains/admin/stats/scopes.js');
const { writesOf } = require('./lib/domains/admin/stats/counting.js');
const { subscribers } = require('./lib/domains/admin/stats/subscribers.js');

export const LAST_DAY = '2026-11-20';
export const DAYS = 92;
export const FIRST_DAY = new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const ROLES = ['acheteur', 'acheteur', 'acheteur', 'vendeur', 'vendeur', 'livreur', 'transitaire', 'chauffeur'];
const PAYMENT_TYPES = ['achat', 'abonnement', 'abonnement_transitaire', 'publicite', 'verification', 'commande'];

/**
 * A moment in the range for entity i, at a business hour; its later steps follow by minutes. The day
 * comes from the entity's rank in its family (7919 and 92 are coprime): each family covers every day.
 */
const momentOf = (i, step) => new Date(Date.parse(`${FIRST_DAY}T08:00:00Z`) + ((Math.floor(i / 6) * 7919) % DAYS) * 86_400_000 + ((i * 37) % 600) * 60_000 + step * 60_000);

/** The events of entity `i` of a family, in order: the lives the domains' transactions emit. */
function lifeOf(i) {
  const family = i % 6;
  // The n-th entity of its family: what varies within a family (role, type, outcome, how far it went).
  const n = Math.floor(i / 6);
  const events = [];
  const push = (type, key, payload) => events.push({ type, key, payload });
  if (family === 0) {
    const uid = `bench-user-${i}`;
    const role = ROLES[n % ROLES.length];
    push('user.registered', uid, { uid, role, app: role === 'acheteur' ? 'buyer' : 'pro', referrerId: null, referralCode: null, registeredAt: momentOf(i, 0).toISOString() });
    if (n % 5 === 0) push('user.changed', `${uid}_${momentOf(i, 1).getTime()}_bench`, { uid, role, previousRole: role, isBlocked: true, wasBlocked: false });
  } else if (family === 1) {
    const id = `bench-article-${i}`;
    const type = n % 4 ? 'voiture' : 'piece';
    const end = n % 3 === 0 ? 'vendu' : n % 3 === 1 ? 'retire' : null;
    push('article.status_changed', `${id}_en_ligne_${momentOf(i, 0).getTime()}`, { articleId: id, type, from: null, to: 'en_ligne', at: momentOf(i, 0).toISOString() });
    if (end) push('article.status_changed', `${id}_${end}_${momentOf(i, 1).getTime()}`, { articleId: id, type, from: 'en_ligne', to: end, at: momentOf(i, 1).toISOString() });
  } else if (family === 2) {
    const id = `bench-payment-${i}`;
    const type = PAYMENT_TYPES[n % PAYMENT_TYPES.length];
    const montant = 5_000 + (n % 40) * 2_500;
    const to = n % 20 === 2 ? 'failed' : n % 20 === 9 ? 'expired' : 'success';
    push('payment.status_changed', `${id}_pending`, { paymentId: id, type, from: null, to: 'pending', montant, at: momentOf(i, 0).toISOString() });
    push('payment.status_changed', `${id}_${to}`, { paymentId: id, type, from: 'pending', to, montant, at: momentOf(i, 1).toISOString() });
    if (to === 'success' && n % 25 === 3) push('payment.refund_marked', id, { paymentId: id, type, montant, reason: 'bench', at: momentOf(i, 2).toISOString() });
  } else {
    const [eventType, idField, prefix, path] = [
      ['mission.status_changed', 'missionId', 'bench-mission', ['parcours', 'en_cours', 'transferer', 'traite']],
      ['order.status_changed', 'orderId', 'bench-order', n % 4 ? ['pending', 'paid', 'processing', 'shipped', 'delivered'] : ['pending', 'cancelled']],
      ['delivery.status_changed', 'deliveryId', 'bench-delivery', ['commande', 'assigne', 'en_cours', 'livre']],
    ][family - 3];
    const id = `${prefix}-${i}`;
    const steps = 1 + (n % path.length);
    for (let step = 0; step < steps; step += 1) {
      push(eventType, `${id}_${path[step]}`, { [idField]: id, from: step ? path[step - 1] : null, to: path[step], at: momentOf(i, step).toISOString() });
    }
  }
  return events;
}

/** The first `count` events of the lives, from entity `first` on; answers them and the next entity. */
export function eventsFrom(first, count) {
  const events = [];
  let i = first;
  while (events.length < count) {
    for (const event of lifeOf(i)) if (events.length < count) events.push({ ...event, id: `${event.type}_${event.key}` });
    i += 1;
  }
  return { events, next: i };
}

function eventDocument(event) {
  const at = Timestamp.now();
  return { type: event.type, key: event.key, payload: event.payload, createdAt: at, dispatch: 'dispatched', dueAt: at, expireAt: Timestamp.fromMillis(at.toMillis() + 30 * 86_400_000) };
}

export async function backgroundTriggers(on) {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) return;
  const res = await fetch(`http://${hub}/functions/${on ? 'enable' : 'disable'}BackgroundTriggers`, { method: 'PUT' });
  if (!res.ok) throw new Error(`emulator hub: ${res.status}`);
}

export async function writeEvents(events) {
  for (let start = 0; start < events.length; start += 500) {
    const batch = db().batch();
    for (const event of events.slice(start, start + 500)) batch.set(db().collection('events').doc(event.id), eventDocument(event));
    await batch.commit();
  }
}

/** The 10: counted by the dashboard's subscribers themselves. */
async function countBySubscribers(events) {
  for (const event of events) {
    const subscriber = subscribers.find((candidate) => candidate.on === event.type);
    await subscriber.handle({ id: event.id, type: event.type, key: event.key, payload: event.payload, createdAt: new Date() });
  }
}

/** `{ 'a.b': 1 }` into `{ a: { b: 1 } }`, added into `into`. */
function addNested(into, deltas) {
  for (const [path, delta] of Object.entries(deltas)) {
    const segments = path.split('.');
    let node = into;
    for (const segment of segments.slice(0, -1)) node = node[segment] ??= {};
    node[segments.at(-1)] = (node[segments.at(-1)] ?? 0) + delta;
  }
}

const asIncrements = (values) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? FieldValue.increment(value) : asIncrements(value)]));

/** The many: the subscribers' writes (writesOf) summed per shard document, then written in batches. */
export async function countInBulk(events) {
  const documents = new Map();
  const writes = events.flatMap((event) => writesOf(event));
  for (const write of writes) {
    const shard = Math.floor(Math.random() * write.scope.shards);
    const id = `${write.scope.name}__${write.period}__${shard}`;
    const doc = documents.get(id) ?? { scope: write.scope.name, period: write.period, shard, values: {} };
    addNested(doc.values, write.deltas);
    documents.set(id, doc);
  }
  const entries = [...documents.entries()];
  for (let start = 0; start < entries.length; start += 400) {
    const batch = db().batch();
    for (const [id, doc] of entries.slice(start, start + 400)) batch.set(db().collection('counters').doc(id), { ...doc, values: asIncrements(doc.values) }, { merge: true });
    await batch.commit();
  }
  // After the counters, as a late bump's transaction would have them together: the route reads
  // the marks, sees the closed days changed since their roll-ups, and sums them again.
  const batch = db().batch();
  for (const mark of lateMarks(writes, new Date())) batch.set(mark.ref, mark.data, { merge: true });
  await batch.commit();
  return documents.size;
}

/** What the answer must say, counted from the events themselves (not through counting.ts). */
function expectedOf(events) {
  const inRange = (at) => {
    const day = dayOf(new Date(at));
    return day >= FIRST_DAY && day <= LAST_DAY;
  };
  const expected = { signups: 0, revenue: 0, paymentsStarted: 0, ordersPlaced: 0, deliveriesLivre: 0, blocked: 0, listingsOnline: 0 };
  for (const { type, payload } of events) {
    if (type === 'user.registered' && inRange(payload.registeredAt)) expected.signups += 1;
    if (type === 'user.changed') expected.blocked += 1;
    if (type === 'payment.status_changed' && inRange(payload.at) && payload.to === 'success') expected.revenue += payload.montant;
    if (type === 'payment.status_changed' && inRange(payload.at) && payload.to === 'pending') expected.paymentsStarted += 1;
    if (type === 'order.status_changed' && inRange(payload.at) && payload.to === 'pending') expected.ordersPlaced += 1;
    if (type === 'delivery.status_changed' && inRange(payload.at) && payload.to === 'livre') expected.deliveriesLivre += 1;
    if (type === 'article.status_changed') expected.listingsOnline += (payload.to === 'en_ligne' ? 1 : 0) - (payload.from === 'en_ligne' ? 1 : 0);
  }
  return expected;
}

function answerFigures(data) {
  const started = Object.values(data.payments.byType).reduce((sum, entry) => sum + entry.entered.pending, 0);
  return {
    signups: data.users.signups.total,
    revenue: data.payments.revenue,
    paymentsStarted: started,
    ordersPlaced: data.orders.entered.pending,
    deliveriesLivre: data.deliveries.entered.livre,
    blocked: data.users.current.blocked,
    listingsOnline: data.listings.current.byStatus.en_ligne,
  };
}

async function adminToken() {
  const account = await provisionAccount({ telephone: '+2290199999911', password: 'Bench-password-1', role: 'admin', nom: 'Bench', prenoms: 'Stats' });
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: 'Bench-password-1', returnSecureToken: true }) });
  return (await res.json()).idToken;
}

async function measure(label, operation, clients) {
  for (let round = 0; round < 3; round += 1) await Promise.all(Array.from({ length: clients }, operation));
  const durations = [];
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        if (!(await operation())) throw new Error(`${label}: a request failed`);
        durations.push(performance.now() - start);
      }
    }),
  );
  const sorted = durations.sort((a, b) => a - b);
  return { operation: label, requests: sorted.length, 'p50 (ms)': percentile(sorted, 50), 'p95 (ms)': percentile(sorted, 95) };
}

export async function benchStats() {
  const token = await adminToken();
  const server = (await createFunctionApp('admin')).listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const base = `http://127.0.0.1:${server.address().port}`;
  const ask = async (query) => {
    const res = await fetch(`${base}/api/admin/stats${query}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`stats: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const ranges = [
    [`30 days`, `?from=2026-10-22&to=${LAST_DAY}`],
    [`92 days`, `?from=${FIRST_DAY}&to=${LAST_DAY}`],
  ];
  // Other parts of the bench (and this part's admin) leave events of their own, of today: the check
  // compares what this part's events added.
  const baseline = answerFigures(await ask(ranges[1][1]));
  const check = async (events) => {
    const answered = answerFigures(await ask(ranges[1][1]));
    const figures = Object.fromEntries(Object.entries(answered).map(([key, value]) => [key, value - baseline[key]]));
    const expected = expectedOf(events);
    if (JSON.stringify(figures) !== JSON.stringify(expected)) throw new Error(`counters do not match the events: ${JSON.stringify({ figures, expected })}`);
    return figures;
  };
  const rows = [];
  // The counter documents a range reads by id once its closed days are rolled up, as the route plans
  // them (core/counter-rollups): the days' roll-ups, shards and late marks, and the gauges' shards.
  const gauges = Object.values(SCOPES).reduce((total, scope) => total + scope.shards, 0);
  const documentsRead = (query) => {
    const [, from, to] = /from=([\d-]+)&to=([\d-]+)/.exec(query);
    return planReads(planRead(daysBetween(from, to), new Date()), ROLLUP) + gauges;
  };
  // One admin at a time (a dashboard's load), then CLIENTS at once.
  const run = async (count, keep = true) => {
    for (const clients of [1, CLIENTS]) {
      for (const [label, query] of ranges) {
        const row = await measure(`${label}, ${clients} client${clients > 1 ? 's' : ''}, ${count.toLocaleString('en')} events`, async () => (await ask(query)) !== undefined, clients);
        if (keep) rows.push({ ...row, 'counter documents read': documentsRead(query) });
      }
    }
  };

  await backgroundTriggers(false);
  const small = eventsFrom(0, 10);
  await writeEvents(small.events);
  await countBySubscribers(small.events);
  await backgroundTriggers(true);
  await check(small.events);
  // A first pass warms the process and the emulator up; it is not kept.
  await run(10, false);
  await run(10);

  const seeding = performance.now();
  await backgroundTriggers(false);
  const large = eventsFrom(small.next, 99_990);
  await writeEvents(large.events);
  const documents = await countInBulk(large.events);
  await backgroundTriggers(true);
  const all = [...small.events, ...large.events];
  const figures = await check(all);
  const stored = (await db().collection('events').where('key', '>=', 'bench-').where('key', '<', 'bench.').count().get()).data().count;
  console.log(
    `\nDashboard statistics, GET /api/admin/stats (admin app in one process), ${SECONDS} s each: 100,000 events written and counted in ${((performance.now() - seeding) / 1000).toFixed(1)} s` +
      ` (${stored.toLocaleString('en')} event documents stored, ${documents} counter documents); the answer matched the events: ${JSON.stringify(figures)}`,
  );
  await run(100_000);
  console.table(rows.map((row) => ({ ...row, 'p50 (ms)': row['p50 (ms)'].toFixed(1), 'p95 (ms)': row['p95 (ms)'].toFixed(1) })));
  for (const row of rows.filter((candidate) => candidate.operation.endsWith(' 10 events'))) {
    const many = rows.find((candidate) => candidate.operation === row.operation.replace(' 10 events', ' 100,000 events'));
    console.log(`  ${row.operation.replace(', 10 events', '')}: p50 ratio 100,000 / 10 events: ${(many['p50 (ms)'] / row['p50 (ms)']).toFixed(2)}x`);
  }
  server.close();
}

if (runsAlone(import.meta.url)) {
  await benchStats();
  process.exit(0);
}
