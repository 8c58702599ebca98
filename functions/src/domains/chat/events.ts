/** Events the chat domain emits (docs/events.md, generated from these declarations). */

/** A message was posted in a room. */
export interface ChatMessagePosted {
  roomId: string;
  messageId: string;
  sender: string;
  /** The room's other participants: whom it tells. */
  recipients: string[];
  /** The start of its text (null: a file only). */
  apercu: string | null;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A message was posted (key: the message id), in the transaction that writes it and counts it unread. */
    'chat.message_posted': ChatMessagePosted;
  }
}
