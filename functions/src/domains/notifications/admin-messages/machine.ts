/**
 * An admin message's status moves (core/fsm.ts): by its table, with their history entry, in the
 * caller's transaction. No status event: nobody counts messages by status or reacts to their end
 * (the history route reads the documents), and an event would cost its outbox writes per message.
 */
import { stateMachine } from '../../../core/fsm';
import { ADMIN_MESSAGE_TRANSITIONS } from './state';

export const adminMessageMachine = stateMachine({ table: ADMIN_MESSAGE_TRANSITIONS });
