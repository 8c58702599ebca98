/**
 * What changes the chat: opening a room, posting, reading and deleting messages (room-documents.ts
 * holds their documents). Unread counts are counters: per participant on the room
 * (`unread.{uid}`), and over all rooms in `chatUnread/{uid}`. A message moves them by increments in
 * a commit that reads nothing (a room's participants never change), so messages of a busy room, or
 * to a busy seller, never wait for one another; a read zeroes the room's counter in a transaction
 * that reads the room, and takes the same amount off the total. Clients listen to a room's messages
 * directly (firestore.rules lets participants read them); every write is here.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { fileStorage } from '../../adapters/storage/storage';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { emit } from '../../core/events';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { newDocumentRef } from '../../core/ids';
import { keepForChat, uploadOwner } from '../catalog';
import { type MessageDocument, messagesOf, participantRoom, type RoomDocument, roomId, rooms, searchText, toMessage, toRoom, unreadOf } from './room-documents';
import { participantsOf } from './room-sides';
import type { ChatContextKind, OpenRoomRequest } from './schemas';

const PREVIEW_LENGTH = 120;

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
