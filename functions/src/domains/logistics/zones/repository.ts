/**
 * Firestore access of delivery zones. Reads stay bounded by a cap rather than by a spatial index:
 * at most DELIVERY_ZONES_MAX zones exist (a counter, `deliveryZoneCount/all`, kept in the
 * transaction of each creation and deletion, refuses more), so a lookup reads the active zones in
 * one query limited to that cap, then filters them in memory by bounding box and polygon.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { ApiError } from '../../../core/errors';
import { audit, type AuditActor } from '../../../core/audit';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage } from '../../../core/pagination';
import type { Point } from '../../../core/nearby';
import type { BoundingBox } from '../../geo';
import { newDocumentRef } from '../../../core/ids';

/** `deliveryZones/{id}`. */
export interface DeliveryZoneDocument {
  nom: string;
  /** Open ring (no closing point), checked by geo/outline.ts. */
  polygon: Point[];
  bbox: BoundingBox;
  areaKm2: number;
  prixParKm: number;
  fraisMin: number;
  fraisMax: number;
  villes: string[];
  actif: boolean;
  createdBy: string;
  updatedBy: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

interface ZoneCountDocument {
  count: number;
}

const zones = () => collection<DeliveryZoneDocument>(COLLECTIONS.deliveryZones);
const countRef = () => collection<ZoneCountDocument>(COLLECTIONS.deliveryZoneCount).doc('all');

export interface StoredZone {
  id: string;
  zone: DeliveryZoneDocument;
}

/** A new zone, unless `max` zones exist already (409 DELIVERY_ZONES_LIMIT); two creations at once cannot both pass the cap. */
export async function insertZone(zone: DeliveryZoneDocument, max: number, actor: AuditActor): Promise<string> {
  const ref = newDocumentRef(zones());
  await runTransaction(async (tx) => {
    const count = (await tx.get(countRef())).data()?.count ?? 0;
    if (count >= max) throw new ApiError('DELIVERY_ZONES_LIMIT');
    tx.create(ref, zone);
    tx.set(countRef(), { count: count + 1 });
    audit(tx, { actor, action: 'delivery_zone.created', target: { collection: COLLECTIONS.deliveryZones, id: ref.id }, before: null, after: tariffOf(zone) });
  });
  return ref.id;
}

export async function findZone(id: string): Promise<DeliveryZoneDocument | undefined> {
  return (await zones().doc(id).get()).data();
}

/** Read-modify-write of one zone: `change` sees it as stored and returns its new fields. */
export async function updateZone(id: string, change: (zone: DeliveryZoneDocument) => Partial<DeliveryZoneDocument>, actor: AuditActor): Promise<DeliveryZoneDocument> {
  const ref = zones().doc(id);
  return runTransaction(async (tx) => {
    const zone = (await tx.get(ref)).data();
    if (!zone) throw new ApiError('DELIVERY_ZONE_NOT_FOUND');
    const changes = change(zone);
    tx.update(ref, changes);
    const updated = { ...zone, ...changes };
    audit(tx, { actor, action: 'delivery_zone.updated', target: { collection: COLLECTIONS.deliveryZones, id }, before: tariffOf(zone), after: tariffOf(updated) });
    return updated;
  });
}

/**
 * What an audit entry keeps of a zone: its tariff and where it applies (the outline by its area
 * and bounding box, not its points).
 */
function tariffOf(zone: DeliveryZoneDocument) {
  return { nom: zone.nom, prixParKm: zone.prixParKm, fraisMin: zone.fraisMin, fraisMax: zone.fraisMax, villes: zone.villes, actif: zone.actif, areaKm2: zone.areaKm2, bbox: zone.bbox };
}

/** Deletes a zone and counts it out, once: of two deletions at once, the second finds nothing. */
export async function deleteZone(id: string, actor: AuditActor): Promise<void> {
  const ref = zones().doc(id);
  await runTransaction(async (tx) => {
    const [zone, count] = await Promise.all([tx.get(ref), tx.get(countRef())]);
    const stored = zone.data();
    if (!stored) throw new ApiError('DELIVERY_ZONE_NOT_FOUND');
    tx.delete(ref);
    tx.set(countRef(), { count: Math.max(0, (count.data()?.count ?? 1) - 1) });
    audit(tx, { actor, action: 'delivery_zone.deleted', target: { collection: COLLECTIONS.deliveryZones, id }, before: tariffOf(stored), after: null });
  });
}

/** The active zones, at most `max` (the cap on all zones), in id order. */
export async function activeZones(max: number): Promise<StoredZone[]> {
  const snapshot = await zones().where('actif', '==', true).limit(max).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, zone: doc.data() }));
}

/** A page of zones by name: the active ones, or all of them for admins. */
export async function zonePage(page: PageRequest, activeOnly: boolean): Promise<{ items: StoredZone[]; total: number }> {
  const query = activeOnly ? zones().where('actif', '==', true).orderBy('nom') : zones().orderBy('nom');
  const { docs, total } = await readPage(query, page);
  return { items: docs.map((doc) => ({ id: doc.id, zone: doc.data() })), total };
}

export const stamp = (at: Date) => Timestamp.fromDate(at);
