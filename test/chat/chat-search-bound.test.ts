/**
 * docs/guides/chat.md, Chat: "at most `limit` matches (20 by default, at most 50), newest first, among
 * the room's latest 200 messages". How (functions/src/domains/chat/service.ts, CHAT_SEARCH_WINDOW): it
 * reads the room, then the room's messages newest first, `limit` of them first and then 50 at a
 * time, until it has `limit` matches or has read the latest 200: at most 201 documents per request,
 * and, when the latest messages all match, as many as it returns plus one.
 *
 * Reads are counted by watching the Firestore reads of the request (the real emulator answers
 * them; the watch only adds up the documents each read returned).
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { countReads } from '../helpers/reads';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';

let seller: TestUser;
let buyer: TestUser;
let roomId: string;

/** Messages written straight into the room, oldest first, one second apart (as posting would leave them). */
async function seed(texts: string[]): Promise<void> {
  const start = Date.now() - texts.length * 1000;
  const batch = db().batch();
  texts.forEach((texte, n) => {
    const key = texte.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    batch.set(db().collection(COLLECTIONS.chatRooms).doc(roomId).collection('messages').doc(), {
      sender: n % 2 ? seller.uid : buyer.uid,
      texte,
      texteKey: key,
      fichierUrl: null,
      fichierPath: null,
      deleted: false,
      createdAt: new Date(start + n * 1000),
    });
  });
  await batch.commit();
}

/** The chat documents (rooms, messages) read while `run` ran; the caller's profile, read by every route, aside. */
async function documentsRead<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const { result, reads } = await countReads(run);
  const chat = Object.entries(reads.byPath).filter(([key]) => key.split(' ')[1].startsWith(COLLECTIONS.chatRooms));
  return { result, reads: chat.reduce((sum, [, count]) => sum + count, 0) };
}

const search = async (query: Record<string, string | number>) => (await api()).get(`/api/chat/rooms/${roomId}/search`).query(query).set(bearer(buyer.token));

beforeAll(async () => {
  await resetEmulators();
  [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const listing = await publish(seller);
  roomId = (await (await api()).post('/api/chat/rooms').set(bearer(buyer.token)).send({ contextKind: 'article', contextId: listing.id })).body.data.id;
  // 230 messages: the oldest 30 say "garage", the next 180 alternate "prix" and small talk, the latest 20 all "prix".
  await seed([
    ...Array.from({ length: 30 }, (_, n) => `Le garage ${n} est fermé`),
    ...Array.from({ length: 180 }, (_, n) => (n % 2 ? `Quel prix ${n} ?` : `Bonjour ${n}`)),
    ...Array.from({ length: 20 }, (_, n) => `Le Prix final ${n}`),
  ]);
});

it('answers at most `limit` matches, newest first, reading no more than it returns plus the room when the latest messages match', async () => {
  const { result, reads } = await documentsRead(() => search({ q: 'prix', limit: 5 }));
  expect(result.status).toBe(200);
  expect(result.body.data.map((message: { texte: string }) => message.texte)).toEqual(['Le Prix final 19', 'Le Prix final 18', 'Le Prix final 17', 'Le Prix final 16', 'Le Prix final 15']);
  expect(reads).toBe(5 + 1);
});

it('answers 20 matches by default and refuses more than 50', async () => {
  expect((await search({ q: 'prix' })).body.data).toHaveLength(20);
  expect((await search({ q: 'prix', limit: 50 })).body.data).toHaveLength(50);
  for (const limit of [0, 51, 'x']) {
    const res = await search({ q: 'prix', limit });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  }
});

it('reads at most 201 documents, the room and its latest 200 messages, however rare the words', async () => {
  const { result, reads } = await documentsRead(() => search({ q: 'garage', limit: 50 }));
  // The 30 "garage" messages are older than the latest 200: the scan stops before them.
  expect(result.body.data).toEqual([]);
  expect(reads).toBe(201);
  const sparse = await documentsRead(() => search({ q: 'quel prix', limit: 50 }));
  expect(sparse.result.body.data).toHaveLength(50);
  expect(sparse.reads).toBeLessThanOrEqual(201);
});
