/**
 * A boost's status moves and its refund mark (core/fsm.ts), by their tables, in the caller's
 * transaction.
 *
 * Neither has a status event: nobody counts boosts by status (the dashboard reads them by query),
 * and each event would cost its outbox writes; a boost's decisions are said by `publicite.reviewed`
 * and its refund by `publicite.refund_due`, as before.
 */
import { stateMachine } from '../../../core/fsm';
import { PUBLICITE_TRANSITIONS, REFUND_TRANSITIONS } from './state';

/** A boost moves at most three times (paid, active, expired): its history keeps them all. */
export const publiciteMachine = stateMachine({ table: PUBLICITE_TRANSITIONS });

/**
 * The refund mark lives in the boost's `remboursement` map: `start` answers `{ statut }` for the
 * map. It keeps no history of its own: its one status is entered by the boost's rejection, whose
 * history entry (who, when, why) is on the boost.
 */
export const refundMachine = stateMachine({ table: REFUND_TRANSITIONS, keepsHistory: false });
