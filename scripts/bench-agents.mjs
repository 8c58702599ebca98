#!/usr/bin/env node
/**
 * Part of `npm run bench` (also alone, inside the emulators:
 * `node scripts/emulators.mjs exec "node scripts/bench-agents.mjs"`): an agent's dashboard with 10
 * and with 10,000 counted events behind it. The history (earnings, days) and the counters the
 * subscribers would have left are written directly; the dashboard must read the same few
 * documents either way (goal: within 1.2x).
 */
import { CLIENTS, SECONDS, percentile, functionsRequire as require, runsAlone } from './bench-common.mjs';

const { db } = require('./lib/core/firebase.js');
const { Timestamp } = require('firebase-admin/firestore');
const { provisionAccount } = require('./lib/domains/identity/provisioning.js');
const { createFunctionApp } = require('./lib/app.js');

async function agentToken(telephone) {
  const account = await provisionAccount({ telephone, password: 'Bench-password-1', role: 'agentCommercial', nom: 'Bench', prenoms: 'Agent', typeAgent: 'Market_pro' });
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: 'Bench-password-1', returnSecureToken: true }) });
  return { uid: account.uid, token: (await res.json()).idToken };
}

/** `events` commissions spread over the days before 2026-11-20, with their days and the agent's totals. */
async function seedHistory(agentId, events) {
  const days = new Map();
  for (let start = 0; start < events; start += 500) {
    const batch = db().batch();
    for (let i = start; i < Math.min(start + 500, events); i += 1) {
      const dateKey = new Date(Date.UTC(2026, 10, 20) - (i % 365) * 86_400_000).toISOString().slice(0, 10);
      days.set(dateKey, (days.get(dateKey) ?? 0) + 1);
      batch.set(db().collection('agentEarnings').doc(`commission_subscription_bench-${agentId}-${i}`), {
        agentId, type: 'commission_subscription', montant: 500, reference: `bench-${agentId}-${i}`, description: 'bench', dateKey,
        sourceUserId: null, paymentId: null, createdAt: Timestamp.fromMillis(Date.UTC(2026, 0, 1) + i * 60_000),
      });
    }
    await batch.commit();
  }
  const batch = db().batch();
  for (const [dateKey, count] of days) {
    batch.set(db().collection('agentDays').doc(`${agentId}_${dateKey}`), { agentId, dateKey, abonnementsVendus: count, revenueAbonnement: count * 500, updatedAt: Timestamp.now() });
  }
  batch.set(db().collection('agents').doc(agentId), { typeAgent: 'Market_pro', referralCode: 'BENCH', abonnementsVendus: events, revenueAbonnement: events * 500, totalEarnings: events * 500, updatedAt: Timestamp.now() }, { merge: true });
  await batch.commit();
}

async function measure(label, operation, seconds = SECONDS) {
  for (let round = 0; round < 3; round += 1) await Promise.all(Array.from({ length: CLIENTS }, operation));
  const durations = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      if (!(await operation())) failures += 1;
      durations.push(performance.now() - start);
    }
  }));
  const sorted = durations.sort((a, b) => a - b);
  if (failures) throw new Error(`${label}: ${failures} requests failed`);
  return { durations: sorted };
}

export async function benchAgents() {
  const small = await agentToken('+2290199999901');
  const large = await agentToken('+2290199999902');
  const seeding = performance.now();
  await seedHistory(small.uid, 10);
  await seedHistory(large.uid, 10_000);
  console.log(`\nAgent dashboards (agents app in one process): history written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const server = (await createFunctionApp('agents')).listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const base = `http://127.0.0.1:${server.address().port}`;
  const dashboard = (agent) => async () => {
    const res = await fetch(`${base}/api/agents/me/dashboard?date=2026-11-20`, { headers: { Authorization: `Bearer ${agent.token}` } });
    await res.arrayBuffer();
    return res.status === 200;
  };
  // Warm-up drifts through a run (the process, the emulator's JVM): the two histories are measured
  // in alternating rounds, and each row pools its rounds.
  const ROUNDS = 6;
  const pooled = { small: [], large: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, agent] of round % 2 ? [['large', large], ['small', small]] : [['small', small], ['large', large]]) {
      pooled[name].push(...(await measure(name, dashboard(agent), SECONDS / ROUNDS * 2)).durations);
    }
  }
  const row = (label, durations) => {
    const sorted = durations.sort((x, y) => x - y);
    return { operation: label, requests: sorted.length, 'p50 (ms)': percentile(sorted, 50), 'p95 (ms)': percentile(sorted, 95) };
  };
  const rows = [row('dashboard, 10 events', pooled.small), row('dashboard, 10,000 events', pooled.large)];
  console.table(rows.map((r) => ({ ...r, 'p50 (ms)': r['p50 (ms)'].toFixed(1), 'p95 (ms)': r['p95 (ms)'].toFixed(1) })));
  console.log(`  p50 ratio 10,000 / 10 events: ${(rows[1]['p50 (ms)'] / rows[0]['p50 (ms)']).toFixed(2)}x (goal: within 1.2x)`);
  server.close();
}

if (runsAlone(import.meta.url)) {
  await benchAgents();
  process.exit(0);
}
