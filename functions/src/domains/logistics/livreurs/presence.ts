/**
 * A courier's presence, `livreurs/{uid}`: online or not, its last position with its geohash, and
 * when that position was written. Copies of the courier's name and telephone let admins search the
 * collection without reading profiles. The offer rounds (deliveries/) do not query this collection:
 * an online courier with a position is also a member of the `livreur` nearby index (core/nearby-
 * members: `nearbyCells/livreur/livreur_{cell}/{uid}`, its position and `updatedAt`), written in
 * the same transaction as this document, whose `cell` says where that member is (null: none), so
 * moving, going offline, being blocked or leaving the role moves or deletes it.
 *
 * Location updates are a GPS stream: at most one write per courier per
 * LIVREUR_LOCATION_INTERVAL_SECONDS, decided inside a transaction on the presence document, so two
 * updates sent at once write once. The written position also moves the tracking document of each
 * active delivery of the courier, in the same transaction (the buyer sees exactly what is stored),
 * which reads by id only (`trackingsToMove`).
 */
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { geohashOf, type Point } from '../../../core/nearby';
import { placeMember } from '../../../core/nearby-members';
import { searchKey } from '../../../core/text';
import { ACTIVE_DELIVERY_STATUSES, type DeliveryTrackingDocument } from '../deliveries/model';
import { activeDeliveriesOf, courierAccepts, deliveries, tracking } from '../deliveries/repository';

export interface LivreurPresence {
  online: boolean;
  position: Point | null;
  geohash: string | null;
  /** The cell of the courier's nearby member (core/nearby-members), null when it has none (offline, or no position). */
  cell: string | null;
  /** When `position` was written: the start of the throttle window. */
  locationAt: Timestamp | null;
  updatedAt: Timestamp;
  /** Copies of the profile at the courier's last write, for the admins' list. */
  nom: string;
  prenoms: string;
  /** `searchKey("nom prenoms")`: the admins' name prefix search. */
  nameKey: string;
  telephone: string | null;
}

/** The profile fields a presence document copies. */
export interface CourierProfile {
  nom?: unknown;
  prenoms?: unknown;
  telephone?: unknown;
}

/** Active deliveries of one courier whose tracking a location write moves (a courier carries a few at most). */
export const TRACKED_DELIVERIES_LIMIT = 5;

/** `nearbyCells/livreur/livreur_{cell}/{uid}`: what the couriers' nearby search reads and answers. */
export interface CourierMember {
  position: Point;
  updatedAt: Timestamp;
}

export const presences = () => collection<LivreurPresence>(COLLECTIONS.livreurs);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function copiesOf(profile: CourierProfile) {
  const nom = text(profile.nom);
  const prenoms = text(profile.prenoms);
  return { nom, prenoms, nameKey: searchKey(`${nom} ${prenoms}`), telephone: text(profile.telephone) || null };
}

/** A courier that never wrote its presence: offline, nowhere. */
export function emptyPresence(profile: CourierProfile, at: Timestamp): LivreurPresence {
  return { online: false, position: null, geohash: null, cell: null, locationAt: null, updatedAt: at, ...copiesOf(profile) };
}

export async function readPresence(uid: string): Promise<LivreurPresence | undefined> {
  return (await presences().doc(uid).get()).data();
}

/** Where a position goes in the presence document. */
const located = (position: Point, at: Timestamp) => ({ position, geohash: geohashOf(position), locationAt: at });

/**
 * Writes `next` (its `cell` set here) with its nearby member, inside `tx` after its reads:
 * searchable while online with a position; `previousCell` is the stored document's.
 */
function writePresence(tx: Transaction, ref: DocumentReference<LivreurPresence>, previousCell: string | null | undefined, next: LivreurPresence): LivreurPresence {
  const member: CourierMember | null = next.online && next.position ? { position: next.position, updatedAt: next.updatedAt } : null;
  const written = { ...next, cell: placeMember(tx, 'livreur', ref.id, previousCell, member) };
  tx.set(ref, written);
  return written;
}

/**
 * Online or offline. Going online needs a position: the one given, else the last one stored;
 * without either, LIVREUR_POSITION_REQUIRED and nothing is written. A position given here is
 * written whatever the throttle (an explicit action, not the stream) and starts a new window.
 */
export async function setStatus(uid: string, profile: CourierProfile, online: boolean, position: Point | undefined): Promise<LivreurPresence> {
  const ref = presences().doc(uid);
  return runTransaction(async (tx) => {
    const at = Timestamp.fromDate(now());
    const current = (await tx.get(ref)).data() ?? emptyPresence(profile, at);
    if (online && !position && !current.position) throw new ApiError('LIVREUR_POSITION_REQUIRED');
    const next: LivreurPresence = { ...current, ...copiesOf(profile), ...(position ? located(position, at) : {}), online, updatedAt: at };
    const tracking = position ? await trackingsToMove(tx, uid) : [];
    const written = writePresence(tx, ref, current.cell, next);
    moveTrackings(tx, tracking, position, at);
    return written;
  });
}

export interface LocationOutcome {
  written: boolean;
  presence: LivreurPresence;
  /** When the next update will be written. */
  nextAllowedAt: Date;
  /** Tracking documents of active deliveries moved by this write. */
  tracked: number;
}

/** One update of the GPS stream: written when the window since the last write is over. */
export async function updateLocation(uid: string, profile: CourierProfile, position: Point): Promise<LocationOutcome> {
  const ref = presences().doc(uid);
  const intervalMs = config().LIVREUR_LOCATION_INTERVAL_SECONDS * 1000;
  return runTransaction(async (tx) => {
    const at = Timestamp.fromDate(now());
    const current = (await tx.get(ref)).data();
    const last = current?.locationAt?.toMillis();
    if (current && last !== undefined && at.toMillis() < last + intervalMs) {
      return { written: false, presence: current, nextAllowedAt: new Date(last + intervalMs), tracked: 0 };
    }
    const tracking = await trackingsToMove(tx, uid);
    const next: LivreurPresence = { ...(current ?? emptyPresence(profile, at)), ...copiesOf(profile), ...located(position, at), updatedAt: at };
    const written = writePresence(tx, ref, current?.cell, next);
    moveTrackings(tx, tracking, position, at);
    return { written: true, presence: written, nextAllowedAt: new Date(at.toMillis() + intervalMs), tracked: tracking.length };
  });
}

/**
 * The tracking documents a new position of `uid` moves: those of its active deliveries (at most
 * TRACKED_DELIVERIES_LIMIT) that exist and name it as their courier, each with the parties that
 * may follow it (the buyer and the courier). The deliveries domain creates a tracking document when
 * it assigns a courier; a delivery without one is left alone.
 *
 * Every courier writes its position every few seconds: this transaction reads by id only, so it
 * never waits for other couriers' accepts or positions (a query of the courier's deliveries in it
 * locked the range every accept writes into). The courier's `courierAccepts` document, which each
 * of its accepts writes, is read first; its active deliveries are then found on a plain read, which
 * misses no accept committed before this transaction commits (deliveries/repository.ts,
 * `activeDeliveriesOf`). Each is read again by id here: one that ended since the plain read (every
 * end writes the delivery) is left alone, so a finished delivery's tracking keeps no position.
 */
async function trackingsToMove(tx: Transaction, uid: string) {
  await tx.get(courierAccepts().doc(uid));
  const found = await activeDeliveriesOf(uid, TRACKED_DELIVERIES_LIMIT).get();
  if (found.empty) return [];
  const ids = found.docs.map((doc) => doc.id);
  const [current, tracked] = await Promise.all([tx.getAll(...ids.map((id) => deliveries().doc(id))), tx.getAll(...ids.map((id) => tracking().doc(id)))]);
  return ids.flatMap((id, index) => {
    const delivery = current[index].data();
    const stillActive = delivery?.livreur === uid && (ACTIVE_DELIVERY_STATUSES as readonly string[]).includes(delivery.statut);
    return delivery && stillActive && tracked[index].data()?.livreur === uid ? [{ ref: tracking().doc(id), parties: [delivery.acheteur, uid] }] : [];
  });
}

/**
 * Moves the position, and sets the parties each time: a tracking document created before sellers
 * stopped following the courier (docs/guides/logistics.md, Deliveries) loses them at the courier's next position.
 */
function moveTrackings(tx: Transaction, tracked: Array<{ ref: DocumentReference<DeliveryTrackingDocument>; parties: string[] }>, position: Point | undefined, at: Timestamp) {
  if (!position) return;
  for (const { ref, parties } of tracked) tx.update(ref, { position, parties, updatedAt: at });
}

/**
 * The presence follows the courier's profile (`user.changed`): its name and telephone copies, and a
 * courier blocked, or no longer a courier, goes offline at once, so no offer round finds it. Nothing
 * happens to a user without a presence document. Idempotent: it writes what the profile says now.
 */
export async function followProfile(uid: string, profile: (CourierProfile & { role?: unknown; isBlocked?: unknown }) | undefined): Promise<void> {
  const ref = presences().doc(uid);
  await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) return;
    const away = !profile || profile.isBlocked === true || profile.role !== 'livreur';
    const next = { ...(profile ? copiesOf(profile) : {}), online: away ? false : current.online };
    const unchanged = (Object.keys(next) as Array<keyof typeof next>).every((key) => current[key] === next[key]);
    if (!unchanged) writePresence(tx, ref, current.cell, { ...current, ...next, updatedAt: Timestamp.fromDate(now()) });
  });
}
