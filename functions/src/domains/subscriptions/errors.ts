/**
 * The error codes of the subscriptions domain (sellers’ and forwarders’ subscriptions): each with
 * its HTTP status, its messages and, in its doc comment, when it is answered (core/error-codes.ts
 * says how the tables are merged; docs/error-codes.md is generated from them). The manifest
 * (module.ts) carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  /** A seller whose trial and subscription are over publishing a part. */
  SUBSCRIPTION_REQUIRED: {
    status: 403,
    fr: 'Un abonnement actif est nécessaire pour publier des pièces.',
    en: 'An active subscription is needed to publish parts.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'subscriptions', typeof errors> {}
}
