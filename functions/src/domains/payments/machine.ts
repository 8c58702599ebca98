/**
 * A payment's status moves (core/fsm.ts): by its table, with their `payment.status_changed`, in the
 * caller's transaction. `settle()` (settlement.ts) is the one mover; the creation says the first
 * status (repository.ts). The payment's history entries (with the source of the outcome) are
 * settlement's own.
 */
import { stateMachine } from '../../core/fsm';
import type { PaymentDocument } from './model';
import { PAYMENT_TRANSITIONS } from './state';

export const paymentMachine = stateMachine({
  table: PAYMENT_TRANSITIONS,
  statusEvent: {
    type: 'payment.status_changed',
    payload: ({ id, from, to, at }, payment: Pick<PaymentDocument, 'type' | 'montant'>) => ({ paymentId: id, type: payment.type, from, to, montant: payment.montant, at: at.toISOString() }),
  },
});
