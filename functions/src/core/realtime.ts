/**
 * The one publisher of realtime feeds: a server event becomes a document in the user's feed
 * (`users/{uid}/realtime/{id}`), which the apps listen to (ARCHITECTURE.md). The id comes from what
 * caused it (a trigger's event id, a domain event's id), so a redelivery writes nothing. Feed
 * documents go after REALTIME_FEED_TTL_DAYS (TTL policy on `expireAt`).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from './clock';
import { config } from './config';
import { db } from './firebase';
import { COLLECTIONS } from './firestore';

const ALREADY_EXISTS = 6;

/** Publishes once; false when this id was already published. */
export async function publish(uid: string, id: string, event: string, fields: Record<string, string | number | boolean | null>): Promise<boolean> {
  const at = now();
  try {
    await db()
      .collection(COLLECTIONS.users)
      .doc(uid)
      .collection(COLLECTIONS.realtime)
      .doc(id)
      .create({
        event,
        ...fields,
        createdAt: Timestamp.fromDate(at),
        expireAt: Timestamp.fromMillis(at.getTime() + config().REALTIME_FEED_TTL_DAYS * 86_400_000),
      });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
    throw error;
  }
}
