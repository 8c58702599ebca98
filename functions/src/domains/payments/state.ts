/**
 * Life of a payment (`statut`). Every path that learns a payment's outcome (webhook, poller,
 * expiry, client record, admin) moves it through this table, in one function (settlement.ts).
 *  - `pending` -> `success` | `failed` | `expired`
 *  - `failed`, `expired` -> `success`: the money was taken after all (flagged `lateSuccess`)
 *  - `success` is final: never downgraded.
 * The events are the outcomes themselves. Who may ask: FeexPay's answer, read by the webhook, the
 * poller and the native client's record, says any of them; the expiry task and the poller say
 * `expired` when a payment's time is up; the start says `failed` when the aggregator refuses; an
 * admin says any, a `success` only with FeexPay's matching answer unless a senior admin forces it.
 */
import type { TransitionTable } from '../../core/fsm';

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentOutcome = Exclude<PaymentStatus, 'pending'>;
export const PAYMENT_OUTCOMES: readonly PaymentOutcome[] = ['success', 'failed', 'expired'];

/** The status a payment is created in: it waits for the aggregator's verdict. */
export const PAYMENT_FIRST_STATUS: PaymentStatus = 'pending';

export const PAYMENT_TRANSITIONS: TransitionTable<PaymentStatus, PaymentOutcome> = {
  pending: { success: 'success', failed: 'failed', expired: 'expired' },
  failed: { success: 'success' },
  expired: { success: 'success' },
  success: {},
};

/**
 * A successful payment's refund mark (`refund.statut`): its money must go back, by hand for now.
 * A mark is created `a_rembourser` (event `mark`) by the domain that lost, cancelled or already
 * had paid what the payment bought, or by a dispute's decision (refunds.ts). The first mark stays:
 * no event moves a mark once made, and a payment already marked is left as it is.
 */
export const REFUND_MARK_STATUSES = ['a_rembourser'] as const;
export type RefundMarkStatus = (typeof REFUND_MARK_STATUSES)[number];
export const REFUND_MARK_EVENTS = ['mark'] as const;
export type RefundMarkEvent = (typeof REFUND_MARK_EVENTS)[number];

/** The status a refund mark is created in. */
export const REFUND_MARK_FIRST_STATUS: RefundMarkStatus = 'a_rembourser';

export const REFUND_MARK_TRANSITIONS: TransitionTable<RefundMarkStatus, RefundMarkEvent> = {
  a_rembourser: {},
};
