/** Whom the chat's facts tell (core/notices.ts; docs/guides/notifications.md, "Notices"): a room's other participants, of a new message. */
import { defineTellers, type Notice } from '../../core/notices';

export const tells = defineTellers({
  'chat.message_posted': (p) =>
    p.recipients.map((uid): Notice => ({ uid, type: 'chat_message', key: p.messageId, params: p.apercu === null ? {} : { apercu: p.apercu }, resource: { kind: 'chatRoom', id: p.roomId } })),
});
