/**
 * Life of a forwarder file (`statut`): the forwarder's identity file an admin approves, DOMAIN.md's
 * forwarder verification as data (core/fsm.ts). Who may ask each event:
 *  - `none`, `rejected` --submit--> `pending`: the forwarder, with its identity card and company data
 *  - `pending` --approve--> `approved`: an admin, the cards checked in storage
 *  - `pending` --reject--> `rejected`: an admin, with a reason
 * A pending file cannot be submitted again; `approved` is final.
 */
import type { TransitionTable } from '../../../core/fsm';

export const FILE_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** The status of a forwarder that never submitted a file: no document is stored for it. */
export const NO_FILE: FileStatus = 'none';

export const FILE_EVENTS = ['submit', 'approve', 'reject'] as const;
export type FileEvent = (typeof FILE_EVENTS)[number];

export const FILE_TRANSITIONS: TransitionTable<FileStatus, FileEvent> = {
  none: { submit: 'pending' },
  pending: { approve: 'approved', reject: 'rejected' },
  approved: {},
  rejected: { submit: 'pending' },
};
