/** firestore.rules for deliveries: the parties listen to the tracking document, a courier reads its own offers; no client writes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, onSnapshot, query, setDoc, updateDoc, where } from 'firebase/firestore';

let env: RulesTestEnvironment;
type ClientDb = ReturnType<ReturnType<RulesTestEnvironment['unauthenticatedContext']>['firestore']>;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-delivery-rules',
    firestore: { rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'), host, port: Number(port) },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'deliveryTracking', 'order_o1'), { deliveryId: 'order_o1', livreur: 'lea', parties: ['bob', 'sam', 'lea'], position: { latitude: 6.37, longitude: 2.39 }, updatedAt: new Date() });
    await setDoc(doc(db, 'deliveryOffers', 'order_o1_lea'), { deliveryId: 'order_o1', livreur: 'lea', statut: 'acceptee', round: 1 });
    await setDoc(doc(db, 'deliveryOffers', 'order_o1_max'), { deliveryId: 'order_o1', livreur: 'max', statut: 'prise', round: 1 });
    await setDoc(doc(db, 'deliveries', 'order_o1'), { acheteur: 'bob', parties: ['bob', 'sam', 'lea'], statut: 'assigne' });
    // Not accepted yet: no tracking document.
    await setDoc(doc(db, 'deliveries', 'order_o2'), { acheteur: 'bob', parties: ['bob', 'sam'], statut: 'commande', livreur: null });
  });
});

afterAll(async () => {
  await env.cleanup();
});

/** The first answer of a listener on the tracking document: resolves with the courier's latitude, rejects when refused. */
function follow(db: ClientDb): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const unsubscribe = onSnapshot(
      doc(db, 'deliveryTracking', 'order_o1'),
      (snapshot) => {
        unsubscribe();
        resolve(snapshot.data()?.position?.latitude);
      },
      (error) => reject(error),
    );
  });
}

it('lets each party (buyer, seller, courier) follow the courier’s position', async () => {
  for (const uid of ['bob', 'sam', 'lea']) expect(await assertSucceeds(follow(env.authenticatedContext(uid).firestore()))).toBe(6.37);
});

it('refuses anyone else the tracking document, anonymous clients included', async () => {
  await assertFails(follow(env.authenticatedContext('eve').firestore()));
  await assertFails(getDoc(doc(env.authenticatedContext('max').firestore(), 'deliveryTracking', 'order_o1')));
  await assertFails(follow(env.unauthenticatedContext().firestore()));
});

it('lets the buyer alone read the tracking of its delivery before it exists (no courier yet), so its app listens from the order on', async () => {
  expect((await assertSucceeds(getDoc(doc(env.authenticatedContext('bob').firestore(), 'deliveryTracking', 'order_o2')))).exists()).toBe(false);
  // The seller is a party of the delivery, not of its tracking; a courier offered it is not one yet.
  for (const uid of ['sam', 'lea', 'eve']) await assertFails(getDoc(doc(env.authenticatedContext(uid).firestore(), 'deliveryTracking', 'order_o2')));
  await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'deliveryTracking', 'order_o2')));
  // No delivery, no tracking to wait for.
  await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'deliveryTracking', 'order_none')));
});

it('lets a courier read and list its own offers only', async () => {
  const max = env.authenticatedContext('max').firestore();
  await assertSucceeds(getDoc(doc(max, 'deliveryOffers', 'order_o1_max')));
  expect((await assertSucceeds(getDocs(query(collection(max, 'deliveryOffers'), where('livreur', '==', 'max'))))).size).toBe(1);
  await assertFails(getDoc(doc(max, 'deliveryOffers', 'order_o1_lea')));
  await assertFails(getDocs(collection(max, 'deliveryOffers')));
  await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'deliveryOffers', 'order_o1_lea')));
  await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'deliveryOffers', 'order_o1_max')));
});

it('lets no client write tracking, offers or deliveries, parties and couriers included', async () => {
  const lea = env.authenticatedContext('lea').firestore();
  await assertFails(updateDoc(doc(lea, 'deliveryTracking', 'order_o1'), { position: { latitude: 0, longitude: 0 } }));
  await assertFails(setDoc(doc(lea, 'deliveryTracking', 'order_o2'), { parties: ['lea'] }));
  await assertFails(updateDoc(doc(lea, 'deliveryOffers', 'order_o1_lea'), { statut: 'ouverte' }));
  await assertFails(deleteDoc(doc(lea, 'deliveryOffers', 'order_o1_lea')));
  await assertFails(setDoc(doc(env.authenticatedContext('max').firestore(), 'deliveryOffers', 'order_o1_max'), { livreur: 'max', statut: 'acceptee' }));
  await assertFails(updateDoc(doc(env.authenticatedContext('bob').firestore(), 'deliveries', 'order_o1'), { statut: 'livre' }));
  await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'deliveries', 'order_o1')));
});
