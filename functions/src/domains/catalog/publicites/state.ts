/**
 * Life of an advertisement (`Publicite.statut`), DOMAIN.md's table as data.
 *  - `en_attente` -> `payee` (its payment succeeded) | `rejetee` (admin, with a reason)
 *  - `payee` -> `active` (admin activates: window set, listing flag set) | `rejetee` (refund recorded)
 *  - `active` -> `expiree` (the hourly job, once the window has ended)
 *
 * Who asks each event: `pay` the payments flow (the boost's payment succeeded); `activate` and
 * `reject` an admin; `expire` the hourly job, or the listing leaving public view (its repository
 * ends the boosts running on it). A boost is created `en_attente` by its listing's seller.
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

/**
 * The refund mark of a boost rejected after its payment (`remboursement.statut`): the money is owed
 * back from the moment of the rejection. The payments flow refunds the payment itself (its own mark,
 * from `publicite.refund_due`); nothing marks the boost's copy refunded, so the mark has no move yet.
 */
export const REFUND_STATUSES = ['a_rembourser'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_EVENTS = [] as const;
export type RefundEvent = (typeof REFUND_EVENTS)[number];

export const REFUND_TRANSITIONS: TransitionTable<RefundStatus, RefundEvent> = {
  a_rembourser: {},
};
