/**
 * A contact's status moves (core/fsm.ts): by its table, each with its history entry (the event
 * that moved it, the latest CONTACT_HISTORY_KEPT kept) and its `tricycle.contact_status_changed`,
 * in the caller's transaction. Nobody counts contacts by status; the event tells the other side
 * (tells.ts), with what the notice says: the sides, their names and the contact's version after the move.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { stateMachine } from '../../../core/fsm';
import { CONTACT_HISTORY_KEPT, type ContactHistoryEntry, type TricycleContactDocument } from './model';
import { CONTACT_TRANSITIONS } from './state';

export const contactMachine = stateMachine({
  table: CONTACT_TRANSITIONS,
  historyEntry: ({ to, event, at, by }): ContactHistoryEntry => ({ statut: to, event: event ?? 'open', at: Timestamp.fromDate(at), by }),
  historyKept: CONTACT_HISTORY_KEPT,
  statusEvent: {
    type: 'tricycle.contact_status_changed',
    payload: ({ id, from, to, event, by, at }, contact: Pick<TricycleContactDocument, 'acheteur' | 'chauffeur' | 'acheteurNom' | 'chauffeurNom' | 'version'>) => ({
      contactId: id,
      from,
      to,
      event: event ?? 'open',
      by,
      acheteur: contact.acheteur,
      chauffeur: contact.chauffeur,
      acheteurNom: contact.acheteurNom,
      chauffeurNom: contact.chauffeurNom,
      version: contact.version,
      at: at.toISOString(),
    }),
  },
});
