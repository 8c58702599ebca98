#!/usr/bin/env node
/**
 * CI's proof that `npm start` works from a clean checkout, as a new user runs it: starts it, waits
 * (bounded) for the health route and a demo listing through Hosting, signs a demo account in at the
 * Auth emulator as the README shows, calls `GET /api/protected/me` with its token, then stops the
 * suite. Fails when the start dies or any check fails.
 *
 * `npm start` runs in its own process group (spawn's `detached` is setsid), and only that group is
 * stopped: Ctrl-C as a user would, then SIGKILL if it lingers.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { emulators } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
const BASE = `http://${emulators.hosting.host}:${emulators.hosting.port}`;
const AUTH = `http://${emulators.auth.host}:${emulators.auth.port}`;
const START_TIMEOUT_MS = Number(process.env.CHECK_START_TIMEOUT_MS ?? 240_000);
const STOP_TIMEOUT_MS = 30_000;
// The README's first demo account.
const DEMO = { email: '2290190000001@users.marketplace.invalid', password: 'Demo-2026!', telephone: '+2290190000001' };

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const start = spawn('npm', ['start'], { cwd: root, detached: true, stdio: 'inherit' });
let exited = null;
const exitedPromise = new Promise((done) => {
  start.on('exit', (code, signal) => {
    exited = { code, signal };
    done();
  });
});

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** Polls `probe` until it returns a value, the start dies, or the deadline passes. */
async function waitFor(label, deadline, probe) {
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`npm start exited (${JSON.stringify(exited)}) while waiting for ${label}`);
    try {
      const value = await probe();
      if (value) return value;
      last = 'not yet';
    } catch (error) {
      last = String(error);
    }
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${label} (last: ${last})`);
}

async function checks() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  await waitFor('the health route', deadline, async () => {
    const health = await getJson(`${BASE}/`);
    return health.status === 200 && health.body?.data?.status === 'ok';
  });
  console.log('check-start: health route answers');

  // The seed runs once the suite is up: the listing and the forwarder are its first and last steps.
  const listings = await waitFor('a demo listing through Hosting', deadline, async () => {
    const res = await getJson(`${BASE}/api/public/articles`);
    return res.status === 200 && Array.isArray(res.body?.data) && res.body.data.length > 0 ? res.body.data : undefined;
  });
  console.log(`check-start: ${listings.length} demo listings through Hosting`);

  const signIn = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password, returnSecureToken: true }),
  });
  const { idToken } = await signIn.json();
  if (!idToken) throw new Error(`the demo account could not sign in (${signIn.status})`);
  const auth = { Authorization: `Bearer ${idToken}` };

  const me = await getJson(`${BASE}/api/protected/me`, auth);
  if (me.status !== 200 || me.body?.data?.telephone !== DEMO.telephone) {
    throw new Error(`GET /api/protected/me answered ${me.status} ${JSON.stringify(me.body)}`);
  }
  console.log(`check-start: ${DEMO.email} signed in, /api/protected/me answers role ${me.body.data.role}`);

  const forwarders = await waitFor('the demo forwarder', deadline, async () => {
    const res = await getJson(`${BASE}/api/transitaires`, auth);
    return res.status === 200 && res.body?.data?.length > 0 ? res.body.data : undefined;
  });
  console.log(`check-start: the demo forwarder is listed (${forwarders[0].companyName})`);
}

/** Ctrl-C to the whole group, as in a terminal; SIGKILL to the group if it does not stop in time. */
async function stop() {
  if (exited) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-start.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGINT');
  const stopped = await Promise.race([exitedPromise.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    console.error('check-start: the suite did not stop on SIGINT; killing its process group');
    signalGroup('SIGKILL');
    await exitedPromise;
  }
  // Children that outlived the leader (emulator processes) are in the same group.
  signalGroup('SIGKILL');
  // Except the Firestore emulator's JVM (below), which only a clean Ctrl-C stops.
  if (!stopped) killOrphans();
}

/**
 * firebase-tools starts the Firestore emulator's JVM in a process group of its own, which it stops
 * itself on Ctrl-C; when the suite had to be killed, that JVM outlives it and keeps its port, and
 * the next run on the machine cannot start. Its command line names this checkout (its rules
 * file), so it is found there (Linux: /proc) and killed.
 */
function killOrphans() {
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return;
  }
  for (const pid of pids) {
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (!command.includes(`${root}/`) || !/java|firebase/.test(command)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      console.error(`check-start: killed an emulator process the suite left behind (${pid})`);
    } catch {
      // Gone meanwhile.
    }
  }
}

const started = Date.now();
let failure;
try {
  await checks();
} catch (error) {
  failure = error;
}
await stop();
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (failure) {
  console.error(`check-start: FAILED after ${seconds} s: ${failure instanceof Error ? failure.message : failure}`);
  process.exit(1);
}
console.log(`check-start: npm start works from this checkout (${seconds} s)`);
