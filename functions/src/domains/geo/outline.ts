/**
 * The outline of an area an admin draws (a delivery zone, an agent's zone): checked and normalized
 * once, when the admin writes it, so that a lookup only asks the kept library (turf) whether a point
 * lies inside. A ring is stored open (no closing point), with its bounding box (a cheap prefilter
 * before the polygon test) and its area (for delivery zones, the rule between overlapping zones: the
 * smallest wins, logistics/zones/service.ts).
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Point } from '../../core/nearby';

/** Points of an outline at most: the self-crossing check is quadratic, and every lookup reads every zone. */
export const MAX_ZONE_POINTS = 200;

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export interface Outline {
  ring: Point[];
  bbox: BoundingBox;
  areaKm2: number;
}

/** Why an outline is refused (the hint of DELIVERY_ZONE_POLYGON_INVALID). */
export type OutlineProblem = 'too_few_points' | 'too_many_points' | 'no_area' | 'self_intersecting';

const same = (a: Point, b: Point) => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * The ring as given, closed or not, without repeated consecutive points; refused when fewer than
 * three distinct points remain, when they enclose no area (all on one line), or when two of its
 * edges cross or touch (a figure of eight: "inside" would mean nothing clear).
 */
export function outlineOf(points: readonly Point[]): Outline | OutlineProblem {
  const ring: Point[] = [];
  for (const point of points) if (ring.length === 0 || !same(ring[ring.length - 1], point)) ring.push({ latitude: point.latitude, longitude: point.longitude });
  while (ring.length > 1 && same(ring[0], ring[ring.length - 1])) ring.pop();
  if (ring.length > MAX_ZONE_POINTS) return 'too_many_points';
  const distinct = new Set(ring.map((point) => `${point.latitude},${point.longitude}`));
  if (distinct.size < 3 || distinct.size !== ring.length) return distinct.size < 3 ? 'too_few_points' : 'self_intersecting';
  // All on one line first: such a ring also folds back on itself, but "no area" says why.
  if (ring.every((point) => turn(ring[0], ring[1], point) === 0)) return 'no_area';
  if (crossesItself(ring)) return 'self_intersecting';
  const areaKm2 = planarAreaKm2(ring);
  if (areaKm2 < 1e-6) return 'no_area';
  const latitudes = ring.map((point) => point.latitude);
  const longitudes = ring.map((point) => point.longitude);
  return {
    ring,
    bbox: { minLat: Math.min(...latitudes), maxLat: Math.max(...latitudes), minLng: Math.min(...longitudes), maxLng: Math.max(...longitudes) },
    areaKm2: Math.round(areaKm2 * 1000) / 1000,
  };
}

export function inBox(box: BoundingBox, point: Point): boolean {
  return point.latitude >= box.minLat && point.latitude <= box.maxLat && point.longitude >= box.minLng && point.longitude <= box.maxLng;
}

/** Whether `point` lies inside the ring or on its edge (turf; GeoJSON order is longitude, latitude). */
export function inRing(ring: readonly Point[], point: Point): boolean {
  const positions = [...ring, ring[0]].map((vertex) => [vertex.longitude, vertex.latitude]);
  return booleanPointInPolygon([point.longitude, point.latitude], { type: 'Polygon', coordinates: [positions] });
}

/**
 * Area on a local flat projection (kilometres per degree at the ring's mean latitude): close enough
 * at a city's scale to order zones by size and to see that a ring encloses nothing.
 */
function planarAreaKm2(ring: readonly Point[]): number {
  const meanLat = ring.reduce((sum, point) => sum + point.latitude, 0) / ring.length;
  const kmPerLng = 111.32 * Math.cos((meanLat * Math.PI) / 180);
  const kmPerLat = 110.574;
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    twice += a.longitude * kmPerLng * (b.latitude * kmPerLat) - b.longitude * kmPerLng * (a.latitude * kmPerLat);
  }
  return Math.abs(twice) / 2;
}

/** Sign of the turn a -> b -> c (0: on one line). */
function turn(a: Point, b: Point, c: Point): number {
  return Math.sign((b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude) * (c.longitude - a.longitude));
}

/** `p`, on the line of a-b, lies between them. */
function within(a: Point, b: Point, p: Point): boolean {
  return (
    Math.min(a.longitude, b.longitude) <= p.longitude &&
    p.longitude <= Math.max(a.longitude, b.longitude) &&
    Math.min(a.latitude, b.latitude) <= p.latitude &&
    p.latitude <= Math.max(a.latitude, b.latitude)
  );
}

function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const [t1, t2, t3, t4] = [turn(a, b, c), turn(a, b, d), turn(c, d, a), turn(c, d, b)];
  if (t1 !== t2 && t3 !== t4 && t1 !== 0 && t2 !== 0 && t3 !== 0 && t4 !== 0) return true;
  return (t1 === 0 && within(a, b, c)) || (t2 === 0 && within(a, b, d)) || (t3 === 0 && within(c, d, a)) || (t4 === 0 && within(c, d, b));
}

/**
 * Two edges that are not neighbours meet, or two neighbours fold back onto each other. Quadratic
 * in the points, which the schema caps (MAX_ZONE_POINTS): at most some tens of thousands of pairs.
 */
function crossesItself(ring: readonly Point[]): boolean {
  const n = ring.length;
  const edge = (i: number): [Point, Point] => [ring[i], ring[(i + 1) % n]];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      if (j === i + 1) {
        // Neighbours share b (= c): they fold back when d lies on a-b or a on c-d.
        if ((turn(a, b, d) === 0 && within(a, b, d)) || (turn(c, d, a) === 0 && within(c, d, a))) return true;
      } else if (i === 0 && j === n - 1) {
        // Neighbours share a (= d).
        if ((turn(a, b, c) === 0 && within(a, b, c)) || (turn(c, d, b) === 0 && within(c, d, b))) return true;
      } else if (segmentsMeet(a, b, c, d)) {
        return true;
      }
    }
  }
  return false;
}
