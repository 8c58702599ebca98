/** Delivery zones (admin writes, public reads), the point lookup and the fee quote. */
import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { GeoPoint, MAX_ZONE_POINTS } from '../../geo';


const xof = z.number().int().min(0).max(10_000_000);

const zoneFields = {
  nom: z.string().trim().min(1).max(120),
  polygon: z
    .array(GeoPoint)
    .min(3)
    .max(MAX_ZONE_POINTS + 1)
    .meta({
      description:
        `The outline, as a ring of points in order (closed or not: a last point equal to the first is dropped). At least three distinct points, at most ${MAX_ZONE_POINTS}, enclosing an area, edges not crossing.`,
    }),
  prixParKm: xof.meta({ description: 'XOF per kilometre of the trip (pickups in order, then the destination).' }),
  fraisMin: xof.meta({ description: 'The least fee of a delivery to this zone (XOF).' }),
  fraisMax: xof.meta({ description: 'The most a delivery to this zone costs (XOF), at least `fraisMin`.' }),
  villes: z.array(z.string().trim().min(1).max(80)).max(50).meta({ description: 'Cities the zone covers, for display and search.' }),
  actif: z.boolean().meta({ description: 'An inactive zone is kept but neither found by a lookup nor used by a quote.' }),
};

const boundsInOrder = (value: { fraisMin?: number; fraisMax?: number }) => value.fraisMin === undefined || value.fraisMax === undefined || value.fraisMin <= value.fraisMax;
const boundsMessage = { message: 'The minimum fee cannot be above the maximum.', path: ['fraisMax'] };

export const DeliveryZoneInput = z
  .strictObject({ ...zoneFields, villes: zoneFields.villes.default([]), actif: zoneFields.actif.default(true) })
  .refine(boundsInOrder, boundsMessage)
  .meta({ id: 'DeliveryZoneInput' });

export const DeliveryZoneUpdate = z
  .strictObject(zoneFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Give at least one field.' })
  .refine(boundsInOrder, boundsMessage);

export const DeliveryZone = z
  .object({
    id: z.string(),
    nom: z.string(),
    polygon: z.array(GeoPoint).meta({ description: 'The outline as stored: open (no closing point), without repeated points.' }),
    prixParKm: z.number().int(),
    fraisMin: z.number().int(),
    fraisMax: z.number().int(),
    villes: z.array(z.string()),
    actif: z.boolean(),
    areaKm2: z.number().meta({ description: 'Approximate area: where zones overlap, a point belongs to the smallest.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DeliveryZone' });

export const DeliveryZoneIdParams = z.strictObject({ id: documentId('DELIVERY_ZONE_NOT_FOUND') });

export const DeliveryZoneListQuery = PaginationQuery;

export const DeliveryQuoteRequest = z
  .strictObject({
    pickups: z.array(GeoPoint).min(1).max(10).meta({ description: 'Where the courier collects, in the order it goes (one per seller).' }),
    destination: GeoPoint,
  })
  .meta({ id: 'DeliveryQuoteRequest' });

export const DeliveryQuote = z
  .object({
    zoneId: z.string().meta({ description: 'The zone of the destination, whose prices apply.' }),
    distanceKm: z.number().meta({ description: 'Haversine distance from the first pickup through the others to the destination (km, two decimals).' }),
    frais: z.number().int().meta({ description: 'The fee (XOF): distance x the zone’s price per km, rounded up to the franc, then bounded by its minimum and maximum.' }),
    gainLivreur: z.number().int().meta({ description: 'The courier’s share: distance x the courier’s gain per km (delivery settings), rounded up, at most the fee.' }),
    gainSociete: z.number().int().meta({ description: 'The company’s share: the rest of the fee.' }),
  })
  .meta({ id: 'DeliveryQuote' });
