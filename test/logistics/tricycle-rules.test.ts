/** firestore.rules for tricycles: a contact's two sides read it, a driver its own presence; nobody else; no client writes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';

let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-tricycle-rules',
    firestore: { rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'), host, port: Number(port) },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'tricycleContacts', 'alice_dan'), { acheteur: 'alice', chauffeur: 'dan', statut: 'initiated' });
    await setDoc(doc(db, 'tricycleDrivers', 'dan'), { uid: 'dan', online: true, position: { latitude: 6.37, longitude: 2.39 }, geohash: 's0' });
    await setDoc(doc(db, 'tricycleDrivers', 'eve'), { uid: 'eve', online: true, position: { latitude: 6.38, longitude: 2.4 }, geohash: 's0' });
  });
});

afterAll(async () => {
  await env.cleanup();
});

it('lets a contact’s buyer and driver read it and query their own, and nobody else', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  const dan = env.authenticatedContext('dan').firestore();
  await assertSucceeds(getDoc(doc(alice, 'tricycleContacts', 'alice_dan')));
  await assertSucceeds(getDoc(doc(dan, 'tricycleContacts', 'alice_dan')));
  await assertSucceeds(getDocs(query(collection(alice, 'tricycleContacts'), where('acheteur', '==', 'alice'))));
  await assertSucceeds(getDocs(query(collection(dan, 'tricycleContacts'), where('chauffeur', '==', 'dan'))));
  const eve = env.authenticatedContext('eve').firestore();
  await assertFails(getDoc(doc(eve, 'tricycleContacts', 'alice_dan')));
  await assertFails(getDocs(collection(eve, 'tricycleContacts')));
  await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'tricycleContacts', 'alice_dan')));
});

it('lets a driver read its own presence only: other drivers’ positions are not readable, nor listable', async () => {
  const dan = env.authenticatedContext('dan').firestore();
  await assertSucceeds(getDoc(doc(dan, 'tricycleDrivers', 'dan')));
  await assertFails(getDoc(doc(dan, 'tricycleDrivers', 'eve')));
  await assertFails(getDocs(query(collection(env.authenticatedContext('alice').firestore(), 'tricycleDrivers'), where('online', '==', true))));
  await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'tricycleDrivers', 'dan')));
});

it('denies every client write, even by the contact’s sides or the driver itself', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  const dan = env.authenticatedContext('dan').firestore();
  await assertFails(updateDoc(doc(dan, 'tricycleContacts', 'alice_dan'), { statut: 'accepted' }));
  await assertFails(updateDoc(doc(alice, 'tricycleContacts', 'alice_dan'), { statut: 'closed' }));
  await assertFails(setDoc(doc(alice, 'tricycleContacts', 'alice_eve'), { acheteur: 'alice', chauffeur: 'eve', statut: 'accepted' }));
  await assertFails(updateDoc(doc(dan, 'tricycleDrivers', 'dan'), { online: false }));
  await assertFails(setDoc(doc(alice, 'tricycleDrivers', 'alice'), { uid: 'alice', online: true }));
});
