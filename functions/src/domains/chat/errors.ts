/**
 * The error codes of the chat domain (chat rooms and their messages): each with its HTTP status,
 * its messages and, in its doc comment, when it is answered (core/error-codes.ts says how the
 * tables are merged; docs/error-codes.md is generated from them). The manifest (module.ts) carries
 * the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** No such chat room of the caller (a room it takes no part in answers the same); a seller naming a buyer who never wrote. */
  CHAT_ROOM_NOT_FOUND: {
    status: 404,
    fr: 'Conversation introuvable.',
    en: 'Conversation not found.',
  },
  /** No such message of the caller in that room (another participant's message included). */
  CHAT_MESSAGE_NOT_FOUND: {
    status: 404,
    fr: 'Message introuvable.',
    en: 'Message not found.',
  },
  /**
   * The transit journey, order or tricycle contact a room would be about does not exist, or (an order, a
   * tricycle contact) the caller is no side of it (a listing answers `ARTICLE_NOT_FOUND`, as its read
   * does).
   */
  CHAT_CONTEXT_NOT_FOUND: {
    status: 404,
    fr: 'L’objet de cette conversation est introuvable.',
    en: 'What this conversation is about was not found.',
  },
  /**
   * The caller is no side of that context: not a buyer of the listing's seller, not the journey's buyer
   * or assigned forwarder; a tricycle contact its driver never accepted.
   */
  CHAT_NOT_ALLOWED: {
    status: 403,
    fr: 'Seuls un acheteur et le vendeur de l’annonce, ou un acheteur et son transitaire, peuvent en discuter.',
    en: 'Only a buyer and the seller of the listing, or a buyer and its forwarder, can talk about it.',
  },
  /** A message's file is not one the sender stored through the upload routes. */
  CHAT_FILE_NOT_OWNED: {
    status: 403,
    fr: 'Joignez un fichier que vous avez vous-même envoyé.',
    en: 'Attach a file you uploaded yourself.',
  },
  /**
   * A message's `fichierUrl` (the older form of `fichier`) that is not exactly the URL our storage gave
   * for a file: another site, another scheme, a query or fragment around it.
   */
  CHAT_FILE_URL_INVALID: {
    status: 400,
    fr: 'Ce lien ne désigne aucun de vos fichiers envoyés : joignez le fichier par son chemin (`fichier`).',
    en: 'This link is not one of your uploaded files: attach the file by its path (`fichier`).',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'chat', typeof errors> {}
}
