/**
 * A driver request's status moves (core/fsm.ts): by its table, in the caller's transaction. A
 * request keeps no history (its `version` counts its moves) and nobody counts requests by status:
 * no status event.
 */
import { stateMachine } from '../../../core/fsm';
import { DEMANDE_TRANSITIONS } from './state';

export const demandeMachine = stateMachine({ table: DEMANDE_TRANSITIONS });
