/**
 * An order's status moves (core/fsm.ts): by its table, with their history entry and their
 * `order.status_changed`, in the caller's transaction. Every write of `statut` goes through it, so
 * the dashboard's counters miss none, and the parties are told of each move from that event.
 */
import { stateMachine } from '../../../core/fsm';
import { ORDER_TRANSITIONS } from './state';

export const orderMachine = stateMachine({
  table: ORDER_TRANSITIONS,
  statusEvent: {
    type: 'order.status_changed',
    // The parties ride along: the notices a move tells (tells.ts) read them from the event.
    payload: ({ id, from, to, at, by }, order: { acheteur: string; vendeurs: string[] }) => ({ orderId: id, from, to, at: at.toISOString(), by, acheteur: order.acheteur, vendeurs: order.vendeurs }),
  },
});
