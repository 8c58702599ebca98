/** firestore.rules for chat: participants listen to a room's messages; nobody else; no client writes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { addDoc, collection, doc, getDoc, getDocs, onSnapshot, orderBy, query, setDoc, updateDoc } from 'firebase/firestore';

let env: RulesTestEnvironment;
type ClientDb = ReturnType<ReturnType<RulesTestEnvironment['unauthenticatedContext']>['firestore']>;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-chat-rules',
    firestore: { rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8'), host, port: Number(port) },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'chatRooms', 'room1'), { participants: ['alice', 'sam'], contextKind: 'article', contextId: 'car1', unread: { alice: 0, sam: 1 } });
    await setDoc(doc(db, 'chatRooms', 'room1', 'messages', 'm1'), { sender: 'alice', texte: 'Bonjour', createdAt: new Date() });
    await setDoc(doc(db, 'chatUnread', 'sam'), { total: 1 });
  });
});

afterAll(async () => {
  await env.cleanup();
});

/** The first answer of a listener on the room's messages: resolves with the snapshot's size, rejects when refused. */
function listen(db: ClientDb): Promise<number> {
  return new Promise((resolve, reject) => {
    const unsubscribe = onSnapshot(
      query(collection(db, 'chatRooms', 'room1', 'messages'), orderBy('createdAt', 'desc')),
      (snapshot) => {
        unsubscribe();
        resolve(snapshot.size);
      },
      (error) => reject(error),
    );
  });
}

it('lets a participant listen to a room’s messages and read the room and its own unread total', async () => {
  const sam = env.authenticatedContext('sam').firestore();
  expect(await assertSucceeds(listen(sam))).toBe(1);
  await assertSucceeds(getDocs(collection(sam, 'chatRooms', 'room1', 'messages')));
  await assertSucceeds(getDoc(doc(sam, 'chatRooms', 'room1')));
  await assertSucceeds(getDoc(doc(sam, 'chatUnread', 'sam')));
});

it('refuses a non-participant’s listener, reads of the room, and anonymous clients', async () => {
  const eve = env.authenticatedContext('eve').firestore();
  await assertFails(listen(eve));
  await assertFails(getDoc(doc(eve, 'chatRooms', 'room1')));
  await assertFails(getDoc(doc(eve, 'chatRooms', 'room1', 'messages', 'm1')));
  await assertFails(getDoc(doc(eve, 'chatUnread', 'sam')));
  await assertFails(listen(env.unauthenticatedContext().firestore()));
});

it('lets nobody write messages, rooms or counters from the client, participants included', async () => {
  const alice = env.authenticatedContext('alice').firestore();
  await assertFails(addDoc(collection(alice, 'chatRooms', 'room1', 'messages'), { sender: 'alice', texte: 'forged', createdAt: new Date() }));
  await assertFails(updateDoc(doc(alice, 'chatRooms', 'room1', 'messages', 'm1'), { texte: 'edited' }));
  await assertFails(updateDoc(doc(alice, 'chatRooms', 'room1'), { unread: { alice: 0, sam: 0 } }));
  await assertFails(setDoc(doc(alice, 'chatRooms', 'room2'), { participants: ['alice', 'sam'] }));
  await assertFails(setDoc(doc(alice, 'chatUnread', 'alice'), { total: 0 }));
});
