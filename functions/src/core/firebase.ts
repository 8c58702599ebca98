/**
 * The Admin SDK handles. The app is created on first use, so a module that never touches
 * Firestore or Auth does not pay for them at cold start. In the emulator and in tests the SDK
 * finds the emulators through FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST.
 */
import { type App, getApps, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';

let firestore: Firestore | undefined;

function adminApp(): App {
  return getApps()[0] ?? initializeApp();
}

export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(adminApp());
    // Optional fields are left out of documents instead of failing the write.
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export function auth(): Auth {
  return getAuth(adminApp());
}
