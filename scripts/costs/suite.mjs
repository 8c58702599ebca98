/**
 * What the cost walk needs of the running emulator suite: its addresses, each function's kind
 * (from the endpoints firebase-functions declares on the built exports, as deploy reads them),
 * requests through Hosting as the apps make them, ID tokens of the Auth emulator, and the moment
 * the suite is quiet (no event waiting, no run working, no function logging).
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const functionsRequire = createRequire(join(root, 'functions', 'package.json'));
const rootRequire = createRequire(join(root, 'package.json'));

/** An emulator's origin: from the hub emulators:exec names, else firebase.json. */
export async function origin(name) {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  const listed = hub ? (await (await fetch(`http://${hub}/emulators`)).json())[name] : undefined;
  const { host, port } = listed ?? rootRequire('./firebase.json').emulators[name];
  return `http://${host}:${port}`;
}

/** Each exported function's kind: https, trigger, task or schedule. */
export function functionKinds() {
  const exported = functionsRequire('./dist/index.js');
  const kinds = {};
  for (const [name, fn] of Object.entries(exported)) {
    const endpoint = fn?.__endpoint ?? {};
    kinds[name] = endpoint.scheduleTrigger ? 'schedule' : endpoint.taskQueueTrigger ? 'task' : endpoint.eventTrigger ? 'trigger' : 'https';
  }
  return (name) => {
    if (!kinds[name]) throw new Error(`the cost log names ${name}, which the built functions do not export`);
    return kinds[name];
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests through Hosting; each answer's status is checked, so a flow never goes on from a refused step. */
export class Api {
  constructor(base) {
    this.base = base;
  }

  /** `body`: JSON, or a Buffer sent as is (a file, with its `content-type` in `headers`). */
  async call(method, path, { token, body, headers = {}, expect = [200, 201] } = {}) {
    const allHeaders = { ...headers };
    if (token) allHeaders.authorization = `Bearer ${token}`;
    let payload;
    if (Buffer.isBuffer(body)) payload = body;
    else if (body !== undefined) {
      allHeaders['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base}${path}`, { method, headers: allHeaders, body: payload, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return json?.data ?? json;
  }

  get = (path, options) => this.call('GET', path, options);
  post = (path, body, options) => this.call('POST', path, { ...options, body });
  patch = (path, body, options) => this.call('PATCH', path, { ...options, body });
}

/** An ID token of the Auth emulator for `email`. */
export async function signIn(email, password) {
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=cost`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) });
  const { idToken } = await res.json();
  if (!idToken) throw new Error(`sign-in of ${email} failed`);
  return idToken;
}

/** Tasks the Cloud Tasks emulator still holds, every queue together (its own `/queueStats`). */
async function queuedTasks() {
  const host = process.env.CLOUD_TASKS_EMULATOR_HOST;
  if (!host) return 0;
  const stats = await (await fetch(`http://${host}/queueStats`)).json();
  return Object.values(stats).reduce((sum, queue) => sum + queue.numberOfTasks, 0);
}

/** Polls `read` until it answers something, at most `boundMs`. */
export async function waitFor(read, what, boundMs = 30_000) {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${boundMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * Waits until the suite is quiet: no event waiting for its dispatch, no run holding a live lease,
 * no task queued (a task's retry included), and no function process logging for `idleMs`. Throws
 * after `boundMs`: a flow whose work never ends has no count.
 */
export async function quiet(db, log, { idleMs = 2500, boundMs = 180_000 } = {}) {
  const deadline = Date.now() + boundMs;
  let last = log.fingerprint();
  let since = Date.now();
  for (;;) {
    await sleep(250);
    const now = log.fingerprint();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
    if (Date.now() - since >= idleMs) {
      const [pending, running] = await Promise.all([
        db.collection('events').where('dispatch', 'in', ['pending', 'dispatching']).limit(1).get(),
        db.collection('eventRuns').where('state', '==', 'running').get(),
      ]);
      const live = running.docs.filter((doc) => doc.get('dueAt')?.toMillis() > Date.now());
      if (pending.empty && !live.length && (await queuedTasks()) === 0) return;
    }
    if (Date.now() > deadline) throw new Error(`the suite did not get quiet within ${boundMs / 1000} s`);
  }
}
