/**
 * A driver request's status moves (core/fsm.ts): by its table, with their `demande.status_changed`,
 * in the caller's transaction. A request keeps no history (its `version` counts its moves); nobody
 * counts requests by status, but each side is told of a move from its event (tells.ts), which
 * carries what the notice says: the request as it was (its buyer, its driver) and after the move.
 * Its creation tells nobody: drivers find a new request by its place (the geo cells), not by an event.
 */
import { businessDay } from '../../../core/clock';
import { config } from '../../../core/config';
import { stateMachine } from '../../../core/fsm';
import type { DemandeDocument } from './model';
import { DEMANDE_TRANSITIONS } from './state';

/** What the notices call a request: its listing, or its trip. */
const sujetOf = (demande: DemandeDocument) => demande.articleTitre ?? `${demande.trajet?.depart ?? ''} → ${demande.trajet?.arrivee ?? ''}`;

export const demandeMachine = stateMachine({
  table: DEMANDE_TRANSITIONS,
  keepsHistory: false,
  announcesStart: false,
  statusEvent: {
    type: 'demande.status_changed',
    payload: ({ id, from, to, event, at }, { before, after }: { before: DemandeDocument; after: DemandeDocument }) => ({
      demandeId: id,
      from,
      to,
      event: event!,
      acheteur: before.acheteur,
      chauffeur: before.chauffeur,
      version: after.version,
      sujet: sujetOf(before),
      date: businessDay(after.date.toDate(), config().BUSINESS_TIME_ZONE),
      wantedAt: after.date.toDate().toISOString(),
      motif: after.motif,
      at: at.toISOString(),
    }),
  },
});
