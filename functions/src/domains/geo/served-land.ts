/**
 * The land of the served countries (countries.ts), by their borders in Natural Earth's 1:50m
 * countries, as the `world-atlas` package ships them (TopoJSON, ids = ISO 3166-1 numeric codes).
 * Heavy: the data set is about 750 kB of JSON, so only `land.ts` imports this module, on the first
 * question, and the outlines of the served countries are decoded once per instance.
 *
 * 1:50m is generalized: along the Gulf of Guinea its coastline lies within a few hundred metres of
 * the 1:10m one (docs/guides/agents.md, "Presence only on land"). A point counts as on land when it lies inside an
 * outline, or when one of the points `toleranceM` metres from it in 16 directions does: a position
 * taken on a beach is not refused for the map's simplification.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { COUNTRIES } from './countries';

/** A position in degrees. */
export interface Position {
  lat: number;
  lng: number;
}

/** ISO 3166-1 numeric code of each served country: its id in the data set. */
export const BORDER_IDS: Readonly<Record<string, string>> = {
  BJ: '204',
  TG: '768',
  NG: '566',
  NE: '562',
  BF: '854',
  CI: '384',
  SN: '686',
  GH: '288',
  ML: '466',
  GN: '324',
  CM: '120',
  GA: '266',
  TD: '148',
  FR: '250',
};

interface Outline {
  iso: string;
  shape: Feature<Polygon | MultiPolygon>;
  /** [minLng, minLat, maxLng, maxLat]: the cheap test before the polygon's. */
  bbox: [number, number, number, number];
}

let outlines: Outline[] | undefined;

function boundsOf(shape: Feature<Polygon | MultiPolygon>): Outline['bbox'] {
  const rings = shape.geometry.type === 'Polygon' ? shape.geometry.coordinates : shape.geometry.coordinates.flat();
  const box: Outline['bbox'] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [lng, lat] of ring) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return box;
}

/** The outlines of the served countries; a served country missing from the data set is a bug, said loudly. */
export function servedOutlines(): Outline[] {
  if (outlines) return outlines;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- JSON of a package, read on first use only
  const topology = require('world-atlas/countries-50m.json') as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const isoOf = new Map(Object.entries(BORDER_IDS).map(([iso, id]) => [id, iso]));
  const made: Outline[] = [];
  for (const geometry of topology.objects.countries.geometries) {
    const iso = isoOf.get(String(geometry.id));
    if (!iso || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    const shape = feature(topology, geometry) as Feature<Polygon | MultiPolygon>;
    made.push({ iso, shape, bbox: boundsOf(shape) });
  }
  const missing = COUNTRIES.map((country) => country.iso).filter((iso) => !made.some((outline) => outline.iso === iso));
  if (missing.length > 0) throw new Error(`No borders for served countries: ${missing.join(', ')}`);
  outlines = made;
  return made;
}

function countryHolding(lng: number, lat: number): string | null {
  for (const { iso, shape, bbox } of servedOutlines()) {
    if (lng < bbox[0] || lng > bbox[2] || lat < bbox[1] || lat > bbox[3]) continue;
    if (booleanPointInPolygon([lng, lat], shape)) return iso;
  }
  return null;
}

const EARTH_RADIUS_M = 6_371_000;
const DIRECTIONS = 16;

/** The point `distanceM` metres from `from` towards `bearing` (radians from north). */
function offset(from: Position, distanceM: number, bearing: number): [lng: number, lat: number] {
  const angular = distanceM / EARTH_RADIUS_M;
  const lat1 = (from.lat * Math.PI) / 180;
  const lng1 = (from.lng * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return [(lng2 * 180) / Math.PI, (lat2 * 180) / Math.PI];
}

/**
 * The served country whose land holds the point, or whose land lies within `toleranceM` of it
 * (tested at 16 points on the circle of that radius); null when none does.
 */
export function servedCountryAt(point: Position, toleranceM: number): string | null {
  const inside = countryHolding(point.lng, point.lat);
  if (inside || toleranceM <= 0) return inside;
  for (let step = 0; step < DIRECTIONS; step += 1) {
    const [lng, lat] = offset(point, toleranceM, (2 * Math.PI * step) / DIRECTIONS);
    const near = countryHolding(lng, lat);
    if (near) return near;
  }
  return null;
}
