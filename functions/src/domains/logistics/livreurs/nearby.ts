/**
 * Online couriers near a point, for the offer rounds (deliveries/) and the bench: a geohash query
 * on `livreurs` (core/nearby; index online ASC, geohash ASC), never a scan of all couriers.
 */
import { findNearby, type Point } from '../../../core/nearby';
import { presences } from './presence';

/**
 * Documents read per geohash range at most. A range covers more than the circle (a 10 km search
 * reads cells of about 40 x 20 km), so it must hold far more than the couriers wanted: reading only
 * `limit` a range left most couriers inside the circle unread once couriers were dense (the bench,
 * 10,000 over Benin: 1.4 found of about 12 there). Bounded: at most nine ranges.
 */
export const READS_PER_RANGE = 100;

export interface NearbyCourier {
  uid: string;
  position: Point;
  distanceKm: number;
}

/**
 * At most `limit` online couriers within `radiusKm` of `center`, nearest first. `truncated`: more
 * couriers were found than `limit`, or a geohash range held more than it reads, so some couriers in
 * the circle (possibly nearer ones) are not in the answer.
 */
export async function nearbyCouriers(center: Point, radiusKm: number, limit: number): Promise<{ couriers: NearbyCourier[]; truncated: boolean }> {
  const { found, truncated } = await findNearby(presences().where('online', '==', true), center, radiusKm, Math.max(limit, READS_PER_RANGE), (presence) => presence.position ?? undefined);
  return {
    couriers: found.slice(0, limit).map(({ id, data, distanceKm }) => ({ uid: id, position: data.position ?? center, distanceKm })),
    truncated: truncated || found.length > limit,
  };
}
