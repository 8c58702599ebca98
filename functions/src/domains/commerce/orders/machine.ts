/**
 * An order's status moves (core/fsm.ts): by its table, with their history entry and their
 * `order.status_changed`, in the caller's transaction. Every write of `statut` goes through it, so
 * the dashboard's counters miss none.
 */
import { stateMachine } from '../../../core/fsm';
import { ORDER_TRANSITIONS } from './state';

export const orderMachine = stateMachine({
  table: ORDER_TRANSITIONS,
  statusEvent: {
    type: 'order.status_changed',
    payload: ({ id, from, to, at }) => ({ orderId: id, from, to, at: at.toISOString() }),
  },
});
