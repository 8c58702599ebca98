/**
 * docs/guides/chat.md, Chat: "A room about a listing opens only while anyone may see the listing (in public
 * view, or sold: the rule of `GET /api/articles/{id}`); a withdrawn,
 * rejected, waiting, hidden or deleted listing answers what `GET /api/articles/{id}` answers a
 * buyer, `404 ARTICLE_NOT_FOUND`, to everyone, its seller included. A room already open stays its
 * two participants': both go on writing in it whatever the listing becomes."
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettings, useSettings } from '../helpers/settings';

let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [seller, buyer, admin] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('admin')]);
});
afterEach(restoreSettings);

const openRoom = async (user: TestUser, body: Record<string, unknown>) => (await api()).post('/api/chat/rooms').set(bearer(user.token)).send(body);
const readListing = async (user: TestUser, id: string) => (await api()).get(`/api/articles/${id}`).set(bearer(user.token));
const post = async (user: TestUser, roomId: string, texte: string) => (await api()).post(`/api/chat/rooms/${roomId}/messages`).set(bearer(user.token)).send({ texte });
const part = (overrides: Record<string, unknown> = {}) => publish(seller, { type: 'piece', titre: 'Alternateur Corolla', stock: 3, annee: undefined, ...overrides });
const roomsAbout = async (id: string) => (await db().collection(COLLECTIONS.chatRooms).where('contextId', '==', id).get()).size;

/** Each hidden state the catalog has, made as the catalog makes it (or, for a lapsed part, as its hourly job leaves it). */
const HIDDEN: Record<string, () => Promise<string>> = {
  withdrawn: async () => {
    const { id } = await publish(seller);
    expect((await (await api()).post(`/api/articles/${id}/withdraw`).set(bearer(seller.token))).status).toBe(200);
    return id;
  },
  'taken down': async () => {
    const { id } = await publish(seller);
    expect((await (await api()).post(`/api/articles/${id}/reject`).set(bearer(admin.token)).send({ motif: 'Photos trompeuses' })).status).toBe(200);
    return id;
  },
  'waiting for moderation': async () => {
    useSettings({ ARTICLE_MODERATION: 'pre' });
    const { id, statut } = await publish(seller);
    expect(statut).toBe('en_attente');
    return id;
  },
  'a part hidden by the hourly job (seller without access)': async () => {
    const { id } = await part();
    await db().collection(COLLECTIONS.articles).doc(id).update({ vendeurActif: false });
    return id;
  },
  'a part whose seller’s access ended before the hourly job ran': async () => {
    const { id } = await part();
    await db().collection(COLLECTIONS.articles).doc(id).update({ visibleJusqua: new Date(Date.now() - 60_000) });
    return id;
  },
  deleted: async () => {
    const { id } = await publish(seller);
    expect((await (await api()).delete(`/api/articles/${id}`).set(bearer(seller.token))).status).toBe(200);
    return id;
  },
};

it.each(Object.keys(HIDDEN))('opens no room on a listing %s: the same 404 as its read, for the buyer and the seller, nothing written', async (state) => {
  const id = await HIDDEN[state]();
  const read = await readListing(buyer, id);
  expect([read.status, read.body.code]).toEqual([404, 'ARTICLE_NOT_FOUND']);
  const opened = await openRoom(buyer, { contextKind: 'article', contextId: id });
  expect([opened.status, opened.body.code]).toEqual([read.status, read.body.code]);
  // Its seller may read its own listing, but no room opens on it either (nor could it talk to itself).
  for (const body of [{ contextKind: 'article', contextId: id }, { contextKind: 'article', contextId: id, participant: buyer.uid }]) {
    const bySeller = await openRoom(seller, body);
    expect([bySeller.status, bySeller.body.code]).toEqual([404, 'ARTICLE_NOT_FOUND']);
  }
  // Opened twice at once: still nothing.
  const raced = await Promise.all([openRoom(buyer, { contextKind: 'article', contextId: id }), openRoom(buyer, { contextKind: 'article', contextId: id })]);
  expect(raced.map((res) => res.status)).toEqual([404, 404]);
  expect(await roomsAbout(id)).toBe(0);
});

it('opens a room on a listing in public view, and on a sold one, as their read shows them', async () => {
  const { id } = await publish(seller);
  expect((await readListing(buyer, id)).status).toBe(200);
  const opened = await openRoom(buyer, { contextKind: 'article', contextId: id });
  expect([opened.status, opened.body.data.contextId]).toEqual([200, id]);
  const sold = await publish(seller);
  await db().collection(COLLECTIONS.articles).doc(sold.id).update({ statut: 'vendu' });
  expect((await readListing(buyer, sold.id)).status).toBe(200);
  expect((await openRoom(buyer, { contextKind: 'article', contextId: sold.id })).status).toBe(200);
});

it('keeps a room opened before its listing was withdrawn: both sides go on writing, nobody opens a new one', async () => {
  const { id } = await publish(seller);
  const roomId = (await openRoom(buyer, { contextKind: 'article', contextId: id })).body.data.id as string;
  expect((await post(buyer, roomId, 'Toujours disponible ?')).status).toBe(201);
  expect((await (await api()).post(`/api/articles/${id}/withdraw`).set(bearer(seller.token))).status).toBe(200);
  // The two who already talked may still settle a sale.
  expect((await post(seller, roomId, 'Je l’ai retirée, mais on peut en parler.')).status).toBe(201);
  expect((await post(buyer, roomId, 'Très bien.')).status).toBe(201);
  const messages = await (await api()).get(`/api/chat/rooms/${roomId}/messages`).set(bearer(buyer.token));
  expect(messages.body.pagination.total).toBe(3);
  // Another buyer cannot start one.
  const other = await createUser('acheteur');
  expect((await openRoom(other, { contextKind: 'article', contextId: id })).body.code).toBe('ARTICLE_NOT_FOUND');
  expect(await roomsAbout(id)).toBe(1);
});
