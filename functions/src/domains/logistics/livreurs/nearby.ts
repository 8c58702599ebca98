/**
 * Online couriers near a point, for the offer rounds (deliveries/) and the bench: core/nearby over
 * the `livreur` cell index (`nearbyCells/livreur/livreur_{cell}`, written with each presence by
 * presence.ts), so a search reads the members of the few cells around the point and never the
 * `livreurs` collection.
 */
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { findNearby, type Point } from '../../../core/nearby';
import { membersOf } from '../../../core/nearby-members';
import type { CourierMember } from './presence';

/**
 * Member documents read per cell at most. A cell (about 39 x 19.5 km) is larger than the circle,
 * so it must hold far more than the couriers wanted: reading only `limit` a cell would leave most
 * couriers inside the circle unread once couriers are dense (10,000 over Benin: about 33 a cell).
 * Bounded: at most MAX_COVERING_CELLS cells (a 10 km search reads 2 to 6).
 */
export const READS_PER_CELL = 100;

export interface NearbyCourier {
  uid: string;
  position: Point;
  distanceKm: number;
}

/**
 * At most `limit` online couriers within `radiusKm` of `center`, nearest first. `truncated`: more
 * couriers were found than `limit`, or a cell held more online couriers than it reads (or the
 * radius needed more cells than a search reads), so some couriers in the circle (possibly nearer
 * ones) are not in the answer. A courier whose last position is older than
 * LIVREUR_POSITION_TTL_MINUTES is left out: its app died without going offline, and an offer to it
 * would only hold the delivery up for a round.
 */
export async function nearbyCouriers(center: Point, radiusKm: number, limit: number): Promise<{ couriers: NearbyCourier[]; truncated: boolean }> {
  const freshSince = now().getTime() - config().LIVREUR_POSITION_TTL_MINUTES * 60_000;
  const positionOf = (member: CourierMember) => (member.updatedAt.toMillis() >= freshSince ? member.position : undefined);
  const { found, truncated } = await findNearby(membersOf<CourierMember>('livreur'), center, radiusKm, Math.max(limit, READS_PER_CELL), positionOf);
  return {
    couriers: found.slice(0, limit).map(({ id, data, distanceKm }) => ({ uid: id, position: data.position, distanceKm })),
    truncated: truncated || found.length > limit,
  };
}
