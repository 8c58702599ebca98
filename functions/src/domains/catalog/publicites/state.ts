/**
 * Life of an advertisement (`Publicite.statut`), DOMAIN.md's table as data.
 *  - `en_attente` -> `payee` (its payment succeeded) | `rejetee` (admin, with a reason)
 *  - `payee` -> `active` (admin activates: window set, listing flag set) | `rejetee` (refund recorded)
 *  - `active` -> `expiree` (the hourly job, once the window has ended)
 */
import type { TransitionTable } from '../../../core/fsm';

export const PUBLICITE_STATUSES = ['en_attente', 'payee', 'active', 'expiree', 'rejetee'] as const;
export type PubliciteStatus = (typeof PUBLICITE_STATUSES)[number];

export const PUBLICITE_EVENTS = ['pay', 'activate', 'expire', 'reject'] as const;
export type PubliciteEvent = (typeof PUBLICITE_EVENTS)[number];

export const PUBLICITE_TRANSITIONS: TransitionTable<PubliciteStatus, PubliciteEvent> = {
  en_attente: { pay: 'payee', reject: 'rejetee' },
  payee: { activate: 'active', reject: 'rejetee' },
  active: { expire: 'expiree' },
  expiree: {},
  rejetee: {},
};
