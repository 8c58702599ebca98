/**
 * The error codes of the admin domain (domain event runs, dashboard statistics and the register of
 * stored documents): each with its HTTP status, its messages and, in its doc comment, when it is
 * answered (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated
 * from them). The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  // Domain events and dashboard statistics (admin/events, admin/stats)
  /** No run of a subscriber by that id. */
  EVENT_RUN_NOT_FOUND: {
    status: 404,
    fr: 'Exécution d’abonné introuvable.',
    en: 'No such run of a subscriber.',
  },
  /** `GET /api/admin/stats`: `from` is after `to`. */
  STATS_RANGE_INVERTED: {
    status: 400,
    fr: 'Le début de la période ne peut pas être après sa fin.',
    en: 'The start of the range must not be after its end.',
  },
  /** `GET /api/admin/stats`: more than 92 days asked for. */
  STATS_RANGE_TOO_LONG: {
    status: 400,
    fr: 'La période demandée est trop longue : demandez-en une plus courte.',
    en: 'The range of days is too long: ask for a shorter one.',
  },
  /** `GET /api/admin/stats`: a day before 2020-01-01 or after today. */
  STATS_RANGE_OUT_OF_BOUNDS: {
    status: 400,
    fr: 'La période doit être comprise entre le 2020-01-01 et aujourd’hui.',
    en: 'The range must lie between 2020-01-01 and today.',
  },
  // Stored documents and signed links (admin/documents)
  /** No such stored document in the register (admin documents), or an id that cannot be one. */
  DOCUMENT_NOT_FOUND: {
    status: 404,
    fr: 'Document introuvable.',
    en: 'Document not found.',
  },
  /** A stored document a superAdmin deleted: its download link, a signed link handed out before, an invoice's PDF. */
  DOCUMENT_DELETED: {
    status: 410,
    fr: 'Ce document a été supprimé.',
    en: 'This document was deleted.',
  },
  /** A link to a private file whose signature does not match its path and expiry (altered, or not ours). */
  SIGNED_LINK_INVALID: {
    status: 403,
    fr: 'Ce lien vers le fichier n’est pas valide.',
    en: 'This link to the file is not valid.',
  },
  /** A link to a private file used after its expiry (`KYC_LINK_TTL_SECONDS`); ask for the file again. */
  SIGNED_LINK_EXPIRED: {
    status: 403,
    fr: 'Ce lien vers le fichier a expiré. Demandez-en un nouveau.',
    en: 'This link to the file has expired. Ask for a new one.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'admin', typeof errors> {}
}
