/**
 * Chat's realtime documents (docs/guides/chat.md): a room's messages
 * (`chatRooms/{roomId}/messages/{messageId}`, read by its participants) and the user's unread count
 * over all its rooms (`chatUnread/{uid}`, read by its owner: the badge).
 */
import { collection, doc, type Firestore, limit, onSnapshot, orderBy, query, type Unsubscribe } from 'firebase/firestore';
import { dateOf, type ListenOptions, readOnly, stringOrNull } from './read.js';

export interface ChatMessageDocument {
  id: string;
  roomId: string;
  sender: string;
  /** Null for a file-only message, and once deleted. */
  texte: string | null;
  /** The file's URL when posted (GET /api/chat/rooms/{id}/messages answers a fresh one). */
  fichierUrl: string | null;
  deleted: boolean;
  createdAt: Date;
}

export interface ChatListenOptions extends ListenOptions {
  /** The latest messages kept in view (default 50). */
  limit?: number;
}

const messageConverter = (roomId: string) =>
  readOnly<ChatMessageDocument>((id, data) => ({
    id,
    roomId,
    sender: String(data.sender),
    texte: stringOrNull(data.texte),
    fichierUrl: stringOrNull(data.fichierUrl),
    deleted: data.deleted === true,
    createdAt: dateOf(data.createdAt),
  }));

/** A room's latest messages, newest first, again at each change (a new message, a deletion). */
export function listenToChatMessages(firestore: Firestore, roomId: string, onMessages: (messages: ChatMessageDocument[]) => void, options: ChatListenOptions = {}): Unsubscribe {
  const latest = query(collection(firestore, 'chatRooms', roomId, 'messages').withConverter(messageConverter(roomId)), orderBy('createdAt', 'desc'), limit(options.limit ?? 50));
  return onSnapshot(latest, (snapshot) => onMessages(snapshot.docs.map((message) => message.data())), options.onError);
}

export interface ChatUnread {
  /** Messages the user has not read, over all its rooms. */
  total: number;
}

const unreadConverter = readOnly<ChatUnread>((_id, data) => ({ total: Number(data.total ?? 0) }));

/** The user's unread chat messages (the badge): 0 until its first message arrives. */
export function listenToChatUnread(firestore: Firestore, uid: string, onUnread: (unread: ChatUnread) => void, options: ListenOptions = {}): Unsubscribe {
  return onSnapshot(doc(firestore, 'chatUnread', uid).withConverter(unreadConverter), (snapshot) => onUnread(snapshot.data() ?? { total: 0 }), options.onError);
}
