/**
 * Chat rooms between participants about a context, and their messages. A room's id comes from its
 * context and its sorted participants, so opening it again, or twice at once, meets one document.
 * Unread counts are counters: per participant on the room (`unread.{uid}`), and over all rooms in
 * `chatUnread/{uid}`. A message moves them by increments in a commit that reads nothing (a room's
 * participants never change), so messages of a busy room, or to a busy seller, never wait for one
 * another; a read zeroes the room's counter in a transaction that reads the room, and takes the
 * same amount off the total. Clients listen to a room's messages directly (firestore.rules lets
 * participants read them); every write is here.
 */
import { createHash } from 'node:crypto';
import { FieldValue, type QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { fileStorage } from '../../adapters/storage/storage';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, isoOrNull } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import { getArticle, isReadableByAll, keepForChat, uploadOwner } from '../catalog';
import { findTricycleContact } from '../logistics';
import { emit } from '../../core/events';
import { findMission } from '../transit';
import { findOrder } from '../commerce';
import type { ChatContextKind, ChatRoom, OpenRoomRequest, StoredChatMessage } from './schemas';
import { newDocumentRef } from '../../core/ids';

/**
 * The latest messages a search looks through at most: a substring of a normalized text has no
 * index to ask, so a search scans, and this bounds its reads: the room and these, 201 documents per request.
 */
export const CHAT_SEARCH_WINDOW = 200;
/** Messages read per step of a scan once its first step (`limit` of them) fell short of matches. */
const CHAT_SEARCH_STEP = 50;
const PREVIEW_LENGTH = 120;

interface RoomDocument {
  participants: string[];
  contextKind: ChatContextKind;
  contextId: string;
  lastMessage: string | null;
  lastMessageAt: Timestamp | null;
  /** Sorts rooms by activity: the last message, or the opening while there is none. */
  activityAt: Timestamp;
  unread: Record<string, number>;
  readAt: Record<string, Timestamp>;
  createdAt: Timestamp;
}

interface MessageDocument {
  sender: string;
  texte: string | null;
  /** The text lowercased without accents, what search matches against (substring, no pattern). */
  texteKey: string;
  /** Built by the service from `fichierPath` when posted (what listeners show); answers build it again. */
  fichierUrl: string | null;
  /** The file's reference: a path the sender stored itself (uploads ledger). */
  fichierPath: string | null;
  deleted: boolean;
  createdAt: Timestamp;
}

interface UnreadDocument {
  total: number;
}

const rooms = () => collection<RoomDocument>(COLLECTIONS.chatRooms);
const messagesOf = (roomId: string) => collection<MessageDocument>(COLLECTIONS.chatMessages, rooms().doc(roomId));
const unreadOf = (uid: string) => collection<UnreadDocument>(COLLECTIONS.chatUnread).doc(uid);

/** Lowercase, accents removed, spaces collapsed: how texts and searched words are compared. */
export function searchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function roomId(kind: ChatContextKind, contextId: string, participants: readonly string[]): string {
  const sorted = [...participants].sort();
  return createHash('sha256').update(JSON.stringify([kind, contextId, sorted])).digest('hex').slice(0, 40);
}

function toRoom(id: string, room: RoomDocument, uid: string): z.input<typeof ChatRoom> {
  return {
    id,
    participants: room.participants,
    contextKind: room.contextKind,
    contextId: room.contextId,
    lastMessage: room.lastMessage,
    lastMessageAt: isoOrNull(room.lastMessageAt),
    unread: room.unread[uid] ?? 0,
    readAt: Object.fromEntries(Object.entries(room.readAt).map(([who, at]) => [who, at.toDate().toISOString()])),
    createdAt: room.createdAt.toDate().toISOString(),
  };
}

/**
 * A message as answered: its file's URL built from the reference, never the stored one (messages
 * stored before references kept a client's URL there; a signed URL expires).
 */
async function toMessage(roomId: string, id: string, message: MessageDocument): Promise<z.input<typeof StoredChatMessage>> {
  return {
    id,
    roomId,
    sender: message.sender,
    texte: message.texte,
    fichier: message.fichierPath,
    fichierUrl: message.fichierPath === null ? null : await (await fileStorage()).mediaUrl(message.fichierPath),
    deleted: message.deleted,
    createdAt: message.createdAt.toDate().toISOString(),
  };
}

/** The two sides a context allows, the caller being one of them; refused otherwise. */
async function participantsOf(caller: ProfileCaller, input: z.output<typeof OpenRoomRequest>): Promise<[string, string]> {
  if (input.contextKind === 'article') {
    // Only about a listing anyone may read, with the answer its read gives a buyer otherwise: a
    // withdrawn or hidden listing is no way in to its seller, and its seller has no one to meet
    // there either. A room opened meanwhile stays (docs/guides/chat.md, Chat): it was opened while the
    // listing was readable, and its two sides may still settle a sale.
    const article = await getArticle(input.contextId);
    if (!article || !isReadableByAll(article, now())) throw new ApiError('ARTICLE_NOT_FOUND');
    if (caller.uid !== article.vendeur) {
      // A buyer asks the seller; another seller, a forwarder or an admin is no side of a listing.
      if (caller.role !== 'acheteur') throw new ApiError('CHAT_NOT_ALLOWED');
      return [caller.uid, article.vendeur];
    }
    // The seller answers a buyer who wrote first: it names the buyer, whose room must exist.
    if (!input.participant || input.participant === caller.uid) throw new ApiError('CHAT_NOT_ALLOWED');
    return [input.participant, caller.uid];
  }
  if (input.contextKind === 'transitMission') {
    const mission = await findMission(input.contextId);
    if (!mission) throw new ApiError('CHAT_CONTEXT_NOT_FOUND');
    if (!mission.transitaire || (caller.uid !== mission.acheteur && caller.uid !== mission.transitaire)) throw new ApiError('CHAT_NOT_ALLOWED');
    return [mission.acheteur, mission.transitaire];
  }
  if (input.contextKind === 'order') {
    // An order's buyer and one of its sellers. Orders are private: to anyone else it does not exist.
    const order = await findOrder(input.contextId);
    if (!order || (caller.uid !== order.acheteur && !order.vendeurs.includes(caller.uid))) throw new ApiError('CHAT_CONTEXT_NOT_FOUND');
    if (caller.uid !== order.acheteur) return [order.acheteur, caller.uid];
    // The buyer names the seller it writes to: one room per seller of a several-seller order.
    if (!input.participant || !order.vendeurs.includes(input.participant)) throw new ApiError('CHAT_NOT_ALLOWED');
    return [caller.uid, input.participant];
  }
  // A tricycle contact's buyer and driver, once the driver accepted it (the room opens then:
  // subscribers.ts); it stays theirs after the contact closes. Contacts are private: to anyone
  // else it does not exist.
  const contact = await findTricycleContact(input.contextId);
  if (!contact || (caller.uid !== contact.acheteur && caller.uid !== contact.chauffeur)) throw new ApiError('CHAT_CONTEXT_NOT_FOUND');
  if (!contact.acceptedAt) throw new ApiError('CHAT_NOT_ALLOWED');
  return [contact.acheteur, contact.chauffeur];
}

/** Finds or opens the room of the caller and the other side of the context: one room per (context, participants). */
export async function openRoom(caller: ProfileCaller, input: z.output<typeof OpenRoomRequest>) {
  const participants = await participantsOf(caller, input);
  const seller = input.contextKind === 'article' && participants[1] === caller.uid;
  // A seller does not start rooms: it answers in the room a buyer opened.
  return ensureRoom(input.contextKind, input.contextId, participants, caller.uid, seller);
}

/**
 * The room of `participants` about a context, created when absent (unless `existingOnly`): what a
 * caller opens, and what a subscriber opens for two sides (a tricycle contact accepted), the same
 * document either way.
 */
export async function ensureRoom(kind: ChatContextKind, contextId: string, participants: readonly string[], viewer: string, existingOnly = false) {
  const id = roomId(kind, contextId, participants);
  const ref = rooms().doc(id);
  const at = Timestamp.fromDate(now());
  return runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data();
    if (existing) return { created: false, room: toRoom(id, existing, viewer) };
    if (existingOnly) throw new ApiError('CHAT_ROOM_NOT_FOUND');
    const room: RoomDocument = {
      participants: [...participants].sort(),
      contextKind: kind,
      contextId,
      lastMessage: null,
      lastMessageAt: null,
      activityAt: at,
      unread: Object.fromEntries(participants.map((uid) => [uid, 0])),
      readAt: {},
      createdAt: at,
    };
    tx.create(ref, room);
    return { created: true, room: toRoom(id, room, viewer) };
  });
}

/** The room, when the caller takes part in it; the same 404 otherwise, so ids reveal nothing. */
function participantRoom(room: RoomDocument | undefined, uid: string): RoomDocument {
  if (!room || !room.participants.includes(uid)) throw new ApiError('CHAT_ROOM_NOT_FOUND');
  return room;
}

export async function getRoom(caller: ProfileCaller, id: string) {
  return toRoom(id, participantRoom((await rooms().doc(id).get()).data(), caller.uid), caller.uid);
}

/** The caller's rooms, latest activity first. */
export async function myRooms(caller: ProfileCaller, page: PageRequest) {
  const query = rooms().where('participants', 'array-contains', caller.uid).orderBy('activityAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toRoom(doc.id, doc.data(), caller.uid)), total);
}

/**
 * A file the sender stored through the upload routes itself (the ledger says who stored it), named
 * by its reference, or by the older form: exactly the URL our storage gave for it. The URL kept
 * and shown is ours, built from the reference: a client's URL is never stored.
 */
async function attachment(uid: string, input: { fichier?: string; fichierUrl?: string }): Promise<{ fichierUrl: string; fichierPath: string } | null> {
  const storage = await fileStorage();
  let path = input.fichier;
  if (path === undefined && input.fichierUrl !== undefined) {
    path = storage.mediaPathOf(input.fichierUrl) ?? undefined;
    if (path === undefined) throw new ApiError('CHAT_FILE_URL_INVALID');
  }
  if (path === undefined) return null;
  if ((await uploadOwner(path)) !== uid) throw new ApiError('CHAT_FILE_NOT_OWNED');
  return { fichierUrl: await storage.mediaUrl(path), fichierPath: path };
}

function preview(texte: string | null): string | null {
  return texte === null ? null : texte.length > PREVIEW_LENGTH ? `${texte.slice(0, PREVIEW_LENGTH - 1)}…` : texte;
}

/**
 * Posts a message: the others' unread counters move and each is notified, with the message, in one
 * commit of blind writes (creates, increments, fields set): no read of the room in it, so two
 * messages landing at once never wait for each other. The room is read before, outside it, for its
 * participants, which never change. Of two messages landing at once, the room's last message is
 * the one whose commit came last, with its own time: `lastMessage`, `lastMessageAt` and
 * `activityAt` always come from one message.
 */
export async function postMessage(caller: ProfileCaller, id: string, input: { texte?: string; fichier?: string; fichierUrl?: string }) {
  const file = await attachment(caller.uid, input);
  const ref = rooms().doc(id);
  const room = participantRoom((await ref.get()).data(), caller.uid);
  const others = room.participants.filter((uid) => uid !== caller.uid);
  const messageRef = newDocumentRef(messagesOf(id));
  const at = Timestamp.fromDate(now());
  const texte = input.texte ?? null;
  const message: MessageDocument = {
    sender: caller.uid,
    texte,
    texteKey: texte === null ? '' : searchText(texte),
    fichierUrl: file?.fichierUrl ?? null,
    fichierPath: file?.fichierPath ?? null,
    deleted: false,
    createdAt: at,
  };
  // A transaction that reads nothing: its writes commit together (the message's event with them,
  // dispatched after the commit: it tells the others, tells.ts), and it holds no lock while it runs.
  await runTransaction(async (tx) => {
    tx.create(messageRef, message);
    if (file) keepForChat(tx, file.fichierPath);
    tx.update(ref, {
      lastMessage: preview(texte),
      lastMessageAt: at,
      activityAt: at,
      // The sender has read everything up to its own message.
      [`readAt.${caller.uid}`]: at,
      ...Object.fromEntries(others.map((uid) => [`unread.${uid}`, FieldValue.increment(1)])),
    });
    for (const uid of others) tx.set(unreadOf(uid), { total: FieldValue.increment(1) }, { merge: true });
    emit(tx, 'chat.message_posted', messageRef.id, { roomId: id, messageId: messageRef.id, sender: caller.uid, recipients: others, apercu: preview(texte) });
  });
  return toMessage(id, messageRef.id, message);
}

/** A page of the room's messages, newest first (clients may instead listen with onSnapshot). */
export async function roomMessages(caller: ProfileCaller, id: string, page: PageRequest) {
  participantRoom((await rooms().doc(id).get()).data(), caller.uid);
  const { docs, total } = await readPage(messagesOf(id).orderBy('createdAt', 'desc'), page);
  return toPage(page, await Promise.all(docs.map((doc) => toMessage(id, doc.id, doc.data()))), total);
}

/**
 * Marks the room read by the caller: its counter back to 0 and the total down by as much, its read
 * time set. The transaction reads the room, so a message posted meanwhile either lands before (and
 * is zeroed with the rest) or after (and stays unread on both counters): never lost, never
 * counted twice. The total moves by an increment: it is not read, so a reader never waits on the
 * messages other rooms bring the same user.
 */
export async function markRead(caller: ProfileCaller, id: string) {
  const ref = rooms().doc(id);
  const at = Timestamp.fromDate(now());
  return runTransaction(async (tx) => {
    const room = participantRoom((await tx.get(ref)).data(), caller.uid);
    const unread = room.unread[caller.uid] ?? 0;
    tx.update(ref, { [`unread.${caller.uid}`]: 0, [`readAt.${caller.uid}`]: at });
    if (unread !== 0) tx.set(unreadOf(caller.uid), { total: FieldValue.increment(-unread) }, { merge: true });
    return toRoom(id, { ...room, unread: { ...room.unread, [caller.uid]: 0 }, readAt: { ...room.readAt, [caller.uid]: at } }, caller.uid);
  });
}

export async function unreadTotal(caller: ProfileCaller) {
  return { total: (await unreadOf(caller.uid).get()).data()?.total ?? 0 };
}

/**
 * The room's latest `limit` messages whose text contains the words (a substring test, no pattern),
 * newest first. The scan reads `limit` messages first (when they all match, it read what it
 * answers), then CHAT_SEARCH_STEP at a time, and stops at `limit` matches or CHAT_SEARCH_WINDOW
 * messages read.
 */
export async function searchRoom(caller: ProfileCaller, id: string, q: string, limit: number) {
  participantRoom((await rooms().doc(id).get()).data(), caller.uid);
  const needle = searchText(q);
  const found: Array<QueryDocumentSnapshot<MessageDocument>> = [];
  let scanned = 0;
  let last: QueryDocumentSnapshot<MessageDocument> | undefined;
  while (found.length < limit && scanned < CHAT_SEARCH_WINDOW) {
    const size = Math.min(scanned === 0 ? limit : CHAT_SEARCH_STEP, CHAT_SEARCH_WINDOW - scanned);
    const newest = messagesOf(id).orderBy('createdAt', 'desc');
    const step = await (last ? newest.startAfter(last) : newest).limit(size).get();
    scanned += step.size;
    for (const doc of step.docs) if (found.length < limit && !doc.data().deleted && doc.data().texteKey.includes(needle)) found.push(doc);
    if (step.size < size) break;
    last = step.docs[step.docs.length - 1];
  }
  return Promise.all(found.map((doc) => toMessage(id, doc.id, doc.data())));
}

/** Deletes one of the caller's messages: its text and file go, the message stays, marked deleted. */
export async function deleteMessage(caller: ProfileCaller, id: string, messageId: string) {
  const ref = rooms().doc(id);
  const messageRef = messagesOf(id).doc(messageId);
  return runTransaction(async (tx) => {
    participantRoom((await tx.get(ref)).data(), caller.uid);
    const message = (await tx.get(messageRef)).data();
    if (!message || message.sender !== caller.uid) throw new ApiError('CHAT_MESSAGE_NOT_FOUND');
    const deleted: MessageDocument = { ...message, texte: null, texteKey: '', fichierUrl: null, fichierPath: null, deleted: true };
    tx.update(messageRef, { texte: null, texteKey: '', fichierUrl: null, fichierPath: null, deleted: true });
    return toMessage(id, messageId, deleted);
  });
}
