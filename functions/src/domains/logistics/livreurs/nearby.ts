/**
 * Online couriers near a point, for the offer rounds (deliveries/) and the bench: a geohash query
 * on `livreurs` (core/nearby; index online ASC, geohash ASC), never a scan of all couriers.
 */
import { findNearby, type Point } from '../../../core/nearby';
import { presences } from './presence';

export interface NearbyCourier {
  uid: string;
  position: Point;
  distanceKm: number;
}

/**
 * At most `limit` online couriers within `radiusKm` of `center`, nearest first. `truncated`: some
 * geohash range held more than `limit` online couriers, so nearer ones may have been left unread
 * (a round then takes those it got; the next one looks again).
 */
export async function nearbyCouriers(center: Point, radiusKm: number, limit: number): Promise<{ couriers: NearbyCourier[]; truncated: boolean }> {
  const { found, truncated } = await findNearby(presences().where('online', '==', true), center, radiusKm, limit, (presence) => presence.position ?? undefined);
  return {
    couriers: found.slice(0, limit).map(({ id, data, distanceKm }) => ({ uid: id, position: data.position ?? center, distanceKm })),
    truncated: truncated || found.length > limit,
  };
}
