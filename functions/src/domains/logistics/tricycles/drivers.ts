/**
 * Tricycle drivers' presence: the status a driver publishes (online with its position, or offline),
 * its GPS stream throttled to one stored position per TRICYCLE_LOCATION_INTERVAL_SECONDS (decided in
 * a transaction, so two updates at once store one), and the buyers' search of online drivers
 * nearby through core/nearby: each online driver with a position is a member of the `tricycle` cell
 * index (`nearbyCells/tricycle/tricycle_{cell}/{uid}`, its card and position: model.ts), written in
 * the same transaction as its `tricycleDrivers` document, so the search reads the members of the few
 * cells around the point and never the collection of drivers.
 */
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS, isoOrNull } from '../../../core/firestore';
import { findNearby, geohashOf, type Point } from '../../../core/nearby';
import { membersOf, placeMember } from '../../../core/nearby-members';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import type { LocationOutcome, NearbyTricycle, StatusRequest, TricycleDriver } from './schemas';
import type { TricycleDriverDocument, TricycleMember } from './model';

export const drivers = () => collection<TricycleDriverDocument>(COLLECTIONS.tricycleDrivers);

const round2 = (value: number) => Math.round(value * 100) / 100;

export function toDriver(driver: TricycleDriverDocument): z.input<typeof TricycleDriver> {
  return {
    uid: driver.uid,
    online: driver.online,
    position: driver.position,
    locationAt: isoOrNull(driver.locationAt),
    nom: driver.nom,
    prenoms: driver.prenoms,
    photoUrl: driver.photoUrl,
    vehicule: driver.vehicule,
    plaque: driver.plaque,
    prixIndicatif: driver.prixIndicatif,
    updatedAt: driver.updatedAt.toDate().toISOString(),
  };
}

/**
 * Whether buyers may find and contact the driver now: online, with a position written within
 * TRICYCLE_POSITION_TTL_MINUTES (an app that died without going offline stops being shown).
 */
export function isAvailable(driver: TricycleDriverDocument, at: Date = now()): boolean {
  if (!driver.online || !driver.position || !driver.locationAt) return false;
  return isFresh(driver.locationAt, at);
}

/** A position written within TRICYCLE_POSITION_TTL_MINUTES of `at`. */
const isFresh = (locationAt: Timestamp, at: Date) => at.getTime() - locationAt.toMillis() <= config().TRICYCLE_POSITION_TTL_MINUTES * 60_000;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The nearby member of `driver`: searchable while online with a position (its freshness is checked at search time). */
function memberOf(driver: TricycleDriverDocument): TricycleMember | null {
  if (!driver.online || !driver.position || !driver.locationAt) return null;
  const { uid, position, locationAt, nom, prenoms, photoUrl, vehicule, plaque, prixIndicatif } = driver;
  return { uid, position, locationAt, nom, prenoms, photoUrl, vehicule, plaque, prixIndicatif };
}

/** Writes `driver` (its `cell` set here) with its nearby member, inside `tx` after its reads; `previousCell` is the stored document's. */
function writeDriver(tx: Transaction, ref: DocumentReference<TricycleDriverDocument>, previousCell: string | null | undefined, driver: TricycleDriverDocument): TricycleDriverDocument {
  const written = { ...driver, cell: placeMember(tx, 'tricycle', ref.id, previousCell, memberOf(driver)) };
  tx.set(ref, written);
  return written;
}

/** Publishes the caller's status; the first publication makes a chauffeur a tricycle driver (vehicle and plate required). */
export async function publishStatus(caller: ProfileCaller, input: z.output<typeof StatusRequest>) {
  const ref = drivers().doc(caller.uid);
  return runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data();
    const vehicule = input.vehicule ?? existing?.vehicule;
    const plaque = input.plaque ?? existing?.plaque;
    if (!vehicule || !plaque) throw new ApiError('TRICYCLE_VEHICLE_REQUIRED');
    const at = Timestamp.fromDate(now());
    const position = input.position ?? existing?.position ?? null;
    const driver: TricycleDriverDocument = {
      uid: caller.uid,
      online: input.online,
      position,
      geohash: position ? geohashOf(position) : null,
      cell: null,
      locationAt: input.position ? at : (existing?.locationAt ?? null),
      // Names are copied at each publication (and when the profile changes: subscribers.ts).
      nom: text(caller.profile.nom),
      prenoms: text(caller.profile.prenoms),
      photoUrl: typeof caller.profile.photoUrl === 'string' ? caller.profile.photoUrl : null,
      vehicule,
      plaque,
      prixIndicatif: input.prixIndicatif === undefined ? (existing?.prixIndicatif ?? null) : input.prixIndicatif,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    };
    return toDriver(writeDriver(tx, ref, existing?.cell, driver));
  });
}

export async function myDriver(caller: ProfileCaller) {
  const driver = (await drivers().doc(caller.uid).get()).data();
  if (!driver) throw new ApiError('TRICYCLE_DRIVER_NOT_FOUND');
  return toDriver(driver);
}

/**
 * One position of the driver's GPS stream. Never an error for a stream that comes too fast or while
 * offline: the answer says whether the position was stored. The decision and the write are one
 * transaction, so of two updates at once within the interval exactly one is stored.
 */
export async function updateLocation(caller: ProfileCaller, point: Point): Promise<z.input<typeof LocationOutcome>> {
  const ref = drivers().doc(caller.uid);
  const interval = config().TRICYCLE_LOCATION_INTERVAL_SECONDS * 1000;
  return runTransaction(async (tx) => {
    const driver = (await tx.get(ref)).data();
    if (!driver?.online) return { written: false, reason: 'offline' as const, nextWriteAt: null };
    const at = now().getTime();
    const last = driver.locationAt?.toMillis();
    if (last !== undefined && at - last < interval) {
      return { written: false, reason: 'throttled' as const, nextWriteAt: new Date(last + interval).toISOString() };
    }
    const stamp = Timestamp.fromMillis(at);
    const position = { latitude: point.latitude, longitude: point.longitude };
    writeDriver(tx, ref, driver.cell, { ...driver, position, geohash: geohashOf(point), locationAt: stamp, updatedAt: stamp });
    return { written: true, reason: 'written' as const, nextWriteAt: new Date(at + interval).toISOString() };
  });
}

/**
 * Online drivers within `radiusKm` of `center`, nearest first, one page of them. The search reads
 * the members of the cells around the point (2 to 6 for 5 km; at most MAX_COVERING_CELLS), nearest
 * cells first, at most TRICYCLE_NEARBY_PER_CELL a cell and TRICYCLE_NEARBY_MAX_READS in all (a
 * 50 km circle meets up to 45 cells: 64 x 100 reads unbounded), and answers from them with no
 * second read. When a cell is full or the budget leaves cells unread, the result may miss drivers
 * (logged); drivers beyond an unread cell are left out so the answer stays nearest first: the page
 * is over what was found.
 */
export async function nearbyDrivers(center: Point, radiusKm: number | undefined, page: PageRequest) {
  const settings = config();
  const radius = radiusKm ?? settings.TRICYCLE_SEARCH_RADIUS_KM;
  const { found, truncated } = await findNearby(
    membersOf<TricycleMember>('tricycle'),
    center,
    radius,
    settings.TRICYCLE_NEARBY_PER_CELL,
    (member) => member.position,
    settings.TRICYCLE_NEARBY_MAX_READS,
  );
  if (truncated) logger.info('Tricycle search truncated', { radiusKm: radius, found: found.length });
  const at = now();
  const available = found.filter(({ data }) => isFresh(data.locationAt, at));
  const items = available.slice(page.offset, page.offset + page.limit).map(({ data, distanceKm }): z.input<typeof NearbyTricycle> => ({
    uid: data.uid,
    position: data.position,
    distanceKm: round2(distanceKm),
    locationAt: data.locationAt.toDate().toISOString(),
    nom: data.nom,
    prenoms: data.prenoms,
    photoUrl: data.photoUrl,
    vehicule: data.vehicule,
    plaque: data.plaque,
    prixIndicatif: data.prixIndicatif,
  }));
  return toPage(page, items, available.length);
}

export async function adminDrivers(online: boolean | undefined, page: PageRequest) {
  let query = drivers().orderBy('updatedAt', 'desc');
  if (online !== undefined) query = query.where('online', '==', online);
  const { docs, total } = await readPage(query, page);
  return toPage(page, docs.map((doc) => toDriver(doc.data())), total);
}

/**
 * The driver's profile changed (identity's `user.changed`, subscribers.ts): the public card takes
 * its names and photo; a blocked account, or one that is no chauffeur any more, goes offline until
 * it publishes again (which it cannot while blocked or in another role).
 */
export async function followProfile(uid: string, profile: { nom?: unknown; prenoms?: unknown; photoUrl?: unknown } | undefined, offline: boolean): Promise<void> {
  const ref = drivers().doc(uid);
  await runTransaction(async (tx) => {
    const driver = (await tx.get(ref)).data();
    if (!driver) return;
    const names = profile ? { nom: text(profile.nom), prenoms: text(profile.prenoms), photoUrl: typeof profile.photoUrl === 'string' ? profile.photoUrl : null } : {};
    // The member carries the card too: it follows the names, and leaves the index when offline.
    writeDriver(tx, ref, driver.cell, { ...driver, ...names, ...(offline ? { online: false, updatedAt: Timestamp.fromDate(now()) } : {}) });
  });
}
