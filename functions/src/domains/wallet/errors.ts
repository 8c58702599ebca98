/**
 * The error codes of the wallet domain (wallets and withdrawals): each with its HTTP status, its
 * messages and, in its doc comment, when it is answered (core/error-codes.ts says how the tables
 * are merged; docs/error-codes.md is generated from them). The manifest (module.ts) carries the
 * table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** A withdrawal larger than the balance (a take-back larger than the balance becomes debt instead). */
  INSUFFICIENT_BALANCE: {
    status: 409,
    fr: 'Solde insuffisant.',
    en: 'Insufficient balance.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'wallet', typeof errors> {}
}
