/**
 * A delivery's status moves (core/fsm.ts): by its table, with their history entry and their
 * `delivery.status_changed`, in the caller's transaction. Every write of `statut` (create.ts,
 * service.ts) goes through it, so the dashboard's counters miss none.
 */
import { stateMachine } from '../../../core/fsm';
import { DELIVERY_TRANSITIONS } from './state';

export const deliveryMachine = stateMachine({
  table: DELIVERY_TRANSITIONS,
  statusEvent: {
    type: 'delivery.status_changed',
    // With the parties before the move and the courier after it: whom the move tells (tells.ts).
    payload: ({ id, from, to, at, event, by }, delivery: { parties: string[]; livreur: string | null }) => ({
      deliveryId: id,
      from,
      to,
      at: at.toISOString(),
      event: event ?? null,
      by,
      parties: delivery.parties,
      livreur: delivery.livreur,
    }),
  },
});
