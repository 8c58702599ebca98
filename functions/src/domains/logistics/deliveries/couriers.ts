/**
 * The online couriers near a point, for the offer rounds: a geohash query on `livreurs` narrowed to
 * `online == true` (composite index online + geohash, firestore.indexes.json), never a scan of all
 * couriers (core/nearby). The presence documents are the couriers' own (`/api/livreurs`).
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { findNearby, type Found, type Point } from '../../../core/nearby';

/** `livreurs/{uid}`: what the offer rounds read of a courier's presence. */
export interface CourierPresence {
  online: boolean;
  position: Point | null;
  geohash: string | null;
  updatedAt: Timestamp;
}

/** Documents read per geohash range: a crowded neighbourhood is cut there, nearest kept by `limit`. */
const PER_RANGE = 200;

/** Up to `limit` online couriers within `radiusKm` of `center`, nearest first. */
export async function nearbyOnlineCouriers(center: Point, radiusKm: number, limit: number): Promise<Array<Found<CourierPresence>>> {
  const query = collection<CourierPresence>(COLLECTIONS.livreurs).where('online', '==', true);
  const { found } = await findNearby(query, center, radiusKm, PER_RANGE, (presence) => presence.position ?? undefined);
  return found.slice(0, limit);
}
