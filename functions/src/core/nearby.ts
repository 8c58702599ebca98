/**
 * Finding stored points near a place without reading them all. The search index is partitioned by
 * geohash cell: each searchable thing (an online courier, an online tricycle driver, an open driver
 * request) has one small member document in the collection of the cell it stands in
 * (core/nearby-members writes them), and a search reads only the members of the few cells that
 * cover its circle, nearest cells first, each capped at `perCell` documents and all of them at
 * `maxReads`, then drops what lies outside the circle and sorts the rest nearest first. The reads
 * depend on how crowded the neighbourhood is, never on how many things exist elsewhere, and each
 * query is a plain read of one small collection (no composite index, no range over a big one: the
 * Firestore emulator, which has no indexes, scans every document of a collection id per query, so
 * a range query over one big collection cost as much as the collection; a cell's collection, with
 * its own id, costs its cell).
 *
 * Cells are geohash prefixes of CELL_PRECISION characters. Geohashing and distances come from
 * geofire-common (haversine on a sphere of 6371 km); the cell grid is the geohash one: 4 characters
 * are 20 bits, 10 for longitude and 10 for latitude, so cells are a regular grid of 360/1024 by
 * 180/1024 degrees, which cellsCovering walks directly instead of sampling points.
 */
import type { Query } from 'firebase-admin/firestore';
import { distanceBetween, geohashForLocation } from 'geofire-common';

export interface Point {
  latitude: number;
  longitude: number;
}

/** A point's full geohash (about a metre), which presence documents keep beside the position for admin tools. */
export function geohashOf(point: Point): string {
  const { latitude, longitude } = normalisePoint(point);
  return geohashForLocation([latitude, longitude]);
}

/**
 * Geohash characters of a cell. 4: cells of 0.352 x 0.176 degrees, about 39 x 19.5 km at the
 * equator (38 x 19.5 km over Benin). The searches made are 5 km (tricycles, default) to 10 km
 * (courier offer rounds): a 10 km circle (a 20 km box) meets 2 to 6 such cells, so a search is a
 * handful of parallel queries. Precision 5 (4.9 x 4.9 km) would need 9 to 25 queries for the same
 * circle; precision 3 (156 x 156 km) would read a whole region (10,000 couriers over Benin: about
 * 33 per precision-4 cell, about 1,000 per precision-3 cell) to answer a 10 km question.
 */
export const CELL_PRECISION = 4;

/** Cells a search reads at most (a 50 km radius, the largest the API accepts, needs about 20-45 by latitude). */
export const MAX_COVERING_CELLS = 64;

const GRID = 1 << ((CELL_PRECISION * 5) / 2); // 1024 columns and 1024 rows at precision 4.
const CELL_LNG = 360 / GRID;
const CELL_LAT = 180 / GRID;
const EARTH_RADIUS_KM = 6371; // geofire-common's distanceBetween.
const DEG = Math.PI / 180;

/**
 * Decimals of a degree kept of a point shown as an area before a party commits: 0.01° is about
 * 1.1 km. A courier's delivery offer shows the destination so, and a driver's list of open
 * requests the meeting place: only who accepts sees the exact point.
 */
export const AREA_DECIMALS = 2;

/** The area of `point` (normalised, rounded to AREA_DECIMALS) as a party shows it before it accepts. */
export function approximateArea(point: Point): Point {
  const factor = 10 ** AREA_DECIMALS;
  const { latitude, longitude } = normalisePoint(point);
  const rounded = Math.round(longitude * factor) / factor;
  // Rounding may reach 180 from 179.995: the same meridian as -180, the end of the range geofire takes.
  return { latitude: Math.round(latitude * factor) / factor, longitude: rounded >= 180 ? -180 : rounded };
}

/** The cell a point stands in. */
export function cellOf(point: Point): string {
  const { latitude, longitude } = normalisePoint(point);
  return geohashForLocation([latitude, longitude], CELL_PRECISION);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const rowOf = (latitude: number) => clamp(Math.floor((latitude + 90) / CELL_LAT), 0, GRID - 1);
const columnOf = (longitude: number) => Math.floor((longitude + 180) / CELL_LNG);
const wrap = (column: number) => ((column % GRID) + GRID) % GRID;
/** A longitude brought into [-180, 180): sums of degrees near the antimeridian land a hair outside it. */
const wrapLongitude = (longitude: number) => (longitude >= -180 && longitude < 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180);

/**
 * `point` as geofire-common accepts it: latitude within [-90, 90], longitude within [-180, 180)
 * (180 is -180, the same meridian). The API's schemas accept both ends of both ranges, and sums of
 * degrees at the poles and the antimeridian overshoot by a rounding error (180.00000000000003),
 * which geofire refuses by throwing: every point this module hands to geofire goes through here.
 */
export function normalisePoint(point: Point): Point {
  return { latitude: clamp(point.latitude, -90, 90), longitude: wrapLongitude(point.longitude) };
}

/** The cell at grid `row`, `column` (wrapped), named by geohashing its centre. */
function cellAt(row: number, column: number): string {
  return geohashForLocation([-90 + (row + 0.5) * CELL_LAT, -180 + (wrap(column) + 0.5) * CELL_LNG], CELL_PRECISION);
}

/** Kilometres from `center` (normalised) to the nearest point of the cell at `row`, `column`. */
function distanceToCell(center: Point, row: number, column: number): number {
  const south = -90 + row * CELL_LAT;
  const west = -180 + wrap(column) * CELL_LNG;
  const latitude = clamp(center.latitude, south, south + CELL_LAT);
  // The longitude difference to the cell, the short way round.
  const offset = (((center.longitude - west) % 360) + 540) % 360 - 180;
  const longitude = wrapLongitude(center.longitude - offset + clamp(offset, 0, CELL_LNG));
  return distanceBetween([center.latitude, center.longitude], [latitude, longitude]);
}

export interface Covering {
  /** Distinct cells, each meeting the circle's bounding box, nearest the centre first. */
  cells: string[];
  /** Kilometres from the centre to the nearest point of each cell of `cells` (same order, ascending). */
  nearestKm: number[];
  /** false: the box met more than MAX_COVERING_CELLS cells and only the nearest were kept. */
  complete: boolean;
}

/** Distinct cells of `candidates`, nearest first, at most `max`. */
function nearestCells(candidates: Array<{ row: number; column: number; km: number }>, max: number): { cells: string[]; nearestKm: number[] } {
  candidates.sort((a, b) => a.km - b.km || a.row - b.row || a.column - b.column);
  const cells: string[] = [];
  const nearestKm: number[] = [];
  const seen = new Set<string>();
  for (const { row, column, km } of candidates) {
    if (cells.length >= max) break;
    const cell = cellAt(row, column);
    if (seen.has(cell)) continue;
    seen.add(cell);
    cells.push(cell);
    nearestKm.push(km);
  }
  return { cells, nearestKm };
}

/**
 * Every cell that meets the bounding box of the circle of `radiusKm` around `center` (a spherical
 * box: the latitude span of the radius, and the widest longitude span the circle reaches, so the
 * box holds every point within `radiusKm` by geofire's distance; a circle reaching a pole takes
 * every longitude), nearest the centre first. Cell edges need no care: the box's corners give the
 * first and last row and column, and every cell between is listed. Longitudes wrap around the
 * antimeridian; the centre is normalised first (normalisePoint), so the poles and both ends of the
 * longitude range are answered like any point.
 *
 * Bounded: when the box meets more than MAX_COVERING_CELLS cells (a radius of hundreds of km, or
 * any circle over a pole), the MAX_COVERING_CELLS cells nearest the centre are kept and `complete`
 * is false: the search then answers only part of the circle and says it is truncated.
 */
export function cellsCovering(point: Point, radiusKm: number): Covering {
  const center = normalisePoint(point);
  const angle = Math.max(0, radiusKm) / EARTH_RADIUS_KM; // radians of arc
  const latSpan = angle / DEG;
  const south = center.latitude - latSpan;
  const north = center.latitude + latSpan;
  const reachesPole = north >= 90 || south <= -90 || angle >= Math.PI / 2;
  const lngSpan = reachesPole ? 180 : Math.asin(Math.min(1, Math.sin(angle) / Math.cos(center.latitude * DEG))) / DEG;
  const rows = { from: rowOf(south), to: rowOf(north) };
  const columns = lngSpan >= 180 ? { from: 0, to: GRID - 1 } : { from: columnOf(center.longitude - lngSpan), to: columnOf(center.longitude + lngSpan) };
  const width = Math.min(GRID, columns.to - columns.from + 1);
  const total = (rows.to - rows.from + 1) * width;
  const candidates: Array<{ row: number; column: number; km: number }> = [];
  if (total <= MAX_COVERING_CELLS) {
    for (let row = rows.from; row <= rows.to; row += 1) {
      for (let column = columns.from; column < columns.from + width; column += 1) candidates.push({ row, column, km: distanceToCell(center, row, column) });
    }
    return { ...nearestCells(candidates, MAX_COVERING_CELLS), complete: true };
  }
  // Too many: rank the cells of a window around the centre's cell (wide enough to hold the
  // MAX_COVERING_CELLS nearest in any direction away from the poles), keep the nearest. Never walks
  // the whole box. Over a pole (a row of 1024 narrow cells) the window's 33 columns are what is read.
  const reach = Math.ceil(Math.sqrt(MAX_COVERING_CELLS));
  const centerRow = rowOf(center.latitude);
  const centerColumn = columnOf(center.longitude);
  for (let row = Math.max(rows.from, centerRow - 2 * reach); row <= Math.min(rows.to, centerRow + 2 * reach); row += 1) {
    for (let column = centerColumn - 2 * reach; column <= centerColumn + 2 * reach; column += 1) {
      if (width < GRID && (column < columns.from || column > columns.to)) continue;
      candidates.push({ row, column, km: distanceToCell(center, row, column) });
    }
  }
  return { ...nearestCells(candidates, MAX_COVERING_CELLS), complete: false };
}

export interface Found<T> {
  id: string;
  data: T;
  distanceKm: number;
}

export interface NearbyResult<T> {
  /** Inside the circle, nearest first. */
  found: Found<T>[];
  /**
   * Some things in the circle may be missing: a cell held as many members as it was read for (only
   * that many were read), the read budget left cells unread, or the circle needed more than
   * MAX_COVERING_CELLS cells.
   */
  truncated: boolean;
  /** Cells read and member documents read: what the search cost (`reads` never above `maxReads`). */
  cells: number;
  reads: number;
}

/**
 * The members within `radiusKm` of `center`: `membersOf(cell)` is the collection of one cell's
 * members (core/nearby-members' `membersOf(kind)`), each read with a limit of `perCell`.
 *
 * `maxReads` bounds the documents one search reads, whatever the radius: the cells are read nearest
 * first, in waves of as many cells as the budget left can pay at `perCell` each (all at once within
 * a wave), until every cell is read or the budget cannot pay one more cell. When cells are left
 * unread, what was found farther than the nearest unread cell is dropped: that cell may hold
 * nearer members, and an answer must stay nearest first. The answer is then every member found
 * within a smaller circle, and `truncated` says so. Each cell read is therefore limited to
 * min(perCell, maxReads) documents, and a search reads at most `maxReads`.
 */
export async function findNearby<T>(
  membersOf: (cell: string) => Query<T>,
  center: Point,
  radiusKm: number,
  perCell: number,
  positionOf: (data: T) => Point | undefined,
  maxReads: number = Number.POSITIVE_INFINITY,
): Promise<NearbyResult<T>> {
  const centre = normalisePoint(center);
  const origin: [number, number] = [centre.latitude, centre.longitude];
  const { cells, nearestKm, complete } = cellsCovering(centre, radiusKm);
  const limit = Math.max(1, Math.min(perCell, maxReads));
  const seen = new Set<string>();
  const found: Found<T>[] = [];
  let read = 0;
  let reads = 0;
  let full = false;
  while (read < cells.length) {
    const affordable = Math.floor((maxReads - reads) / limit);
    if (affordable < 1) break;
    const wave = cells.slice(read, read + affordable);
    read += wave.length;
    const snapshots = await Promise.all(wave.map((cell) => membersOf(cell).limit(limit).get()));
    for (const snapshot of snapshots) {
      reads += snapshot.size;
      if (snapshot.size >= limit) full = true;
      for (const doc of snapshot.docs) {
        if (seen.has(doc.id)) continue;
        seen.add(doc.id);
        const position = positionOf(doc.data());
        if (!position) continue;
        const { latitude, longitude } = normalisePoint(position);
        const distance = distanceBetween(origin, [latitude, longitude]);
        if (distance <= radiusKm) found.push({ id: doc.id, data: doc.data(), distanceKm: distance });
      }
    }
  }
  const unread = read < cells.length;
  const certainKm = unread ? nearestKm[read] : Number.POSITIVE_INFINITY;
  const answer = found.filter((item) => item.distanceKm <= certainKm);
  answer.sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
  return { found: answer, truncated: !complete || full || unread, cells: read, reads };
}
