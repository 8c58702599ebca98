/**
 * A contact's status moves (core/fsm.ts): by its table, each with its history entry (the event
 * that moved it, the latest CONTACT_HISTORY_KEPT kept), in the caller's transaction. Nobody counts
 * contacts by status: no status event.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { stateMachine } from '../../../core/fsm';
import { CONTACT_HISTORY_KEPT, type ContactHistoryEntry } from './model';
import { CONTACT_TRANSITIONS } from './state';

export const contactMachine = stateMachine({
  table: CONTACT_TRANSITIONS,
  historyEntry: ({ to, event, at, by }): ContactHistoryEntry => ({ statut: to, event: event ?? 'open', at: Timestamp.fromDate(at), by }),
  historyKept: CONTACT_HISTORY_KEPT,
});
