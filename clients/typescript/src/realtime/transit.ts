/**
 * `transitMissions/{missionId}`: a journey, read by its buyer and its assigned forwarder
 * (docs/guides/transit.md). The forwarder's feed says which of its missions moved; this is the
 * mission itself.
 */
import { doc, type Firestore, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { MissionStatus } from './feed.js';
import { dateOf, dateOrNull, type ListenOptions, readOnly, stringOrNull } from './read.js';

export interface TransitMissionDocument {
  id: string;
  article: string;
  articleTitre: string;
  acheteur: string;
  /** Null until the buyer selects one, and after it refuses. */
  transitaire: string | null;
  statut: MissionStatus;
  paysDestination: string | null;
  dateSelectionTransitaire: Date | null;
  dateTransfer: Date | null;
  dateTraite: Date | null;
  updatedAt: Date;
}

const missionConverter = readOnly<TransitMissionDocument>((id, data) => ({
  id,
  article: String(data.article),
  articleTitre: String(data.articleTitre ?? ''),
  acheteur: String(data.acheteur),
  transitaire: stringOrNull(data.transitaire),
  statut: data.statut as MissionStatus,
  paysDestination: stringOrNull(data.paysDestination),
  dateSelectionTransitaire: dateOrNull(data.dateSelectionTransitaire),
  dateTransfer: dateOrNull(data.dateTransfer),
  dateTraite: dateOrNull(data.dateTraite),
  updatedAt: dateOf(data.updatedAt),
}));

/** A mission, for its buyer and its forwarder, again at each change; null when there is none. */
export function listenToTransitMission(
  firestore: Firestore,
  missionId: string,
  onMission: (mission: TransitMissionDocument | null) => void,
  options: ListenOptions = {},
): Unsubscribe {
  return onSnapshot(doc(firestore, 'transitMissions', missionId).withConverter(missionConverter), (snapshot) => onMission(snapshot.data() ?? null), options.onError);
}
