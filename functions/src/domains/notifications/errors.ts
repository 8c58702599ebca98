/**
 * The error codes of the notifications domain (the caller’s notifications and the admins’
 * broadcasts): each with its HTTP status, its messages and, in its doc comment, when it is answered
 * (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated from them).
 * The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** No such notification of the caller. */
  NOTIFICATION_NOT_FOUND: {
    status: 404,
    fr: 'Notification introuvable.',
    en: 'Notification not found.',
  },
  /** An admin broadcast could not be queued; it is stored `failed`, send it again. */
  TASK_QUEUE_UNAVAILABLE: {
    status: 503,
    fr: 'L’envoi n’a pas pu être programmé. Réessayez dans un instant.',
    en: 'Sending could not be scheduled. Please try again in a moment.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'notifications', typeof errors> {}
}
