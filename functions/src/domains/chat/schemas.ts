/** Shapes of the chat routes: rooms about a context, their messages, search and unread counts. */
import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { isMediaPath } from '../../adapters/storage/paths';

/** What a room is about: a listing, a transit journey, a tricycle contact, an order. */
export const CHAT_CONTEXT_KINDS = ['article', 'transitMission', 'tricycle', 'order'] as const;
export type ChatContextKind = (typeof CHAT_CONTEXT_KINDS)[number];

export const OpenRoomRequest = z.strictObject({
  contextKind: z.enum(CHAT_CONTEXT_KINDS).meta({
    description: '`article`: a buyer and the listing’s seller; `transitMission`: a journey’s buyer and its assigned forwarder; `order`: the order’s buyer (naming the seller in `participant`) and each of its sellers; `tricycle`: a tricycle contact’s buyer and driver once the driver accepted it (the room is opened at acceptance; CHAT_NOT_ALLOWED before; CHAT_CONTEXT_NOT_FOUND to anyone else).',
  }),
  contextId: documentId('CHAT_CONTEXT_NOT_FOUND').meta({ description: 'The listing id, the journey id (`{articleId}_{buyerUid}`), the order id, or the tricycle contact id (`{buyerUid}_{driverUid}`).' }),
  participant: documentId('CHAT_NOT_ALLOWED')
    .optional()
    .meta({ description: 'For a listing’s seller: the buyer to talk with (a buyer leaves it out: the seller is the other side).' }),
});

export const ChatRoom = z.object({
  id: z.string(),
  participants: z.array(z.string()),
  contextKind: z.enum(CHAT_CONTEXT_KINDS),
  contextId: z.string(),
  lastMessage: z.string().nullable().meta({ description: 'The beginning of the last message (null: none yet, or deleted).' }),
  lastMessageAt: z.string().nullable(),
  unread: z.number().int().meta({ description: 'Messages of the others the caller has not read in this room.' }),
  readAt: z.record(z.string(), z.string()).meta({ description: 'When each participant last read the room (read receipts): a message is read by those whose time is not before it.' }),
  createdAt: z.string(),
});

export const StoredChatMessage = z.object({
  id: z.string(),
  roomId: z.string(),
  sender: z.string(),
  texte: z.string().nullable(),
  fichier: z.string().nullable().meta({ description: 'The file’s reference (its storage path), null without one.' }),
  fichierUrl: z
    .string()
    .nullable()
    .meta({ description: 'Where the file is read, built by the service from `fichier` on our storage (relative to the base URL with the local driver; public or signed by configuration).' }),
  deleted: z.boolean(),
  createdAt: z.string(),
});

export const UnreadTotal = z.object({ total: z.number().int() });

export const RoomIdParams = z.strictObject({ id: documentId('CHAT_ROOM_NOT_FOUND') });
export const MessageIdParams = z.strictObject({ id: documentId('CHAT_ROOM_NOT_FOUND'), messageId: documentId('CHAT_MESSAGE_NOT_FOUND') });
export const RoomListQuery = PaginationQuery;
export const SearchQuery = z.strictObject({
  q: z.string().trim().min(1).max(100).meta({ description: 'Words looked for, case and accents ignored, among the room’s 200 latest messages.' }),
  limit: z.coerce.number().int().min(1).max(50).default(20).meta({ description: 'Matches answered at most (20 by default, at most 50).' }),
});

export const ChatMessage = z
  .strictObject({
    texte: z.string().trim().min(1).max(4000).optional(),
    fichier: z
      .string()
      .refine(isMediaPath, { message: 'Not the path of an uploaded photo (`images/{uuid}.{ext}`).' })
      .optional()
      .meta({ description: 'The file: the `path` that `POST /api/upload/image` answered the sender (a file it stored itself; CHAT_FILE_NOT_OWNED otherwise). The service builds the URL shown (`fichierUrl`).' }),
    // Any text: the storage adapter decides whether it is ours (the local driver answers relative URLs).
    fichierUrl: z
      .string()
      .min(1)
      .max(2048)
      .optional()
      .meta({
        description:
          'Older form of `fichier`: accepted only when it is exactly the `url` our storage answered for one of the sender’s files (CHAT_FILE_URL_INVALID otherwise), and stored as that file’s reference. Send `fichier` instead.',
        deprecated: true,
      }),
  })
  .refine((value) => value.texte !== undefined || value.fichier !== undefined || value.fichierUrl !== undefined, { message: 'A message has a text or a file.' })
  .refine((value) => value.fichier === undefined || value.fichierUrl === undefined, { message: 'One file per message: `fichier` or `fichierUrl`, not both.' })
  .meta({ id: 'ChatMessage', description: 'A message posted in a chat room by one of its participants.' });
