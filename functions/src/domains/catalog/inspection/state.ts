/**
 * Life of a paid inspection of a listing (`statut`), DOMAIN.md's "Verification of an article" as data.
 *  - `en_attente` --start--> `en_cours` (an admin took the inspection)
 *  - `en_attente`, `en_cours` --report--> `rapport_disponible` (an admin attached the PDF report; an
 *    inspector who went and wrote the report at once need not pass through `en_cours`)
 *  - `rapport_disponible` --accept--> `accepte` | --refuse--> `refuse` (the buyer, once)
 *  - `en_attente`, `en_cours` --cancel--> `annule` (an admin: the inspection cannot be made, the
 *    listing left the catalog...; the fee is marked for refund, since nothing was inspected)
 * `accepte`, `refuse` and `annule` are final; a report once given is never taken back by a status.
 */
import type { TransitionTable } from '../../../core/fsm';

export const INSPECTION_STATUSES = ['en_attente', 'en_cours', 'rapport_disponible', 'accepte', 'refuse', 'annule'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const INSPECTION_EVENTS = ['start', 'report', 'accept', 'refuse', 'cancel'] as const;
export type InspectionEvent = (typeof INSPECTION_EVENTS)[number];

export const INSPECTION_TRANSITIONS: TransitionTable<InspectionStatus, InspectionEvent> = {
  en_attente: { start: 'en_cours', report: 'rapport_disponible', cancel: 'annule' },
  en_cours: { report: 'rapport_disponible', cancel: 'annule' },
  rapport_disponible: { accept: 'accepte', refuse: 'refuse' },
  accepte: {},
  refuse: {},
  annule: {},
};

/** Requests an inspection still has to serve: the ones an admin's PATCH of the listing moves together. */
export const OPEN_STATUSES: readonly InspectionStatus[] = ['en_attente', 'en_cours'];

/** The statuses an admin sets through `PATCH .../statut`, and the event of each. */
export const ADMIN_MOVES = { en_cours: 'start', rapport_disponible: 'report', annule: 'cancel' } as const satisfies Partial<Record<InspectionStatus, InspectionEvent>>;
