/**
 * Life of a transit mission (`statut`), the spec's table as data.
 *  - `parcours` --select--> `en_cours` (the buyer picks a forwarder)
 *  - `en_cours` --reject--> `parcours` (the assigned forwarder refuses)
 *  - `en_cours` --unassign--> `parcours` (an admin blocks the assigned forwarder)
 *  - `en_cours` --transfer--> `transferer` (the buyer hands the vehicle over)
 *  - `transferer` --close--> `traite` (the forwarder closes the mission)
 *  - `parcours`, `en_cours` --cancel--> `annule` (the purchase is cancelled: the journey is blocked)
 *  - `annule` --reopen--> `parcours` (`/start` by a buyer who bought and paid the listing again)
 */
import type { TransitionTable } from '../../core/fsm';

export const MISSION_STATUSES = ['parcours', 'en_cours', 'transferer', 'traite', 'annule'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const MISSION_EVENTS = ['select', 'reject', 'unassign', 'transfer', 'close', 'cancel', 'reopen'] as const;
export type MissionEvent = (typeof MISSION_EVENTS)[number];

export const MISSION_TRANSITIONS: TransitionTable<MissionStatus, MissionEvent> = {
  parcours: { select: 'en_cours', cancel: 'annule' },
  en_cours: { reject: 'parcours', unassign: 'parcours', transfer: 'transferer', cancel: 'annule' },
  transferer: { close: 'traite' },
  traite: {},
  annule: { reopen: 'parcours' },
};

/** A forwarder is active on the mission in these states (rule 2). */
export const ACTIVE_STATUSES: readonly MissionStatus[] = ['en_cours', 'transferer'];
/** The buyer changes destination, mode and notes (`/start`, `PATCH /details`) only in these states. */
export const EDITABLE_STATUSES: readonly MissionStatus[] = ['parcours', 'en_cours'];
