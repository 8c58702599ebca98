/**
 * Delivery zones: admin levels write them, anyone reads them and asks which zone holds a point.
 *
 * Overlapping zones: a point inside several active zones belongs to the one of smallest area (the
 * most specific: a district drawn inside its city), then, at equal area, to the one of smallest
 * id. The answer is the same whichever order Firestore returns the zones in.
 */
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import type { Point } from '../../../core/nearby';
import { type PageRequest, toPage } from '../../../core/pagination';
import { inBox, inRing, type Outline, outlineOf } from '../../geo';
import * as repository from './repository';
import type { DeliveryZoneDocument, StoredZone } from './repository';
import type { DeliveryZone, DeliveryZoneInput, DeliveryZoneUpdate } from './schemas';

type ZoneView = z.input<typeof DeliveryZone>;

function toZone(id: string, zone: DeliveryZoneDocument): ZoneView {
  return {
    id,
    nom: zone.nom,
    polygon: zone.polygon,
    prixParKm: zone.prixParKm,
    fraisMin: zone.fraisMin,
    fraisMax: zone.fraisMax,
    villes: zone.villes,
    actif: zone.actif,
    areaKm2: zone.areaKm2,
    createdAt: zone.createdAt.toDate().toISOString(),
    updatedAt: zone.updatedAt.toDate().toISOString(),
  };
}

function checkedOutline(points: readonly Point[]): Outline {
  const outline = outlineOf(points);
  if (typeof outline === 'string') {
    throw new ApiError('DELIVERY_ZONE_POLYGON_INVALID', [{ field: 'body.polygon', reason: outline, hint: 'At least three distinct points, enclosing an area, edges not crossing.' }]);
  }
  return outline;
}

export async function createZone(caller: ProfileCaller, input: z.output<typeof DeliveryZoneInput>): Promise<ZoneView> {
  const { ring, bbox, areaKm2 } = checkedOutline(input.polygon);
  const at = repository.stamp(now());
  const zone: DeliveryZoneDocument = {
    nom: input.nom,
    polygon: ring,
    bbox,
    areaKm2,
    prixParKm: input.prixParKm,
    fraisMin: input.fraisMin,
    fraisMax: input.fraisMax,
    villes: input.villes,
    actif: input.actif,
    createdBy: caller.uid,
    updatedBy: caller.uid,
    createdAt: at,
    updatedAt: at,
  };
  const id = await repository.insertZone(zone, config().DELIVERY_ZONES_MAX, caller);
  return toZone(id, zone);
}

export async function updateZone(caller: ProfileCaller, id: string, input: z.output<typeof DeliveryZoneUpdate>): Promise<ZoneView> {
  const { polygon, ...fields } = input;
  // Checked before the transaction: a bad outline writes nothing.
  const outline = polygon ? checkedOutline(polygon) : undefined;
  const updated = await repository.updateZone(id, (zone) => {
    const fraisMin = fields.fraisMin ?? zone.fraisMin;
    const fraisMax = fields.fraisMax ?? zone.fraisMax;
    if (fraisMin > fraisMax) {
      throw new ApiError('VALIDATION_ERROR', [{ field: 'body.fraisMax', reason: 'custom', hint: 'The minimum fee cannot be above the maximum.' }]);
    }
    return {
      ...fields,
      ...(outline ? { polygon: outline.ring, bbox: outline.bbox, areaKm2: outline.areaKm2 } : {}),
      updatedBy: caller.uid,
      updatedAt: repository.stamp(now()),
    };
  }, caller);
  return toZone(id, updated);
}

export async function deleteZone(caller: ProfileCaller, id: string): Promise<{ id: string; deleted: true }> {
  await repository.deleteZone(id, caller);
  return { id, deleted: true };
}

/** One zone, active or not: zones are public. */
export async function readZone(id: string): Promise<ZoneView> {
  const zone = await repository.findZone(id);
  if (!zone) throw new ApiError('DELIVERY_ZONE_NOT_FOUND');
  return toZone(id, zone);
}

export async function listZones(page: PageRequest, activeOnly: boolean) {
  const { items, total } = await repository.zonePage(page, activeOnly);
  return toPage(page, items.map(({ id, zone }) => toZone(id, zone)), total);
}

/** The active zone holding `point` (rule for overlaps above), or undefined. */
export async function findZoneAt(point: Point): Promise<StoredZone | undefined> {
  const candidates = (await repository.activeZones(config().DELIVERY_ZONES_MAX)).filter(({ zone }) => inBox(zone.bbox, point) && inRing(zone.polygon, point));
  candidates.sort((a, b) => a.zone.areaKm2 - b.zone.areaKm2 || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return candidates[0];
}

/** The public lookup: the zone, or 404 DELIVERY_ZONE_NOT_FOUND. */
export async function lookupZone(point: Point): Promise<ZoneView> {
  const found = await findZoneAt(point);
  if (!found) throw new ApiError('DELIVERY_ZONE_NOT_FOUND');
  return toZone(found.id, found.zone);
}
