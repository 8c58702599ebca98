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
