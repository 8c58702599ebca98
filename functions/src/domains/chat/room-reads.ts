/**
 * What a participant reads of the chat besides listening to a room (firestore.rules lets
 * participants read its messages directly): a room, its rooms by activity, a room's messages in
 * pages or searched, and its unread total.
 */
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../core/auth';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import { type MessageDocument, messagesOf, participantRoom, rooms, searchText, toMessage, toRoom, unreadOf } from './room-documents';

/**
 * The latest messages a search looks through at most: a substring of a normalized text has no
 * index to ask, so a search scans, and this bounds its reads: the room and these, 201 documents per request.
 */
export const CHAT_SEARCH_WINDOW = 200;
/** Messages read per step of a scan once its first step (`limit` of them) fell short of matches. */
const CHAT_SEARCH_STEP = 50;

export async function getRoom(caller: ProfileCaller, id: string) {
  return toRoom(id, participantRoom((await rooms().doc(id).get()).data(), caller.uid), caller.uid);
}

/** The caller's rooms, latest activity first. */
export async function myRooms(caller: ProfileCaller, page: PageRequest) {
  const query = rooms().where('participants', 'array-contains', caller.uid).orderBy('activityAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toRoom(doc.id, doc.data(), caller.uid)), total);
}

/** A page of the room's messages, newest first (clients may instead listen with onSnapshot). */
export async function roomMessages(caller: ProfileCaller, id: string, page: PageRequest) {
  participantRoom((await rooms().doc(id).get()).data(), caller.uid);
  const { docs, total } = await readPage(messagesOf(id).orderBy('createdAt', 'desc'), page);
  return toPage(page, await Promise.all(docs.map((doc) => toMessage(id, doc.id, doc.data()))), total);
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
