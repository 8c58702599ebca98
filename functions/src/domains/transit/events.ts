/** Events the transit domain emits (docs/events.md, generated from these declarations). */
import type { MissionStatus } from './state';

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
}

export interface TransitaireVerificationChanged {
  uid: string;
  statut: 'none' | 'pending' | 'approved' | 'rejected';
  rejectionMotif: string | null;
  /** When it changed (ms): a copy never goes back to an older status. */
  at: number;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /**
     * A forwarder's verification file was submitted or decided (key: uid and moment), in the transaction
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
