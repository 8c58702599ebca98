/**
 * A delivery's status moves (core/fsm.ts): by its table, with their history entry and their
 * `delivery.status_changed`, in the caller's transaction. Every write of `statut` (create.ts,
 * service.ts) goes through it, so the dashboard's counters miss none.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { stateMachine } from '../../../core/fsm';
import type { OfferHistoryEntry } from './model';
import { DELIVERY_TRANSITIONS, OFFER_TRANSITIONS } from './state';

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

/**
 * An offer's status moves (core/fsm.ts): by its table, each with its history entry on the offer (an
 * offer moves once, from `ouverte` to its end). The courier reads its offer (firestore.rules): an
 * entry says the status, the event and when, never who (a `prise` was another courier's accept).
 * No status event: nobody counts offers by status, and a round's offers are said by its one
 * `delivery.round_started` (rounds.ts); an event per offer would cost its outbox writes each time.
 */
export const offerMachine = stateMachine({
  table: OFFER_TRANSITIONS,
  historyEntry: ({ to, event, at }): OfferHistoryEntry => ({ statut: to, event: event ?? null, at: Timestamp.fromDate(at) }),
});
