/** firestore.rules: clients read only their own documents and write nothing. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';

let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-rules',
    firestore: { rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'), host, port: Number(port) },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const uid of ['alice', 'bob']) {
      await setDoc(doc(db, 'users', uid), { nom: uid, role: 'acheteur' });
      await setDoc(doc(db, 'userSettings', uid), { language: 'fr' });
      await setDoc(doc(db, 'users', uid, 'realtime', 'e1'), { event: 'transit-mission-update' });
      await setDoc(doc(db, 'users', uid, 'notifications', 'n1'), { type: 'transit_selection', read: false });
      await setDoc(doc(db, 'users', uid, 'pushTokens', 't1'), { token: 'secret' });
    }
    await setDoc(doc(db, 'telephones', 'buyer_+2290100000000'), { uid: 'alice' });
    await setDoc(doc(db, 'transitMissions', 'car1_alice'), { acheteur: 'alice', transitaire: 'fred', statut: 'en_cours' });
    await setDoc(doc(db, 'users', 'root'), { nom: 'root', role: 'superAdmin' });
    await setDoc(doc(db, 'auditTrail', 'a1'), { actor: { uid: 'root', role: 'superAdmin' }, action: 'payment.status_forced', target: { collection: 'payments', id: 'p1' }, reason: 'Reçu' });
  });
});

afterAll(async () => {
  await env.cleanup();
});

it('lets a user read its own profile, settings, realtime feed and notifications', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  await assertSucceeds(getDoc(doc(alice, 'users', 'alice')));
  await assertSucceeds(getDoc(doc(alice, 'userSettings', 'alice')));
  await assertSucceeds(getDoc(doc(alice, 'users', 'alice', 'realtime', 'e1')));
  await assertSucceeds(getDoc(doc(alice, 'users', 'alice', 'notifications', 'n1')));
});

it('denies reading another user’s profile, settings, feed or notifications', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  await assertFails(getDoc(doc(alice, 'users', 'bob')));
  await assertFails(getDoc(doc(alice, 'userSettings', 'bob')));
  await assertFails(getDoc(doc(alice, 'users', 'bob', 'realtime', 'e1')));
  await assertFails(getDoc(doc(alice, 'users', 'bob', 'notifications', 'n1')));
});

it('denies every client write, even to one’s own documents', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  await assertFails(updateDoc(doc(alice, 'users', 'alice'), { role: 'admin' }));
  await assertFails(setDoc(doc(alice, 'userSettings', 'alice'), { language: 'en' }));
  await assertFails(setDoc(doc(alice, 'users', 'alice', 'realtime', 'e2'), { event: 'forged' }));
  await assertFails(updateDoc(doc(alice, 'users', 'alice', 'notifications', 'n1'), { read: true }));
  await assertFails(setDoc(doc(alice, 'anything', 'x'), { a: 1 }));
});

it('denies what is server-only and everything to anonymous clients', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  await assertFails(getDoc(doc(alice, 'users', 'alice', 'pushTokens', 't1')));
  await assertFails(getDoc(doc(alice, 'telephones', 'buyer_+2290100000000')));
  const anonymous = env.unauthenticatedContext().firestore();
  await assertFails(getDoc(doc(anonymous, 'users', 'alice')));
  await assertFails(getDoc(doc(anonymous, 'userSettings', 'alice')));
});

it('denies every client the reconciliation reports, admins included (they read them through the API)', async () => {
  const admin = env.authenticatedContext('boss', { role: 'superAdmin' }).firestore();
  await assertFails(getDoc(doc(admin, 'reconciliationReports', '2026-11-25')));
  await assertFails(getDocs(collection(admin, 'reconciliationReports')));
  await assertFails(setDoc(doc(admin, 'reconciliationReports', '2026-11-25'), { breakCount: 0 }));
});

it('denies every client the nearby indexes and the rate limit counters: an open driver request’s member, a courier’s, a counter', async () => {
  // docs/guides/commerce.md, Driver requests: drivers see an open request's area through the API only; the members
  // and the per-user counters are the server's.
  const driver = env.authenticatedContext('driver', { role: 'chauffeur' }).firestore();
  await assertFails(getDoc(doc(driver, 'nearbyCells', 'demande', 'demande_s15j', 'd1')));
  await assertFails(getDocs(collection(driver, 'nearbyCells', 'demande', 'demande_s15j')));
  await assertFails(getDoc(doc(driver, 'nearbyCells', 'livreur', 'livreur_s15j', 'c1')));
  await assertFails(getDoc(doc(driver, 'rateLimits', 'search_x_0')));
  await assertFails(getDocs(collection(driver, 'rateLimits')));
});

it('lets a buyer and the assigned forwarder read a mission, and nobody else, nor write it', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  const fred = env.authenticatedContext('fred').firestore();
  const bob = env.authenticatedContext('bob').firestore();
  await assertSucceeds(getDoc(doc(alice, 'transitMissions', 'car1_alice')));
  await assertSucceeds(getDoc(doc(fred, 'transitMissions', 'car1_alice')));
  await assertFails(getDoc(doc(bob, 'transitMissions', 'car1_alice')));
  await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'transitMissions', 'car1_alice')));
  await assertFails(updateDoc(doc(fred, 'transitMissions', 'car1_alice'), { statut: 'traite' }));
});

it('denies every client the audit trail: no read, list, creation, change or deletion, even by the superAdmin it names', async () => {
  for (const context of [env.authenticatedContext('root', { role: 'superAdmin' }), env.authenticatedContext('alice'), env.unauthenticatedContext()]) {
    const db = context.firestore();
    await assertFails(getDoc(doc(db, 'auditTrail', 'a1')));
    await assertFails(getDocs(collection(db, 'auditTrail')));
    await assertFails(setDoc(doc(db, 'auditTrail', 'forged'), { actor: { uid: 'root', role: 'superAdmin' }, action: 'user.blocked' }));
    await assertFails(updateDoc(doc(db, 'auditTrail', 'a1'), { reason: 'rewritten' }));
    await assertFails(deleteDoc(doc(db, 'auditTrail', 'a1')));
  }
  // The entry is still there, unchanged.
  await env.withSecurityRulesDisabled(async (context) => {
    expect((await getDoc(doc(context.firestore(), 'auditTrail', 'a1'))).data()).toMatchObject({ reason: 'Reçu' });
  });
});
