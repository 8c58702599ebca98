/**
 * Finding stored points near a place without reading them all. Each document that can be found
 * keeps a `geohash` of its position (geofire-common, precision 10, about a metre); a search reads
 * only the few geohash ranges that cover the circle (geofire-common's `geohashQueryBounds`, at most
 * nine), each range capped at `perRange` documents, then drops what lies outside the circle and
 * sorts the rest nearest first. The reads depend on how crowded the neighbourhood is, never on how
 * many documents the collection holds: that is what the logistics bench measures.
 */
import type { Query } from 'firebase-admin/firestore';
import { distanceBetween, geohashForLocation, geohashQueryBounds } from 'geofire-common';

export interface Point {
  latitude: number;
  longitude: number;
}

/** The field every searchable document keeps beside its position. */
export const GEOHASH_FIELD = 'geohash';

export function geohashOf(point: Point): string {
  return geohashForLocation([point.latitude, point.longitude]);
}

export interface Found<T> {
  id: string;
  data: T;
  distanceKm: number;
}

export interface NearbyResult<T> {
  /** Inside the circle, nearest first. */
  found: Found<T>[];
  /** A range held more than `perRange` documents: some documents in the circle may be missing. */
  truncated: boolean;
}

/**
 * The documents of `query` (already narrowed by equality filters, such as `online == true`: the
 * composite index is that filter then `geohash` ascending) within `radiusKm` of `center`.
 */
export async function findNearby<T>(
  query: Query<T>,
  center: Point,
  radiusKm: number,
  perRange: number,
  positionOf: (data: T) => Point | undefined,
): Promise<NearbyResult<T>> {
  const origin: [number, number] = [center.latitude, center.longitude];
  const ranges = geohashQueryBounds(origin, radiusKm * 1000);
  const snapshots = await Promise.all(
    ranges.map(([start, end]) => query.orderBy(GEOHASH_FIELD).startAt(start).endAt(end).limit(perRange).get()),
  );
  const seen = new Set<string>();
  const found: Found<T>[] = [];
  for (const snapshot of snapshots) {
    for (const doc of snapshot.docs) {
      if (seen.has(doc.id)) continue;
      seen.add(doc.id);
      const position = positionOf(doc.data());
      if (!position) continue;
      const distance = distanceBetween(origin, [position.latitude, position.longitude]);
      if (distance <= radiusKm) found.push({ id: doc.id, data: doc.data(), distanceKm: distance });
    }
  }
  found.sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
  return { found, truncated: snapshots.some((snapshot) => snapshot.size >= perRange) };
}
