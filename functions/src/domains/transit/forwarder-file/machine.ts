/**
 * A forwarder file's status moves (core/fsm.ts): by its table, each with its history entry on the
 * file (the latest FILE_HISTORY_KEPT: a refused file may be submitted again and again).
 *
 * No status event: the file's fact, `transitaire.verification_changed`, is older than the machine
 * and keyed by the forwarder and the moment alone (not core/fsm's `{id}_{to}_{at}`), and it carries
 * the decision's moment the forwarder's notice is keyed by; the one writer of the file emits it
 * with the profile's copy of the status (service.ts, `change`). Nobody counts files by status.
 */
import { stateMachine } from '../../../core/fsm';
import { FILE_TRANSITIONS } from './state';

export const FILE_HISTORY_KEPT = 20;

export const fileMachine = stateMachine({ table: FILE_TRANSITIONS, historyKept: FILE_HISTORY_KEPT });
