#!/usr/bin/env node
/**
 * `npm run bench:cost`: what each main flow costs, counted. Inside the emulator suite
 * (scripts/emulators.mjs cost), on the demo data, it walks each flow of scripts/costs/flows once
 * through Hosting as the apps call it, waits until the suite is quiet (every event handed out,
 * every run ended), and counts what every function process the flow woke logged meanwhile
 * (functions/src/dev/cost-log.ts): Firestore reads, writes and deletes as billed, and invocations
 * (HTTPS, trigger, task, schedule). Beside each flow: its floor (the documents it must read and
 * write to be correct, declared with the flow), the ratio to it, what the outbox adds, and USD per
 * 1,000 flows (scripts/costs/prices.mjs). Then each schedule, fired once at rest, and its share.
 *
 * Counts do not depend on the machine: test/costs/ceilings.test.ts holds each flow under its
 * ceiling (scripts/costs/ceilings.json). `--json <file>` also writes the figures there; `--only a,b`
 * walks those flows alone (by key); `--detail` prints each flow's counts by collection and function.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { withEmulatorEnv } from './emulator-env.mjs';
import { CostLog } from './costs/log.mjs';
import { FLOWS } from './costs/flows/index.mjs';
import { usdPerThousand, PRICES } from './costs/prices.mjs';
import { Api, functionKinds, functionsRequire as require, origin, quiet, signIn, waitFor } from './costs/suite.mjs';
import { tally } from './costs/tally.mjs';
import { scheduleShare } from './costs/schedules.mjs';

Object.assign(process.env, withEmulatorEnv(process.env));
// This process seeds and checks; only the functions' processes are counted (they have a FUNCTION_TARGET).
delete process.env.FUNCTION_TARGET;

const { db, auth } = require('./lib/core/firebase.js');
const { FeexPaySandbox } = require('./lib/dev/feexpay-sandbox.js');
const { DEMO_ACCOUNTS } = require('./lib/cli/seed-demo.js');
const { normalizeTelephone, syntheticEmail } = require('./lib/domains/geo/telephone.js');
const { amountDue } = require('./lib/domains/subscriptions/payables.js');
// The newest code the local messaging channel recorded for a telephone (the examples' walk reads it the same way).
const { lastCodeSentTo } = require('./lib/core/examples/helpers.js');

const DEMO_PASSWORD = 'Demo-2026!';

/** Empties the emulators' database and accounts of `project` (their own reset endpoints). */
async function clearProject(project) {
  const firestore = await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${project}/databases/(default)/documents`, { method: 'DELETE' });
  const accounts = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${project}/accounts`, { method: 'DELETE' });
  if (!firestore.ok || !accounts.ok) throw new Error(`could not clear ${project}: Firestore ${firestore.status}, Auth ${accounts.status}`);
}

/** The demo data's ids the flows start from, read once before the walk (this process is not counted). */
async function demoIds() {
  const listings = (await db().collection('articles').where('vendeur', '==', 'demo-vendeur').get()).docs;
  const online = (type) => listings.filter((doc) => doc.get('type') === type && doc.get('statut') === 'en_ligne' && doc.get('statutVente') !== 'vendu');
  const cars = online('voiture');
  const rooms = await db().collection('chatRooms').where('participants', 'array-contains', 'demo-acheteur').get();
  const room = rooms.docs.find((doc) => doc.get('participants').includes('demo-vendeur'));
  const ids = { part: online('piece')[0]?.id, car: cars[0]?.id, transitCar: cars.at(-1)?.id, room: room?.id, seller: 'demo-vendeur', forwarder: 'demo-transitaire', courier: 'demo-livreur' };
  const missing = Object.entries(ids).filter(([, id]) => !id).map(([name]) => name);
  if (missing.length || cars.length < 2) throw new Error(`the demo data lacks ${missing.join(', ') || 'two online cars'}`);
  return ids;
}

async function context(base, log) {
  const api = new Api(base);
  const tokens = {};
  for (const account of DEMO_ACCOUNTS) tokens[account.role] = await signIn((await auth().getUser(account.uid)).email, DEMO_PASSWORD);
  let newcomers = 0;
  return {
    api,
    base,
    db: db(),
    tokens,
    demo: await demoIds(),
    /** Waits until every event the steps so far emitted is handed out and every function has finished. */
    settle: () => quiet(db(), log),
    waitFor,
    /** A new identity-provider account on `app` (as the app's Firebase SDK makes it) for a Benin number nobody has. */
    async newcomer(app = 'buyer') {
      newcomers += 1;
      const telephone = `+22901${String(Date.now() % 1e6).padStart(6, '0')}${newcomers % 10}`;
      const email = syntheticEmail(normalizeTelephone(telephone, 'BJ'), app);
      const { uid } = await auth().createUser({ email, password: DEMO_PASSWORD });
      return { uid, token: await signIn(email, DEMO_PASSWORD), telephone, email };
    },
    lastCodeSentTo,
    amountDue: (kind, months, payer) => amountDue(kind, months, payer),
  };
}

function row(name, counts, floor) {
  const ratio = (value, least) => (least ? (value / least).toFixed(2) : '-');
  return {
    flow: name,
    reads: counts.reads,
    writes: counts.writes,
    deletes: counts.deletes,
    invocations: `${counts.invocations} (${['https', 'trigger', 'task', 'schedule'].map((kind) => counts.byKind[kind]).join('/')})`,
    floor: floor ? `${floor.reads}r ${floor.writes}w` : '-',
    'reads/floor': ratio(counts.reads, floor?.reads),
    'writes/floor': ratio(counts.writes, floor?.writes),
    outbox: `${counts.outbox.reads}r ${counts.outbox.writes}w ${counts.outbox.deletes}d ${counts.outbox.invocations}i`,
    'USD/1,000': usdPerThousand(counts).toFixed(4),
  };
}

export async function benchCost({ only, detail = false } = {}) {
  const log = new CostLog(process.env.COST_LOG_DIR);
  const kindOf = functionKinds();
  const base = await origin('hosting');
  // The same start every time (in `npm test` the end-to-end files ran on this project before): counts that depend on
  // what happened to be stored would not be the flows'.
  await clearProject(process.env.GCLOUD_PROJECT);
  console.log('\nLoading the demo data...');
  execFileSync(process.execPath, ['functions/lib/cli/seed-demo.js'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
  const settings = process.env;
  const feexpay = new URL(settings.FEEXPAY_BASE_URL);
  const sandbox = new FeexPaySandbox({
    port: Number(feexpay.port),
    token: settings.FEEXPAY_API_TOKEN,
    delayMs: 200,
    webhookUrl: `${base}/api/payments/webhook?secret=${encodeURIComponent(settings.FEEXPAY_CALLBACK_SECRET)}`,
  });
  await sandbox.start();
  const results = [];
  try {
    let payers = 0;
    // A payer the local FeexPay accepts at once (numbers ending in 1 fail, in 2 stay pending), a new one each time.
    Object.defineProperty(sandbox, 'acceptingPayer', { get: () => `+22901${String((payers += 1) + 5_000_000).padStart(7, '0')}3` });
    const ctx = { ...(await context(base, log)), sandbox };
    await quiet(db(), log);
    for (const flow of FLOWS.filter((f) => !only || only.includes(f.key))) {
      if (flow.prepare) {
        await flow.prepare(ctx);
        await quiet(db(), log);
      }
      const mark = log.mark();
      await flow.run(ctx);
      await quiet(db(), log);
      const counts = tally(log.since(mark), kindOf);
      results.push({ key: flow.key, name: flow.name, floor: flow.floor, counts });
      console.log(`  ${flow.name}: ${counts.reads} reads, ${counts.writes} writes, ${counts.deletes} deletes, ${counts.invocations} invocations`);
      if (detail) console.table(counts.byCollection);
    }
    const schedules = await scheduleShare({ log, kindOf, quietNow: () => quiet(db(), log) });
    console.log(`\nCost per flow, counted in every function process it woke (${PRICES.source}; compute time not included):`);
    console.table(results.map((result) => row(result.name, result.counts, result.floor)));
    console.log('By part (reads/writes/invocations): the flow\'s own documents (domain), and what the outbox, the notices, the statistics\' counters and the rate limits add:');
    console.table(results.map(({ name, counts }) => ({ flow: name, ...Object.fromEntries(Object.entries(counts.byPart).map(([part, c]) => [part, `${c.reads}/${c.writes}/${c.invocations}`])) })));
    console.log(`Schedules at rest: ${schedules.perDay.reads} reads, ${schedules.perDay.writes} writes, ${schedules.perDay.invocations} invocations a day (${usdPerThousand(schedules.perDay).toFixed(4)} USD per 1,000 days).`);
    return { results, schedules };
  } finally {
    await sandbox.stop();
    // Left as found in a fresh suite: in `npm test` the end-to-end files may run after this walk, on this project.
    await clearProject(process.env.GCLOUD_PROJECT);
  }
}

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const onlyAt = args.indexOf('--only');
const figures = await benchCost({ only: onlyAt >= 0 ? args[onlyAt + 1].split(',') : undefined, detail: args.includes('--detail') });
if (jsonAt >= 0) writeFileSync(args[jsonAt + 1], JSON.stringify(figures, null, 2));
process.exit(0);
