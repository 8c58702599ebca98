/**
 * A mission's status moves (core/fsm.ts): decided by its table, each with its history entry on the
 * mission (the latest MISSION_HISTORY_KEPT: a mission goes back to `parcours` each time its
 * forwarder refuses it) and said by `mission.status_changed`, in the transaction of the write (the
 * repository's `mutateMissionWith`, every write of a mission).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { stateMachine } from '../../core/fsm';
import { MISSION_TRANSITIONS, type MissionEvent, type MissionStatus } from './state';

export const MISSION_HISTORY_KEPT = 20;

/** Who moved a mission: one of its two sides, or the system (a cancelled purchase, a forwarder blocked by an admin). */
export type MissionMover = 'acheteur' | 'transitaire' | 'system';

/**
 * An entry of a mission's history. The mission is read by its buyer and its current forwarder
 * (firestore.rules): an entry names the side that moved it, never another forwarder's uid.
 */
export interface MissionHistoryEntry {
  statut: MissionStatus;
  event: MissionEvent | null;
  at: Timestamp;
  by: MissionMover;
}

/**
 * The moves whose event `mission.status_changed` names (whom they tell, tells.ts). A creation, a
 * cancellation and a reopening are said with `event: null`, as they always were.
 */
const NAMED_MOVES: ReadonlySet<MissionEvent> = new Set(['select', 'reject', 'unassign', 'transfer', 'close']);

export const missionMachine = stateMachine({
  table: MISSION_TRANSITIONS,
  historyEntry: ({ to, event, at, by }): MissionHistoryEntry => ({ statut: to, event: event ?? null, at: Timestamp.fromDate(at), by: by as MissionMover }),
  historyKept: MISSION_HISTORY_KEPT,
  statusEvent: {
    type: 'mission.status_changed',
    payload: ({ id, from, to, at, event }, mission: { article: string; acheteur: string; transitaire: string | null; articleTitre: string }) => ({
      missionId: id,
      articleId: mission.article,
      acheteur: mission.acheteur,
      from,
      to,
      at: at.toISOString(),
      event: event && NAMED_MOVES.has(event) ? event : null,
      transitaire: mission.transitaire,
      articleTitre: mission.articleTitre,
    }),
  },
});
