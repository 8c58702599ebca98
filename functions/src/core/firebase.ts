/**
 * The Admin SDK handles. The SDK modules are required on first use, not at import: loading Auth
 * and Firestore costs about 250 ms, and a function (or a route, like the health check) that never
 * touches them should not pay it at cold start. In the emulator and in tests the SDK finds the
 * emulators through FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- deliberate lazy loading, see above */
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';

let firestore: Firestore | undefined;
let authentication: Auth | undefined;

export function adminApp(): App {
  const { getApps, initializeApp } = require('firebase-admin/app') as typeof import('firebase-admin/app');
  return getApps()[0] ?? initializeApp();
}

export function db(): Firestore {
  if (!firestore) {
    const { getFirestore } = require('firebase-admin/firestore') as typeof import('firebase-admin/firestore');
    firestore = getFirestore(adminApp());
    try {
      // Optional fields are left out of documents instead of failing the write.
      firestore.settings({ ignoreUndefinedProperties: true });
    } catch {
      // Already in use: another copy of this module (tests isolate modules) set the same settings.
    }
  }
  return firestore;
}

export function auth(): Auth {
  if (!authentication) {
    const { getAuth } = require('firebase-admin/auth') as typeof import('firebase-admin/auth');
    authentication = getAuth(adminApp());
  }
  return authentication;
}

/** Work to do once a transaction has committed (core/events dispatches inline this way). */
type CommitHook = () => Promise<void>;
const commitHooks = new WeakMap<FirebaseFirestore.Transaction, CommitHook[]>();

/**
 * Runs `hook` after the transaction commits, once, and never when it does not. Only transactions of
 * `runTransaction` below know their hooks: anything else is a programming error, refused at once.
 */
export function afterCommit(tx: FirebaseFirestore.Transaction, hook: CommitHook): void {
  const hooks = commitHooks.get(tx);
  if (!hooks) throw new Error('afterCommit needs a transaction of core/firebase runTransaction');
  hooks.push(hook);
}

/**
 * A Firestore transaction, retried when it lost a race. The SDK retries contention itself
 * (ABORTED); the emulator sometimes reports a contended transaction as "invalid or closed"
 * instead, which the SDK does not retry. Both mean "run it again": the function re-reads.
 * Hooks registered by the attempt that committed run after it, in order.
 */
export async function runTransaction<T>(work: (tx: FirebaseFirestore.Transaction) => Promise<T>): Promise<T> {
  let hooks: CommitHook[] = [];
  let result: T;
  for (let attempt = 1; ; attempt += 1) {
    try {
      result = await db().runTransaction((tx) => {
        hooks = [];
        commitHooks.set(tx, hooks);
        return work(tx);
      });
      break;
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string };
      const lostRace = code === 10 || (code === 3 && /Transaction is invalid or closed/i.test(message ?? ''));
      if (!lostRace || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.floor(Math.random() * 30)));
    }
  }
  // Outside the retry loop: a hook's failure is not a lost race, and the commit stands.
  for (const hook of hooks) await hook();
  return result;
}
