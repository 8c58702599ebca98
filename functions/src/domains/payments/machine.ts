/**
 * A payment's status moves (core/fsm.ts): by its table, with their history entry and their
 * `payment.status_changed`, in the caller's transaction. `settle()` (settlement.ts) is the one
 * mover; a payment is started `pending` in the transaction that creates it (repository.ts).
 *
 * A payment's history lists its outcomes, each with the path that learned it (`source`) and, for
 * an admin's, who and why: the machine builds that entry from the move's context. Its creation is
 * no outcome (its `createdAt` says it), so `start` writes no entry (`keepsHistory: false`), and a
 * new payment's history is empty as its answer has always shown it; every move appends its entry.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { stateMachine } from '../../core/fsm';
import type { PaymentDocument, PaymentHistoryEntry, PaymentSource } from './model';
import { PAYMENT_TRANSITIONS, REFUND_MARK_TRANSITIONS } from './state';

/** What a payment's move knows beyond the change itself. */
export interface PaymentMoveContext {
  /** The payment as read: its status event says its type and amount. */
  payment: Pick<PaymentDocument, 'type' | 'montant'>;
  /** The path that learned the outcome. */
  source: PaymentSource;
  /** Who said it and why, when someone did (an admin, a mismatch found in FeexPay's answer). */
  said?: Pick<PaymentHistoryEntry, 'by' | 'reason' | 'forced'>;
}

export const paymentMachine = stateMachine({
  table: PAYMENT_TRANSITIONS,
  keepsHistory: false,
  statusEvent: {
    type: 'payment.status_changed',
    payload: ({ id, from, to, at }, { payment }: PaymentMoveContext) => ({ paymentId: id, type: payment.type, from, to, montant: payment.montant, at: at.toISOString() }),
  },
  // A move always has a `from`; the creation writes no entry (above).
  historyEntry: ({ from, to, at }, { source, said }: PaymentMoveContext): PaymentHistoryEntry => ({ at: Timestamp.fromDate(at), from: from ?? to, to, source, ...said }),
});

/**
 * A refund mark's status (`refund.statut`, a field of the payment's `refund` map): the machine's
 * answer is spread into that map. No status event: the mark's own `payment.refund_marked` (keyed by
 * the payment, the first mark staying) says it with its amount. No history: a mark never moves
 * once made, and the map is read whole (the payment's answer, the reconciliation), so an entry
 * would only repeat the mark in every reader.
 */
export const refundMarkMachine = stateMachine({
  table: REFUND_MARK_TRANSITIONS,
  keepsHistory: false,
});
