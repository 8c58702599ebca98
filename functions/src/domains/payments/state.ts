/**
 * Life of a payment (`statut`). Every path that learns a payment's outcome (webhook, poller,
 * expiry, client record, admin) moves it through this table, in one function.
 *  - `pending` -> `success` | `failed` | `expired`
 *  - `failed`, `expired` -> `success`: the money was taken after all (flagged `lateSuccess`)
 *  - `success` is final: never downgraded.
 */
import type { TransitionTable } from '../../core/fsm';

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentOutcome = Exclude<PaymentStatus, 'pending'>;

export const PAYMENT_TRANSITIONS: TransitionTable<PaymentStatus, PaymentOutcome> = {
  pending: { success: 'success', failed: 'failed', expired: 'expired' },
  failed: { success: 'success' },
  expired: { success: 'success' },
  success: {},
};
