/**
 * Life of a driver request (`statut`), DOMAIN.md's Chauffeurs paragraph as data.
 *  - `en_attente` -> `acceptee` (a driver accepts) | `rejetee` (an admin rejects) | `annulee` (the buyer cancels)
 *  - `acceptee` -> `en_attente` (the accepting driver refuses after all: open again)
 *    | `annulee` (the buyer cancels after acceptance) | `rejetee` (an admin rejects)
 * `rejetee` and `annulee` are final.
 */
import type { TransitionTable } from '../../../core/fsm';

export const DEMANDE_STATUSES = ['en_attente', 'acceptee', 'rejetee', 'annulee'] as const;
export type DemandeStatus = (typeof DEMANDE_STATUSES)[number];

export const DEMANDE_EVENTS = ['accept', 'release', 'cancel', 'reject'] as const;
export type DemandeEvent = (typeof DEMANDE_EVENTS)[number];

export const DEMANDE_TRANSITIONS: TransitionTable<DemandeStatus, DemandeEvent> = {
  en_attente: { accept: 'acceptee', cancel: 'annulee', reject: 'rejetee' },
  acceptee: { release: 'en_attente', cancel: 'annulee', reject: 'rejetee' },
  rejetee: {},
  annulee: {},
};
