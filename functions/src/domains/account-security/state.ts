/**
 * Life of a one-time code (`status` of `passwordResets/{app}_{e164}` and `phoneProofs/{uid}`), as
 * data (core/fsm.ts). One record per account and purpose holds its current code:
 *  - (new) `pending`: the account's first code is sent (`sendCode`: the person asking for a reset or
 *    the signed-in owner proving its telephone)
 *  - any status --issue--> `pending`: a new code replaces the current one (the same person asking
 *    again, within the throttle; or the system, when the message that carried it failed and the
 *    purpose's push fallback is on, for a code still `pending`)
 *  - `pending` --use--> `used`: the right code, used up (the reset of the password, the telephone proof)
 *  - `pending` --lock--> `locked`: the wrong code that spends the code's last attempt (anyone typing it)
 *  - `used` --give_back--> `pending`: the system, when the work the code was used up for failed after
 *    (the identity provider refused the password, the profile could not be marked proven)
 * Expiry is no status: a code is expired when `expiresAt` has passed, whatever its status.
 */
import type { TransitionTable } from '../../core/fsm';

export const CODE_STATUSES = ['pending', 'used', 'locked'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export const CODE_EVENTS = ['issue', 'use', 'lock', 'give_back'] as const;
export type CodeEvent = (typeof CODE_EVENTS)[number];

export const CODE_TRANSITIONS: TransitionTable<CodeStatus, CodeEvent> = {
  pending: { issue: 'pending', use: 'used', lock: 'locked' },
  used: { issue: 'pending', give_back: 'pending' },
  locked: { issue: 'pending' },
};
