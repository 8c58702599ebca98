/**
 * A forwarder's file moves by its table (core/fsm.ts). Its fact, `transitaire.verification_changed`,
 * is emitted by the one writer of the file with the profile's copy (service.ts, `change`); nobody
 * counts files by status: no status event here.
 */
import { stateMachine } from '../../../core/fsm';
import { FILE_TRANSITIONS } from './state';

export const fileMachine = stateMachine({ table: FILE_TRANSITIONS });
