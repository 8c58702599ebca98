/**
 * The error codes of the catalog domain (listings, advertisements, uploads, identity card files and
 * paid inspections): each with its HTTP status, its messages and, in its doc comment, when it is
 * answered (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated
 * from them). The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  // Listings and advertisements
  /** No such listing, or one the caller may not see. */
  ARTICLE_NOT_FOUND: {
    status: 404,
    fr: 'Annonce introuvable.',
    en: 'Listing not found.',
  },
  /** The listing or boost belongs to another user. */
  NOT_OWNER: {
    status: 403,
    fr: 'Cette ressource appartient à un autre utilisateur.',
    en: 'This resource belongs to another user.',
  },
  /** A stock on a listing that is not a part. */
  STOCK_ONLY_FOR_PARTS: {
    status: 400,
    fr: 'Seules les pièces ont un stock.',
    en: 'Only parts have a stock.',
  },
  /** No such advertisement. */
  PUBLICITE_NOT_FOUND: {
    status: 404,
    fr: 'Publicité introuvable.',
    en: 'Advertisement not found.',
  },
  /** A boost of a listing that is not online. */
  ARTICLE_NOT_ONLINE: {
    status: 409,
    fr: 'L’annonce doit être en ligne.',
    en: 'The listing must be online.',
  },
  // Uploads and identity card files (catalog/uploads, catalog/kyc)
  /** No such stored file. */
  FILE_NOT_FOUND: {
    status: 404,
    fr: 'Fichier introuvable.',
    en: 'File not found.',
  },
  /** The user stored `UPLOAD_DAILY_MAX_PER_USER` files today; try the next business day. */
  UPLOAD_QUOTA_EXCEEDED: {
    status: 429,
    fr: 'Vous avez envoyé autant de fichiers que permis aujourd’hui. Réessayez demain.',
    en: 'You have stored as many files as allowed today. Try again tomorrow.',
  },
  /** A verification file naming an identity card that is not in the caller's own area (`kyc/{uid}/...`). */
  KYC_FILE_NOT_OWNED: {
    status: 400,
    fr: 'Cette pièce d’identité ne fait pas partie de vos fichiers envoyés.',
    en: 'This identity card is not one of your uploaded files.',
  },
  /** A verification file naming an identity card path where nothing was uploaded. */
  KYC_FILE_NOT_UPLOADED: {
    status: 400,
    fr: 'Cette pièce d’identité n’a pas été envoyée. Envoyez-la d’abord.',
    en: 'This identity card was never uploaded. Upload it first.',
  },
  // Verification of listings (catalog/inspection)
  /** No such verification request, or one the caller is neither the buyer, the seller nor an admin of. */
  VERIFICATION_NOT_FOUND: {
    status: 404,
    fr: 'Demande de vérification introuvable.',
    en: 'Verification request not found.',
  },
  /** The seller or an admin accepting or refusing a report: only the buyer who paid decides. */
  VERIFICATION_BUYER_ONLY: {
    status: 403,
    fr: 'Seul l’acheteur qui a payé l’inspection décide de son rapport.',
    en: 'Only the buyer who paid for the inspection decides on its report.',
  },
  /** An admin's `PATCH .../statut` of a listing with no request waiting for its inspection. */
  VERIFICATION_NONE_OPEN: {
    status: 409,
    fr: 'Aucune demande de vérification de cette annonce n’attend d’inspection.',
    en: 'No verification request of this listing waits for its inspection.',
  },
  /** `rapport_disponible` naming a `rapportId` not uploaded for that listing. */
  VERIFICATION_REPORT_NOT_UPLOADED: {
    status: 400,
    fr: 'Envoyez d’abord le rapport de cette annonce.',
    en: 'Upload the report of this listing first.',
  },
  /** A link to a report not attached yet. */
  VERIFICATION_REPORT_MISSING: {
    status: 409,
    fr: 'Le rapport d’inspection n’est pas encore disponible.',
    en: 'The inspection report is not available yet.',
  },
  /** A link to a report a superAdmin deleted. */
  VERIFICATION_REPORT_DELETED: {
    status: 410,
    fr: 'Ce rapport d’inspection a été supprimé.',
    en: 'This inspection report was deleted.',
  },
  /** The buyer refuses an inspection report more than `VERIFICATION_DECISION_DAYS` after it was available: it closes as accepted. */
  VERIFICATION_DECISION_CLOSED: {
    status: 409,
    fr: 'Le délai pour refuser ce rapport d’inspection est passé : il est accepté.',
    en: 'The time to refuse this inspection report is over: it was accepted.',
  },
  /** The buyer refuses an inspection report of a vehicle already delivered to it or transferred to its forwarder. */
  VERIFICATION_VEHICLE_HANDED_OVER: {
    status: 409,
    fr: 'Le véhicule a été remis : son rapport d’inspection ne peut plus être refusé.',
    en: 'The vehicle was handed over: its inspection report can no longer be refused.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'catalog', typeof errors> {}
}
