/**
 * The reconciliation of the money.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { integer } from './readers';

export const RECONCILIATION_SETTINGS = {
  // Reconciliation of the money (domains/admin/reconciliation).
  /**
   * The reconciliation judges a payment only once it has not changed for this many minutes (its events
   * may still be running): until then it counts as `inProgress` (docs/operations.md, Reconciliation).
   */
  RECONCILE_GRACE_MINUTES: integer(10, 0, 1440),
  /** Documents the reconciliation reads per page: payments, wallets, a wallet's entries. */
  RECONCILE_PAGE_SIZE: integer(200, 1, 1000),
};
