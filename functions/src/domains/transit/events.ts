/** Events the transit domain emits (docs/events.md, generated from these declarations). */
import type { MissionEvent, MissionStatus } from './state';

export interface MissionStatusChanged {
  /** `{articleId}_{buyerUid}`. */
  missionId: string;
  /** The listing and the buyer of the journey (absent on events emitted before they were carried). */
  articleId?: string;
  acheteur?: string;
  /** null when the mission was created. */
  from: MissionStatus | null;
  to: MissionStatus;
  /** When (ISO). */
  at: string;
  /**
   * The table's event that moved it, when its mover names one (null otherwise: a creation, a
   * cancellation); the forwarder concerned (the one it has, or had when it leaves); the listing's
   * title. Whom the move tells (tells.ts) and whose realtime feed it goes to. Absent on events
   * emitted before they were carried.
   */
  event?: MissionEvent | null;
  transitaire?: string | null;
  articleTitre?: string;
}

export interface TransitaireVerificationChanged {
  uid: string;
  statut: 'none' | 'pending' | 'approved' | 'rejected';
  rejectionMotif: string | null;
  /** When it changed (ms): a copy never goes back to an older status. */
  at: number;
  /** The moment of the decision this change made (ms), told to the forwarder; null when it made none (a submission). Absent on events emitted before it was told from this event. */
  decidedAt?: number | null;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /**
     * A forwarder file (its identity file) was submitted or decided (key: uid and moment), in the transaction
     * that also writes the profile's copy of the status.
     */
    'transitaire.verification_changed': TransitaireVerificationChanged;
    /**
     * A transit mission was created or changed status (key: `{missionId}_{to}_{at ms}`, core/fsm's one
     * policy). Emitted by the
     * repository's one read-modify-write of a mission (`mutateMissionWith`), when the status changes.
     */
    'mission.status_changed': MissionStatusChanged;
  }
}
