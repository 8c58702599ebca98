/**
 * The chat's documents: a room (its participants, context, last message and unread counters), its
 * messages, and a user's unread total (`chatUnread/{uid}`); how each is answered; and the check
 * that the caller takes part in a room. A room's id comes from its context and its sorted
 * participants, so opening it again, or twice at once, meets one document.
 */
import { createHash } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { fileStorage } from '../../adapters/storage/storage';
import { ApiError } from '../../core/errors';
import { collection, COLLECTIONS, isoOrNull } from '../../core/firestore';
import type { ChatContextKind, ChatRoom, StoredChatMessage } from './schemas';

export interface RoomDocument {
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

export interface MessageDocument {
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

export const rooms = () => collection<RoomDocument>(COLLECTIONS.chatRooms);
export const messagesOf = (roomId: string) => collection<MessageDocument>(COLLECTIONS.chatMessages, rooms().doc(roomId));
export const unreadOf = (uid: string) => collection<UnreadDocument>(COLLECTIONS.chatUnread).doc(uid);

/** Lowercase, accents removed, spaces collapsed: how texts and searched words are compared. */
export function searchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function roomId(kind: ChatContextKind, contextId: string, participants: readonly string[]): string {
  const sorted = [...participants].sort();
  return createHash('sha256').update(JSON.stringify([kind, contextId, sorted])).digest('hex').slice(0, 40);
}

export function toRoom(id: string, room: RoomDocument, uid: string): z.input<typeof ChatRoom> {
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
export async function toMessage(roomId: string, id: string, message: MessageDocument): Promise<z.input<typeof StoredChatMessage>> {
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

/** The room, when the caller takes part in it; the same 404 otherwise, so ids reveal nothing. */
export function participantRoom(room: RoomDocument | undefined, uid: string): RoomDocument {
  if (!room || !room.participants.includes(uid)) throw new ApiError('CHAT_ROOM_NOT_FOUND');
  return room;
}
