/**
 * `transit-mission-update`: each status change of a mission becomes a document in the feed of the
 * mission's forwarder (`users/{uid}/realtime/{eventId}`), which the app listens to. Triggers are
 * delivered at least once: the document is keyed by the event id, so a redelivery writes nothing.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import type { MissionDocument } from './repository';

/** Feed documents go after a week (TTL policy on `expireAt`). */
const FEED_TTL_MS = 7 * 86_400_000;

export async function onMissionWritten(
  eventId: string,
  missionId: string,
  before: MissionDocument | undefined,
  after: MissionDocument | undefined,
): Promise<boolean> {
  if (!after || before?.statut === after.statut) return false;
  // When the forwarder refuses, the mission has none any more: the one that was connected is told.
  const forwarder = after.transitaire ?? before?.transitaire;
  if (!forwarder) return false;
  const at = now();
  try {
    await db()
      .collection(COLLECTIONS.users)
      .doc(forwarder)
      .collection(COLLECTIONS.realtime)
      .doc(eventId)
      .create({
        event: 'transit-mission-update',
        missionId,
        statut: after.statut,
        createdAt: Timestamp.fromDate(at),
        expireAt: Timestamp.fromMillis(at.getTime() + FEED_TTL_MS),
      });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 6) return false; // ALREADY_EXISTS: a redelivered event
    throw error;
  }
}
