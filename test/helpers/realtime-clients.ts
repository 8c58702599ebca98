/**
 * Apps listening to realtime documents as they do in production: the Firebase client SDK, signed in
 * through the Auth emulator (a real ID token), against the Firestore emulator with firestore.rules
 * loaded. Each test file names its own Firestore project, so its rules and documents are its own.
 * The Auth emulator answers the client SDK (an API key) with its default project only, the one the
 * end-to-end tests use: each account here is new (a unique email) and deleted by its own app at the end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, doc, type Firestore, type FirestoreError, getFirestore, setDoc, type Unsubscribe } from 'firebase/firestore';
import { eventually } from './eventually';

export interface RealtimeProject {
  projectId: string;
  rules: RulesTestEnvironment;
  /** Writes a document as the service does (rules do not apply to it). */
  write(path: string, data: Record<string, unknown>, merge?: boolean): Promise<void>;
  /** A new account's app, signed in: its Firestore and its uid. */
  signIn(name: string): Promise<{ firestore: Firestore; uid: string }>;
  /** Stops every listener and app. */
  close(): Promise<void>;
}

/** An emulator project with firestore.rules and no data nor accounts, for one test file. */
export async function realtimeProject(name: string): Promise<RealtimeProject> {
  const projectId = `demo-${name}${process.env.TEST_PROJECT_SUFFIX ?? ''}`;
  const [host, port] = String(process.env.FIRESTORE_EMULATOR_HOST).split(':');
  const rules = await initializeTestEnvironment({
    projectId,
    firestore: { rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'), host, port: Number(port) },
  });
  await rules.clearFirestore();
  const apps: FirebaseApp[] = [];
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

  return {
    projectId,
    rules,
    async write(path, data, merge = false) {
      await rules.withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), path), data, { merge });
      });
    },
    async signIn(account) {
      const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `${name}-${account}-${apps.length}`);
      apps.push(app);
      const auth = getAuth(app);
      connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
      const firestore = getFirestore(app);
      connectFirestoreEmulator(firestore, host, Number(port));
      const { user } = await createUserWithEmailAndPassword(auth, `${name}-${account}-${run}@realtime.test`, 'Realtime-2026!');
      return { firestore, uid: user.uid };
    },
    async close() {
      await Promise.all(apps.map((app) => getAuth(app).currentUser?.delete()));
      await Promise.all(apps.map((app) => deleteApp(app)));
      await rules.cleanup();
    },
  };
}

/** What one listener gave: its values in order, or its refusal. */
export class Heard<T> {
  readonly values: T[] = [];
  error: FirestoreError | undefined;
  readonly give = (value: T): void => {
    this.values.push(value);
  };
  readonly fail = (error: FirestoreError): void => {
    this.error = error;
  };

  /** The first value that `matches`, waiting for it up to `ms`; undefined when none came. */
  async until(matches: (value: T) => boolean, ms = 10_000): Promise<T | undefined> {
    return eventually(async () => this.values.find(matches), ms, 50);
  }

  /** The listener's refusal code (`permission-denied`), waiting for it up to `ms`. */
  async refusal(ms = 10_000): Promise<string | undefined> {
    return eventually(async () => this.error?.code, ms, 50);
  }
}

/** Listeners started by a test, to stop after it. */
export class Listeners {
  private readonly stops: Unsubscribe[] = [];
  add(stop: Unsubscribe): void {
    this.stops.push(stop);
  }
  stopAll(): void {
    this.stops.splice(0).forEach((stop) => stop());
  }
}
