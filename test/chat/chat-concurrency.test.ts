/**
 * A busy room and a busy seller: messages appended without a read-then-write transaction on their
 * room (docs/guides/chat.md, Chat), with exact unread counters, one notice per message, and reads racing posts.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { CARD_JPEG } from '../helpers/transit';

beforeAll(resetEmulators);

async function roomWith(buyer: TestUser, listingId: string): Promise<string> {
  const res = await (await api()).post('/api/chat/rooms').set(bearer(buyer.token)).send({ contextKind: 'article', contextId: listingId });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

const post = async (user: TestUser, roomId: string, body: Record<string, unknown>) =>
  (await api()).post(`/api/chat/rooms/${roomId}/messages`).set(bearer(user.token)).send(body);
const markRead = async (user: TestUser, roomId: string) => (await api()).post(`/api/chat/rooms/${roomId}/read`).set(bearer(user.token));
const unreadTotal = async (user: TestUser) => (await (await api()).get('/api/chat/unread').set(bearer(user.token))).body.data.total as number;
const roomDoc = async (roomId: string) => (await db().collection(COLLECTIONS.chatRooms).doc(roomId).get()).data()!;
const messagesOf = async (roomId: string) => (await db().collection(COLLECTIONS.chatRooms).doc(roomId).collection('messages').get()).docs.map((doc) => doc.data());

it('stores 20 messages two participants post at once, with exact unread counters, one notice each and a coherent last message', async () => {
  const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const roomId = await roomWith(buyer, (await publish(seller)).id);
  // One message carries a file: its upload is kept for the chat with the message.
  const upload = await (await api()).post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
  expect(upload.status).toBe(201);
  const sends = [
    ...Array.from({ length: 10 }, (_, i) => post(buyer, roomId, { texte: `acheteur ${i}` })),
    ...Array.from({ length: 10 }, (_, i) => post(seller, roomId, i === 0 ? { texte: 'vendeur 0', fichier: upload.body.data.path } : { texte: `vendeur ${i}` })),
  ];
  const answers = await Promise.all(sends);
  expect(answers.map((res) => res.status)).toEqual(answers.map(() => 201));

  const stored = await messagesOf(roomId);
  expect(stored.map((message) => message.texte).sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `acheteur ${i}`), ...Array.from({ length: 10 }, (_, i) => `vendeur ${i}`)].sort());
  const room = await roomDoc(roomId);
  expect(room.unread).toEqual({ [buyer.uid]: 10, [seller.uid]: 10 });
  expect([await unreadTotal(buyer), await unreadTotal(seller)]).toEqual([10, 10]);
  // The room's last message is one of them, with that message's own time; its activity is that time.
  const last = stored.find((message) => message.texte === room.lastMessage);
  expect(last).toBeDefined();
  expect(room.lastMessageAt.toMillis()).toBe(last!.createdAt.toMillis());
  expect(room.activityAt.toMillis()).toBe(room.lastMessageAt.toMillis());
  // One notice per message to the other side (events dispatched in process).
  for (const [user, count] of [[buyer, 10], [seller, 10]] as const) {
    const notices = await db().collection(COLLECTIONS.users).doc(user.uid).collection('notifications').where('type', '==', 'chat_message').get();
    expect(notices.size).toBe(count);
  }
  const records = await db().collection(COLLECTIONS.uploads).where('path', '==', upload.body.data.path).get();
  expect(records.docs.map((doc) => doc.get('keptBy'))).toEqual(['chat']);
});

it('keeps every message posted while the reader marks its rooms read at the same time: counted once, never lost', async () => {
  const seller = await createUser('vendeur');
  const [first, second] = await Promise.all([createUser('acheteur'), createUser('acheteur')]);
  const listingId = (await publish(seller)).id;
  const [roomA, roomB] = await Promise.all([roomWith(first, listingId), roomWith(second, listingId)]);
  // Two buyers write to the seller at once, while the seller marks the first room read again and again.
  const work: Array<Promise<unknown>> = [];
  for (let i = 0; i < 20; i += 1) {
    work.push(post(first, roomA, { texte: `premier ${i}` }));
    work.push(post(second, roomB, { texte: `second ${i}` }));
    if (i % 4 === 0) work.push(markRead(seller, roomA));
  }
  const answers = await Promise.all(work);
  expect(answers.map((res) => (res as { status: number }).status).every((status) => status === 200 || status === 201)).toBe(true);
  expect(await messagesOf(roomA)).toHaveLength(20);
  expect(await messagesOf(roomB)).toHaveLength(20);

  const [a, b] = [await roomDoc(roomA), await roomDoc(roomB)];
  // The second room was never read: all 20 unread. The first lost none either: what the reads did
  // not zero is still unread, in the room and in the seller's total alike.
  expect(b.unread[seller.uid]).toBe(20);
  expect(a.unread[seller.uid]).toBeGreaterThanOrEqual(0);
  expect(a.unread[seller.uid]).toBeLessThanOrEqual(20);
  expect(await unreadTotal(seller)).toBe(a.unread[seller.uid] + 20);

  await markRead(seller, roomA);
  expect(await unreadTotal(seller)).toBe(20);
  await markRead(seller, roomB);
  expect(await unreadTotal(seller)).toBe(0);
  expect((await roomDoc(roomA)).unread[seller.uid]).toBe(0);
  // A message after the reads counts from zero again.
  expect((await post(first, roomA, { texte: 'encore' })).status).toBe(201);
  expect(await unreadTotal(seller)).toBe(1);
});
