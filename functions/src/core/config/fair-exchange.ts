/**
 * The fair exchange (DOMAIN.md): handovers, held money and disputes.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { integer } from './readers';

export const FAIR_EXCHANGE_SETTINGS = {
  // Fair exchange (DOMAIN.md; domains/commerce): handovers, held money and disputes.
  /**
   * Hours the buyer has after a proof of handover to open a dispute: after a courier's photo (its
   * silence for this long is the handover, the delivery then closes `livre`), an in-person code or a
   * transfer to the forwarder.
   */
  DELIVERY_DISPUTE_WINDOW_HOURS: integer(48, 1, 720),
  /** Wrong in-person handover codes an order or a purchase takes before code entry is locked (`HANDOVER_CODE_LOCKED`); then the buyer's "received" or an admin hands it over. */
  HANDOVER_CODE_MAX_ATTEMPTS: integer(5, 1, 100),
  /** Days after its payment a sale nobody handed over is stale: both parties are reminded, admins list it to release or refund it. */
  HANDOVER_REMINDER_DAYS: integer(7, 1, 90),
  /** Days the seller has to answer a dispute opened against it. */
  DISPUTE_ANSWER_DAYS: integer(3, 1, 30),
  /** Days an admin has to decide a dispute from its opening; past them it is escalated to `principal`. */
  DISPUTE_DECISION_DAYS: integer(5, 1, 60),
  /** Refunds up to this (XOF) are decided by the admin who took the dispute; above, by `principal` or `superAdmin` (graded powers). */
  DISPUTE_ADMIN_MAX_XOF: integer(500_000, 0),
  /** Evidence photos each side of a dispute may upload. */
  DISPUTE_EVIDENCE_MAX: integer(5, 1, 20),
};
