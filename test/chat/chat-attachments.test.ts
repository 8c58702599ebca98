/**
 * docs/guides/chat.md, Chat: "A message's file is a reference, `fichier`: the `path` of a photo the sender
 * stored itself through the upload routes (the uploads ledger says who stored it). The service
 * builds the URL it shows (`fichierUrl`) from that reference through the storage adapter, in every
 * answer and in the message document participants listen to; a URL is never stored as sent. The
 * older `fichierUrl` input is accepted only when it is exactly the URL our storage gave for one of
 * the sender's own files, and is turned into its reference; any other URL is a
 * `400 CHAT_FILE_URL_INVALID`, and another user's file a `403 CHAT_FILE_NOT_OWNED`, nothing stored."
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { backfillChatFileUrls } from '../../functions/src/domains/chat/backfill';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { CARD_JPEG } from '../helpers/transit';

let seller: TestUser;
let buyer: TestUser;
let roomId: string;

beforeAll(async () => {
  await resetEmulators();
  [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const listing = await publish(seller);
  roomId = (await (await api()).post('/api/chat/rooms').set(bearer(buyer.token)).send({ contextKind: 'article', contextId: listing.id })).body.data.id;
});

/** A photo `user` stores through POST /api/upload/image: its reference (path) and the URL it was given. */
async function upload(user: TestUser): Promise<{ path: string; url: string }> {
  const res = await (await api()).post('/api/upload/image').set(bearer(user.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
  expect(res.status).toBe(201);
  return { path: res.body.data.path, url: res.body.data.url };
}

const post = async (user: TestUser, body: Record<string, unknown>) => (await api()).post(`/api/chat/rooms/${roomId}/messages`).set(bearer(user.token)).send(body);
const storedMessages = async () => (await db().collection(COLLECTIONS.chatRooms).doc(roomId).collection('messages').get()).docs.map((doc) => doc.data());

it('refuses a scripted or foreign URL around the sender’s own file: 400, nothing stored', async () => {
  const own = await upload(seller);
  const uuidName = own.path.slice('images/'.length);
  const before = (await storedMessages()).length;
  for (const fichierUrl of [
    `javascript:alert(document.domain)//images/${uuidName}`,
    `https://evil.example/phish/images/${uuidName}`,
    `https://evil.example/api/upload/files/images/${uuidName}`,
    `http://localhost/api/upload/files/images/${uuidName}#https://evil.example`,
  ]) {
    const res = await post(seller, { texte: 'Voici la photo', fichierUrl });
    expect({ fichierUrl, status: res.status, code: res.body.code }).toEqual({ fichierUrl, status: 400, code: 'CHAT_FILE_URL_INVALID' });
  }
  expect((await storedMessages()).length).toBe(before);
});

it('refuses another user’s file, by reference or by its URL, and references that are not a stored file’s', async () => {
  const theirs = await upload(seller);
  for (const body of [{ fichier: theirs.path }, { fichierUrl: new URL(theirs.url, 'http://localhost').toString() }]) {
    const res = await post(buyer, body);
    expect([res.status, res.body.code]).toEqual([403, 'CHAT_FILE_NOT_OWNED']);
  }
  // A reference no upload made: not a stored file of the sender either.
  expect((await post(seller, { fichier: 'images/00000000-0000-0000-0000-000000000000.jpg' })).body.code).toBe('CHAT_FILE_NOT_OWNED');
  for (const fichier of ['javascript:alert(1)', '../kyc/x/y.jpg', `kyc/${seller.uid}/00000000-0000-0000-0000-000000000000.jpg`, 'https://evil.example/images/00000000-0000-0000-0000-000000000000.jpg']) {
    const res = await post(seller, { fichier });
    expect({ fichier, status: res.status, code: res.body.code }).toEqual({ fichier, status: 400, code: 'VALIDATION_ERROR' });
  }
  // A reference and a URL at once: one file per message.
  expect((await post(seller, { fichier: theirs.path, fichierUrl: theirs.url })).status).toBe(400);
  expect((await storedMessages()).filter((message) => message.fichierPath === theirs.path)).toEqual([]);
});

it('builds the URL on our storage from the sender’s own reference, for the sender, the other party and the listened document', async () => {
  const own = await upload(seller);
  const sent = await post(seller, { texte: 'La photo', fichier: own.path });
  expect(sent.status).toBe(201);
  // The local driver serves public media at /api/upload/files/{path} (relative to the base URL).
  const ours = `/api/upload/files/${own.path}`;
  expect(sent.body.data).toMatchObject({ fichier: own.path, fichierUrl: ours });
  const read = await (await api()).get(`/api/chat/rooms/${roomId}/messages`).set(bearer(buyer.token));
  expect(read.body.data.find((message: { id: string }) => message.id === sent.body.data.id)).toMatchObject({ fichier: own.path, fichierUrl: ours });
  expect((await (await api()).get(ours)).status).toBe(200);
  const stored = (await db().collection(COLLECTIONS.chatRooms).doc(roomId).collection('messages').doc(sent.body.data.id).get()).data();
  expect(stored).toMatchObject({ fichierPath: own.path, fichierUrl: ours });
});

it('accepts the URL our storage gave for the sender’s own file, and stores its reference and our URL instead', async () => {
  const own = await upload(seller);
  // As the upload answered it (the local driver's URLs are relative), and absolute on the local hosts.
  for (const fichierUrl of [own.url, new URL(own.url, 'http://localhost').toString(), new URL(own.url, 'http://127.0.0.1:5000').toString()]) {
    const sent = await post(seller, { fichierUrl });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ fichier: own.path, fichierUrl: `/api/upload/files/${own.path}` });
  }
});

it('shows a URL built from the reference for a message stored before, whatever URL it kept', async () => {
  const own = await upload(seller);
  // A message as the service stored them before: the URL as sent, its path read out of it.
  const ref = await db().collection(COLLECTIONS.chatRooms).doc(roomId).collection('messages').add({
    sender: seller.uid,
    texte: null,
    texteKey: '',
    fichierUrl: `javascript:alert(document.domain)//${own.path}`,
    fichierPath: own.path,
    deleted: false,
    createdAt: new Date(),
  });
  const read = await (await api()).get(`/api/chat/rooms/${roomId}/messages`).set(bearer(buyer.token));
  expect(read.body.data.find((message: { id: string }) => message.id === ref.id)).toMatchObject({ fichier: own.path, fichierUrl: `/api/upload/files/${own.path}` });
});

it('rewrites, once, the listened copy of messages stored before with a URL that is not ours (npm run backfill:chat-files)', async () => {
  const own = await upload(seller);
  const messages = db().collection(COLLECTIONS.chatRooms).doc(roomId).collection('messages');
  const before = { sender: seller.uid, texte: null, texteKey: '', deleted: false, createdAt: new Date() };
  const tainted = await messages.add({ ...before, fichierUrl: `https://evil.example/phish/${own.path}`, fichierPath: own.path });
  const deleted = await messages.add({ ...before, fichierUrl: null, fichierPath: null, deleted: true });
  const first = await backfillChatFileUrls(2);
  expect(first.updated).toBeGreaterThanOrEqual(1);
  expect((await tainted.get()).data()).toMatchObject({ fichierUrl: `/api/upload/files/${own.path}`, fichierPath: own.path });
  expect((await deleted.get()).data()).toMatchObject({ fichierUrl: null, fichierPath: null });
  // Safe to run again: every URL is ours now.
  expect((await backfillChatFileUrls(2)).updated).toBe(0);
});
