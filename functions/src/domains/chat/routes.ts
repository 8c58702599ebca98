import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { fixedReads, pagedReads } from '../../core/read-ceiling';
import { pageRequest } from '../../core/pagination';
import { ChatMessage, ChatRoom, MessageIdParams, OpenRoomRequest, RoomIdParams, RoomListQuery, SearchQuery, StoredChatMessage, UnreadTotal } from './schemas';
import { CHAT_SEARCH_WINDOW, getRoom, myRooms, roomMessages, searchRoom, unreadTotal } from './room-reads';
import { deleteMessage, markRead, openRoom, postMessage } from './service';
import { USER_LIMITS } from '../../core/user-limits';

/** The most documents a search in a room reads: the room and its latest CHAT_SEARCH_WINDOW messages. */
const CHAT_SEARCH_MAX_READS = 1 + CHAT_SEARCH_WINDOW;

const tags = ['Chat'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/chat/rooms',
    operationId: 'openChatRoom',
    tags,
    summary: 'Finds or opens the room of the caller and the other side of a listing (its seller), a transit journey (its buyer or forwarder), an order or an accepted tricycle contact',
    description:
      'The same participants and context always meet in one room, also when opened in parallel. A seller answers in the room a buyer opened (`participant`: that buyer). A listing must be one anyone may read (in public view, or sold): otherwise the answer is `GET /api/articles/{id}`’s to a buyer, 404 `ARTICLE_NOT_FOUND`, to everyone, its seller included. A room opened before the listing was withdrawn or hidden stays usable by its two participants.',
    access: 'profile',
    conditionalRoles: [{ roles: ['acheteur'], when: 'the context is a listing the caller does not sell (its seller answers a buyer who wrote first)', code: 'CHAT_NOT_ALLOWED' }],
    userRateLimit: USER_LIMITS.chatRoom,
    body: OpenRoomRequest,
    errors: ['ARTICLE_NOT_FOUND', 'CHAT_CONTEXT_NOT_FOUND', 'CHAT_NOT_ALLOWED', 'CHAT_ROOM_NOT_FOUND'],
    success: { description: 'The room (created or found)', data: ChatRoom },
    handle: async ({ caller, body }) => (await openRoom(caller, body)).room,
  })
  .list({
    method: 'get',
    path: '/api/chat/rooms',
    operationId: 'listMyChatRooms',
    tags,
    summary: 'The caller’s rooms, latest activity first, with its unread count in each',
    access: 'profile',
    reads: pagedReads(),
    query: RoomListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of rooms', item: ChatRoom },
    handle: ({ caller, query }) => myRooms(caller, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/chat/unread',
    operationId: 'countMyUnreadMessages',
    tags,
    summary: 'The caller’s unread messages over all its rooms (a counter, not a count)',
    access: 'profile',
    success: { description: 'The unread total', data: UnreadTotal },
    handle: ({ caller }) => unreadTotal(caller),
  })
  .json({
    method: 'get',
    path: '/api/chat/rooms/:id',
    operationId: 'getChatRoom',
    tags,
    summary: 'One room of the caller',
    description: 'Its participants, context and last message, with the caller’s unread count. Rooms are their participants’ only: another user’s room, like an unknown one, is 404 CHAT_ROOM_NOT_FOUND.',
    access: 'profile',
    params: RoomIdParams,
    errors: ['CHAT_ROOM_NOT_FOUND'],
    success: { description: 'The room', data: ChatRoom },
    handle: ({ caller, params }) => getRoom(caller, params.id),
  })
  .list({
    method: 'get',
    path: '/api/chat/rooms/:id/messages',
    operationId: 'listChatMessages',
    tags,
    summary: 'A room’s messages, newest first; apps may listen to `chatRooms/{id}/messages` instead (participants only, firestore.rules)',
    access: 'profile',
    reads: pagedReads({ fixed: 1, why: 'the room (is the caller in it?), one query for the page of its messages (its offset skips at most PAGINATION_MAX_OFFSET, billed as read) and one count for `total`.' }),
    params: RoomIdParams,
    query: RoomListQuery,
    errors: ['CHAT_ROOM_NOT_FOUND', 'PAGE_TOO_DEEP'],
    success: { description: 'A page of messages', item: StoredChatMessage },
    handle: ({ caller, params, query }) => roomMessages(caller, params.id, pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/chat/rooms/:id/messages',
    operationId: 'postChatMessage',
    tags,
    summary: 'Posts a message (a text, a file the caller uploaded, or both); the other participants are notified',
    description: 'The file is named by its reference (`fichier`, the `path` the upload answered); the answer and the listened message carry the URL the service builds from it.',
    access: 'profile',
    userRateLimit: USER_LIMITS.chatMessage,
    params: RoomIdParams,
    body: ChatMessage,
    errors: ['CHAT_ROOM_NOT_FOUND', 'CHAT_FILE_NOT_OWNED', 'CHAT_FILE_URL_INVALID'],
    success: { status: 201, description: 'The message', data: StoredChatMessage },
    handle: ({ caller, params, body }) => postMessage(caller, params.id, body),
  })
  .json({
    method: 'post',
    path: '/api/chat/rooms/:id/read',
    operationId: 'markChatRoomRead',
    tags,
    summary: 'Marks the room read by the caller (its read receipt): its unread count back to 0',
    access: 'profile',
    params: RoomIdParams,
    errors: ['CHAT_ROOM_NOT_FOUND'],
    success: { description: 'The room', data: ChatRoom },
    handle: ({ caller, params }) => markRead(caller, params.id),
  })
  .json({
    method: 'get',
    path: '/api/chat/rooms/:id/search',
    operationId: 'searchChatMessages',
    tags,
    summary: 'The latest `limit` messages of the room containing the words (case and accents ignored), among its latest 200',
    description: 'Reads the room, then its messages newest first (`limit` of them, then 50 at a time) until `limit` match or 200 were read.',
    access: 'profile',
    userRateLimit: USER_LIMITS.search,
    params: RoomIdParams,
    query: SearchQuery,
    reads: fixedReads(CHAT_SEARCH_MAX_READS, `the room, and at most ${CHAT_SEARCH_MAX_READS - 1} of its messages, whatever the words and the size of the room.`),
    errors: ['CHAT_ROOM_NOT_FOUND'],
    success: { description: 'The matching messages, newest first', data: z.array(StoredChatMessage) },
    handle: ({ caller, params, query }) => searchRoom(caller, params.id, query.q, query.limit),
  })
  .json({
    method: 'delete',
    path: '/api/chat/rooms/:id/messages/:messageId',
    operationId: 'deleteChatMessage',
    tags,
    summary: 'Deletes one of the caller’s messages: its text and file are removed, the message stays as deleted',
    access: 'profile',
    params: MessageIdParams,
    errors: ['CHAT_ROOM_NOT_FOUND', 'CHAT_MESSAGE_NOT_FOUND'],
    success: { description: 'The deleted message', data: StoredChatMessage },
    handle: ({ caller, params }) => deleteMessage(caller, params.id, params.messageId),
  });

