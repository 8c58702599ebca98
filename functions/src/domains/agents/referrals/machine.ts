/**
 * The referrals' status moves (core/fsm.ts): by their tables (state.ts), each with its history
 * entry on the document, in the subscriber's transaction. Neither has a status event: no
 * subscriber counts them (the agent's running totals are moved in the same transaction instead),
 * and an event would cost each move its outbox writes.
 */
import { stateMachine } from '../../../core/fsm';
import { HELD_COMMISSION_TRANSITIONS, REFERRAL_TRANSITIONS } from './state';

export const referralMachine = stateMachine({ table: REFERRAL_TRANSITIONS });

export const heldCommissionMachine = stateMachine({ table: HELD_COMMISSION_TRANSITIONS });
