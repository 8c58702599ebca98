/**
 * A purchase's status moves (core/fsm.ts): by its table, in the caller's transaction. A purchase
 * keeps no history and nobody counts purchases by status: no status event (`achat.paid` says the
 * payment's effect).
 */
import { stateMachine } from '../../../core/fsm';
import { ACHAT_TRANSITIONS } from './state';

export const achatMachine = stateMachine({ table: ACHAT_TRANSITIONS, keepsHistory: false });
