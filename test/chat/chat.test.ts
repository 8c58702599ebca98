/** Chat rooms about a listing or a transit journey, their messages, unread counters and notices. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { cleanUploads } from '../../functions/src/domains/catalog/uploads/cleanup';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { registerDevice } from '../helpers/pushes';
import { CARD_JPEG } from '../helpers/transit';

let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let listingId: string;

beforeAll(async () => {
  await resetEmulators();
  [seller, buyer, stranger] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('acheteur')]);
  listingId = (await publish(seller, { prix: 2_000_000 })).id;
});

async function openRoom(user: TestUser, body: Record<string, unknown>) {
  return (await api()).post('/api/chat/rooms').set(bearer(user.token)).send(body);
}

async function listingRoom(user: TestUser = buyer): Promise<string> {
  const res = await openRoom(user, { contextKind: 'article', contextId: listingId });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

async function post(user: TestUser, roomId: string, body: Record<string, unknown>) {
  return (await api()).post(`/api/chat/rooms/${roomId}/messages`).set(bearer(user.token)).send(body);
}

const unreadTotal = async (user: TestUser) => (await (await api()).get('/api/chat/unread').set(bearer(user.token))).body.data.total as number;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (done(value) || attempt > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('opens one room per participants and context, also in parallel, and lists and reads it for its participants only', async () => {
  const opened = await Promise.all(Array.from({ length: 8 }, () => openRoom(buyer, { contextKind: 'article', contextId: listingId })));
  expect(opened.map((res) => res.status)).toEqual(Array(8).fill(200));
  const ids = new Set(opened.map((res) => res.body.data.id));
  expect(ids.size).toBe(1);
  const [id] = [...ids];
  expect(opened[0].body.data).toMatchObject({ participants: [buyer.uid, seller.uid].sort(), contextKind: 'article', contextId: listingId, unread: 0 });
  // The seller finds the same room by naming the buyer.
  expect((await openRoom(seller, { contextKind: 'article', contextId: listingId, participant: buyer.uid })).body.data.id).toBe(id);
  const rooms = await db().collection(COLLECTIONS.chatRooms).where('contextId', '==', listingId).get();
  expect(rooms.size).toBe(1);

  const client = await api();
  for (const user of [buyer, seller]) {
    expect((await client.get(`/api/chat/rooms/${id}`).set(bearer(user.token))).body.data.id).toBe(id);
    expect((await client.get('/api/chat/rooms').set(bearer(user.token))).body.data.map((room: { id: string }) => room.id)).toContain(id);
  }
  const refused = await client.get(`/api/chat/rooms/${id}`).set(bearer(stranger.token));
  expect([refused.status, refused.body.code]).toEqual([404, 'CHAT_ROOM_NOT_FOUND']);
  expect((await client.get('/api/chat/rooms').set(bearer(stranger.token))).body.data).toEqual([]);
  expect((await client.get(`/api/chat/rooms/${id}`)).status).toBe(401);
  expect((await client.get('/api/chat/rooms/__bad__').set(bearer(buyer.token))).body.code).toBe('CHAT_ROOM_NOT_FOUND');
  expect((await client.get('/api/chat/rooms/unknown-room').set(bearer(buyer.token))).status).toBe(404);
});

it('refuses contexts the caller is no side of, unknown contexts and bad input', async () => {
  const other = await createUser('vendeur');
  // A seller does not start a room: it answers one a buyer opened.
  expect((await openRoom(other, { contextKind: 'article', contextId: listingId, participant: stranger.uid })).body.code).toBe('CHAT_NOT_ALLOWED');
  expect((await openRoom(seller, { contextKind: 'article', contextId: listingId, participant: stranger.uid })).body.code).toBe('CHAT_ROOM_NOT_FOUND');
  expect((await openRoom(seller, { contextKind: 'article', contextId: listingId })).body.code).toBe('CHAT_NOT_ALLOWED');
  const missing = await openRoom(buyer, { contextKind: 'article', contextId: 'no-such-listing' });
  // A listing that does not exist answers as its read does (test/chat/chat-listing-visibility.test.ts).
  expect([missing.status, missing.body.code]).toEqual([404, 'ARTICLE_NOT_FOUND']);
  // Tricycle contacts: test/logistics/tricycles.test.ts opens rooms about accepted ones; an unknown one is not found.
  const tricycle = await openRoom(buyer, { contextKind: 'tricycle', contextId: 'x1' });
  expect([tricycle.status, tricycle.body.code]).toEqual([404, 'CHAT_CONTEXT_NOT_FOUND']);
  expect((await openRoom(buyer, { contextKind: 'order', contextId: 'no-such-order', participant: seller.uid })).body.code).toBe('CHAT_CONTEXT_NOT_FOUND');
  for (const body of [{}, { contextKind: 'article' }, { contextKind: 'nope', contextId: 'a' }, { contextKind: 'article', contextId: 'a/b' }, { contextKind: 'article', contextId: listingId, extra: 1 }]) {
    const res = await openRoom(buyer, body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  }
  expect((await (await api()).post('/api/chat/rooms').send({ contextKind: 'article', contextId: listingId })).status).toBe(401);
});

it('lets a journey’s buyer and its assigned forwarder open a room about it, and nobody else', async () => {
  const forwarder = await createUser('transitaire');
  const missionId = `${listingId}_${buyer.uid}`;
  // A shortcut past the transit flow (test/transit/transit.test.ts walks it): a journey with its forwarder.
  await db().collection(COLLECTIONS.transitMissions).doc(missionId).set({ article: listingId, acheteur: buyer.uid, transitaire: null, statut: 'parcours' });
  expect((await openRoom(buyer, { contextKind: 'transitMission', contextId: missionId })).body.code).toBe('CHAT_NOT_ALLOWED');
  await db().collection(COLLECTIONS.transitMissions).doc(missionId).update({ transitaire: forwarder.uid, statut: 'en_cours' });
  const fromBuyer = await openRoom(buyer, { contextKind: 'transitMission', contextId: missionId });
  const fromForwarder = await openRoom(forwarder, { contextKind: 'transitMission', contextId: missionId });
  expect(fromBuyer.status).toBe(200);
  expect(fromForwarder.body.data.id).toBe(fromBuyer.body.data.id);
  expect(fromBuyer.body.data.participants).toEqual([buyer.uid, forwarder.uid].sort());
  expect((await openRoom(stranger, { contextKind: 'transitMission', contextId: missionId })).body.code).toBe('CHAT_NOT_ALLOWED');
  expect((await openRoom(buyer, { contextKind: 'transitMission', contextId: 'none_x' })).body.code).toBe('CHAT_CONTEXT_NOT_FOUND');
});

it('lets an order’s buyer talk with each of its sellers, one room each, and hides the order from anyone else', async () => {
  const [partsSeller, otherSeller, outsider] = await Promise.all([createUser('vendeur'), createUser('vendeur'), createUser('acheteur')]);
  const piece = (owner: TestUser, titre: string) =>
    publish(owner, { type: 'piece', titre, prix: 20_000, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
  const [one, two] = await Promise.all([piece(partsSeller, 'Filtre à huile'), piece(otherSeller, 'Plaquettes de frein')]);
  const placed = await (await api()).post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: one.id, quantite: 1 }, { articleId: two.id, quantite: 1 }], livraison: false });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.id as string;

  const withFirst = await openRoom(buyer, { contextKind: 'order', contextId: orderId, participant: partsSeller.uid });
  expect(withFirst.status).toBe(200);
  expect([...withFirst.body.data.participants].sort()).toEqual([buyer.uid, partsSeller.uid].sort());
  // The seller finds the same room; the other seller has its own.
  expect((await openRoom(partsSeller, { contextKind: 'order', contextId: orderId })).body.data.id).toBe(withFirst.body.data.id);
  const withOther = await openRoom(otherSeller, { contextKind: 'order', contextId: orderId });
  expect([...withOther.body.data.participants].sort()).toEqual([buyer.uid, otherSeller.uid].sort());
  expect(withOther.body.data.id).not.toBe(withFirst.body.data.id);

  // The buyer must name one of the order's sellers; to anyone else the order does not exist.
  expect((await openRoom(buyer, { contextKind: 'order', contextId: orderId })).body.code).toBe('CHAT_NOT_ALLOWED');
  expect((await openRoom(buyer, { contextKind: 'order', contextId: orderId, participant: seller.uid })).body.code).toBe('CHAT_NOT_ALLOWED');
  const hidden = await openRoom(outsider, { contextKind: 'order', contextId: orderId, participant: partsSeller.uid });
  expect([hidden.status, hidden.body.code]).toEqual([404, 'CHAT_CONTEXT_NOT_FOUND']);
  expect((await openRoom(seller, { contextKind: 'order', contextId: orderId })).body.code).toBe('CHAT_CONTEXT_NOT_FOUND');
});

it('posts messages, counts the unread per room and in total, marks read, and notifies the other side once per message', async () => {
  const id = await listingRoom();
  const device = await registerDevice(seller);
  const before = await unreadTotal(seller);
  const client = await api();
  const first = await post(buyer, id, { texte: 'Bonjour, le véhicule est-il toujours disponible ?' });
  expect(first.status).toBe(201);
  expect(first.body.data).toMatchObject({ sender: buyer.uid, roomId: id, deleted: false, fichierUrl: null });
  await post(buyer, id, { texte: 'Je peux passer demain.' });
  expect(await unreadTotal(seller)).toBe(before + 2);
  expect(await unreadTotal(buyer)).toBe(0);
  const room = (await client.get(`/api/chat/rooms/${id}`).set(bearer(seller.token))).body.data;
  expect(room).toMatchObject({ unread: 2, lastMessage: 'Je peux passer demain.' });
  expect((await client.get(`/api/chat/rooms/${id}`).set(bearer(buyer.token))).body.data.unread).toBe(0);

  const page = await client.get(`/api/chat/rooms/${id}/messages?limit=1`).set(bearer(seller.token));
  expect(page.body.data.map((message: { texte: string }) => message.texte)).toEqual(['Je peux passer demain.']);
  expect(page.body.pagination).toMatchObject({ total: 2, hasMore: true });
  expect((await client.get(`/api/chat/rooms/${id}/messages`).set(bearer(stranger.token))).body.code).toBe('CHAT_ROOM_NOT_FOUND');

  const read = await client.post(`/api/chat/rooms/${id}/read`).set(bearer(seller.token));
  expect(read.body.data.unread).toBe(0);
  expect(read.body.data.readAt[seller.uid]).toEqual(expect.any(String));
  expect(await unreadTotal(seller)).toBe(before);
  // Read again: nothing moves below zero.
  await client.post(`/api/chat/rooms/${id}/read`).set(bearer(seller.token));
  expect(await unreadTotal(seller)).toBe(before);
  expect((await client.post(`/api/chat/rooms/${id}/read`).set(bearer(stranger.token))).body.code).toBe('CHAT_ROOM_NOT_FOUND');

  const notices = await until(
    async () => ((await client.get('/api/notifications').set(bearer(seller.token))).body.data as Array<{ type: string; resource: unknown; body: string }>).filter((n) => n.type === 'chat_message'),
    (found) => found.length >= 2,
  );
  expect(notices).toHaveLength(2);
  expect(notices).toContainEqual(expect.objectContaining({ resource: { kind: 'chatRoom', id }, body: 'Je peux passer demain.' }));
  const pushed = await until(device, (found) => found.filter((push) => push.data?.type === 'chat_message').length >= 2);
  expect(pushed.filter((push) => push.data?.type === 'chat_message')).toHaveLength(2);
  expect(((await client.get('/api/notifications').set(bearer(buyer.token))).body.data as Array<{ type: string }>).filter((n) => n.type === 'chat_message')).toEqual([]);
});

it('refuses messages from non-participants, bad input, and files the sender did not upload', async () => {
  const id = await listingRoom();
  const client = await api();
  const outsider = await post(stranger, id, { texte: 'Salut' });
  expect([outsider.status, outsider.body.code]).toEqual([404, 'CHAT_ROOM_NOT_FOUND']);
  expect((await client.post(`/api/chat/rooms/${id}/messages`).send({ texte: 'x' })).status).toBe(401);
  for (const body of [{}, { texte: '' }, { texte: 'x'.repeat(4001) }, { fichierUrl: '' }, { texte: 'a', other: 1 }]) {
    const res = await post(buyer, id, body);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  }
  // Any other text is read by the storage as one of its URLs (the local driver answers relative
  // ones), and what is none of ours gets the code that says so.
  const notUrl = await post(buyer, id, { fichierUrl: 'not a url' });
  expect([notUrl.status, notUrl.body.code]).toEqual([400, 'CHAT_FILE_URL_INVALID']);
  expect((await post(buyer, 'no-such-room', { texte: 'x' })).body.code).toBe('CHAT_ROOM_NOT_FOUND');

  const upload = await client.post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
  expect(upload.status).toBe(201);
  const url = new URL(upload.body.data.url as string, 'http://localhost').toString();
  const stolen = await post(buyer, id, { fichierUrl: url });
  expect([stolen.status, stolen.body.code]).toEqual([403, 'CHAT_FILE_NOT_OWNED']);
  // A URL on another site is not one of our files at all (test/chat/chat-attachments.test.ts).
  expect((await post(buyer, id, { fichierUrl: 'https://example.com/images/00000000-0000-0000-0000-000000000000.jpg' })).body.code).toBe('CHAT_FILE_URL_INVALID');
  const withFile = await post(seller, id, { texte: 'La photo', fichierUrl: url });
  expect(withFile.status).toBe(201);
  // The URL shown is the one our storage builds from the file's reference, not the one sent.
  expect(withFile.body.data).toMatchObject({ fichier: upload.body.data.path, fichierUrl: upload.body.data.url });
  // The upload clean-up keeps a file a message holds, past its grace period.
  const records = await db().collection(COLLECTIONS.uploads).where('path', '==', upload.body.data.path).get();
  expect(records.docs.map((doc) => doc.get('keptBy'))).toEqual(['chat']);
  await records.docs[0].ref.update({ checkAfter: new Date(0) });
  await cleanUploads();
  expect((await records.docs[0].ref.get()).exists).toBe(true);
});

it('searches a room without patterns, and deletes only one’s own messages, keeping them as deleted', async () => {
  const id = await listingRoom();
  const client = await api();
  const target = (await post(buyer, id, { texte: 'Prix NÉGOCIABLE (.*) ?' })).body.data.id as string;
  await post(seller, id, { texte: 'Non, le prix est ferme.' });
  const search = async (q: string, user = buyer) => client.get(`/api/chat/rooms/${id}/search`).query({ q }).set(bearer(user.token));
  expect((await search('negociable')).body.data.map((m: { id: string }) => m.id)).toEqual([target]);
  expect((await search('(.*)')).body.data.map((m: { id: string }) => m.id)).toEqual([target]);
  expect((await search('prix')).body.data).toHaveLength(2);
  expect((await search('.*')).body.data.map((m: { id: string }) => m.id)).toEqual([target]);
  expect((await search('prix', stranger)).body.code).toBe('CHAT_ROOM_NOT_FOUND');
  expect((await client.get(`/api/chat/rooms/${id}/search`).set(bearer(buyer.token))).body.code).toBe('VALIDATION_ERROR');

  const notMine = await client.delete(`/api/chat/rooms/${id}/messages/${target}`).set(bearer(seller.token));
  expect([notMine.status, notMine.body.code]).toEqual([404, 'CHAT_MESSAGE_NOT_FOUND']);
  expect((await client.delete(`/api/chat/rooms/${id}/messages/${target}`).set(bearer(stranger.token))).body.code).toBe('CHAT_ROOM_NOT_FOUND');
  expect((await client.delete(`/api/chat/rooms/${id}/messages/unknown`).set(bearer(buyer.token))).body.code).toBe('CHAT_MESSAGE_NOT_FOUND');
  expect((await client.delete(`/api/chat/rooms/${id}/messages/__x__`).set(bearer(buyer.token))).status).toBe(404);
  const deleted = await client.delete(`/api/chat/rooms/${id}/messages/${target}`).set(bearer(buyer.token));
  expect(deleted.status).toBe(200);
  expect(deleted.body.data).toMatchObject({ id: target, texte: null, deleted: true });
  const stored = (await db().collection(COLLECTIONS.chatRooms).doc(id).collection('messages').doc(target).get()).data();
  expect(stored).toMatchObject({ texte: null, texteKey: '', deleted: true });
  expect((await search('negociable')).body.data).toEqual([]);
});

it('keeps the unread counters exact under parallel messages', async () => {
  const another = await createUser('acheteur');
  const id = (await openRoom(another, { contextKind: 'article', contextId: listingId })).body.data.id as string;
  const before = await unreadTotal(seller);
  const posted = await Promise.all(Array.from({ length: 10 }, (_, n) => post(another, id, { texte: `Message ${n}` })));
  expect(posted.map((res) => res.status)).toEqual(Array(10).fill(201));
  expect(await unreadTotal(seller)).toBe(before + 10);
  expect((await (await api()).get(`/api/chat/rooms/${id}`).set(bearer(seller.token))).body.data.unread).toBe(10);
});
