/**
 * A one-time code's status moves (core/fsm.ts): by its table, in the transaction that counts its
 * attempts (repository.ts, `updateReset`), under the record's stored field `status`.
 * No history: a code lives minutes and its record is replaced by the next code, and its moves are
 * secrets' moves nobody audits (the attempts and the day's failures are kept as counters).
 * No status event: nobody counts codes by status, and an event would add outbox writes to each
 * sign-up's telephone proof (scripts/costs/ceilings.json).
 */
import { stateMachine } from '../../core/fsm';
import { CODE_TRANSITIONS } from './state';

export const codeMachine = stateMachine({ table: CODE_TRANSITIONS, field: 'status', keepsHistory: false });
