/**
 * Life of an admin message's delivery (`statut`), as data (core/fsm.ts):
 *  - (new) `sending`: an admin broadcasts it; its pages are delivered one task at a time
 *  - `sending` --finish--> `sent`: the delivery wrote the last page of recipients (the queue's task)
 *  - `sending` --fail--> `failed`: the delivery's first page could not be queued (the broadcast's request)
 * `sent` and `failed` are final: a message is never sent again (an admin broadcasts a new one).
 */
import type { TransitionTable } from '../../../core/fsm';

export const ADMIN_MESSAGE_STATUSES = ['sending', 'sent', 'failed'] as const;
export type AdminMessageStatus = (typeof ADMIN_MESSAGE_STATUSES)[number];

export const ADMIN_MESSAGE_EVENTS = ['finish', 'fail'] as const;
export type AdminMessageEvent = (typeof ADMIN_MESSAGE_EVENTS)[number];

export const ADMIN_MESSAGE_TRANSITIONS: TransitionTable<AdminMessageStatus, AdminMessageEvent> = {
  sending: { finish: 'sent', fail: 'failed' },
  sent: {},
  failed: {},
};
