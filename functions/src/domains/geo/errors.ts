/**
 * The error codes of the geo domain (telephone numbers and the countries the service serves): each
 * with its HTTP status, its messages and, in its doc comment, when it is answered
 * (core/error-codes.ts says how the tables are merged; docs/error-codes.md is generated from them).
 * The manifest (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** The number is not valid for its country (Benin: 8 to 10 digits). */
  INVALID_TELEPHONE: {
    status: 400,
    fr: 'Ce numéro de téléphone n’est pas valide pour ce pays.',
    en: 'This telephone number is not valid for this country.',
  },
  /** A country the service does not serve (`GET /api/geo/countries`). */
  UNSUPPORTED_COUNTRY: {
    status: 400,
    fr: 'Ce pays n’est pas pris en charge.',
    en: 'This country is not supported.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'geo', typeof errors> {}
}
