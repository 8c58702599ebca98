/**
 * Life of a tricycle contact (`statut`), DOMAIN.md's Tricycles paragraph as data. One contact
 * document per buyer and driver (its id is the pair), so a contact that ended is opened again
 * rather than duplicated:
 *  - (new) or `closed` -> `initiated` (the buyer opens it)
 *  - `initiated` -> `accepted` (the driver accepts: a chat room opens between the two)
 *    | `closed` (the driver declines, or the buyer gives up)
 *  - `accepted` -> `closed` (either side closes it)
 * Opening a contact that is `initiated` or `accepted` changes nothing: the open contact is answered.
 */
import type { TransitionTable } from '../../../core/fsm';

export const CONTACT_STATUSES = ['initiated', 'accepted', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_EVENTS = ['open', 'accept', 'decline', 'close'] as const;
export type ContactEvent = (typeof CONTACT_EVENTS)[number];

export const CONTACT_TRANSITIONS: TransitionTable<ContactStatus, ContactEvent> = {
  initiated: { accept: 'accepted', decline: 'closed', close: 'closed' },
  accepted: { close: 'closed' },
  closed: { open: 'initiated' },
};

/** The statuses of an open contact: opening it again answers it as it is. */
export const OPEN_CONTACT_STATUSES = ['initiated', 'accepted'] as const satisfies readonly ContactStatus[];
