/** Shapes of the tricycle routes: a driver's status and location, the nearby search, contacts. */
import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { GeoPoint, QueryLatitude, QueryLongitude } from '../../geo';
import { CONTACT_STATUSES } from './state';

export const StatusRequest = z
  .strictObject({
    online: z.boolean().meta({ description: 'true: shown to buyers nearby from `position`; false: hidden (position kept private).' }),
    position: GeoPoint.optional().meta({ description: 'Where the driver is; required to go online.' }),
    vehicule: z.string().trim().min(1).max(200).optional().meta({ description: 'How buyers recognise the tricycle (model, colour). Required the first time; kept when left out.' }),
    plaque: z.string().trim().min(1).max(20).optional().meta({ description: 'Registration plate. Required the first time; kept when left out.' }),
    prixIndicatif: z.number().int().min(0).max(1_000_000).nullable().optional().meta({ description: 'Indicative price of a trip in town (XOF); null removes it; kept when left out.' }),
  })
  .refine((value) => !value.online || value.position !== undefined, { message: 'Going online needs `position`.', path: ['position'] });

export const LocationRequest = GeoPoint;

export const TricycleDriver = z
  .object({
    uid: z.string(),
    online: z.boolean(),
    position: GeoPoint.nullable(),
    locationAt: z.string().nullable().meta({ description: 'When the position was last written.' }),
    nom: z.string(),
    prenoms: z.string(),
    photoUrl: z.string().nullable(),
    vehicule: z.string(),
    plaque: z.string(),
    prixIndicatif: z.number().int().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TricycleDriver' });

export const NearbyTricycle = z
  .object({
    uid: z.string(),
    position: GeoPoint,
    distanceKm: z.number().meta({ description: 'From the searched point (great circle, two decimals).' }),
    locationAt: z.string(),
    nom: z.string(),
    prenoms: z.string(),
    photoUrl: z.string().nullable(),
    vehicule: z.string(),
    plaque: z.string(),
    prixIndicatif: z.number().int().nullable(),
  })
  .meta({ id: 'NearbyTricycle' });

export const LocationOutcome = z
  .object({
    written: z.boolean(),
    reason: z.enum(['written', 'throttled', 'offline']).meta({
      description: '`written`: the position was stored; `throttled`: the last one is younger than TRICYCLE_LOCATION_INTERVAL_SECONDS (nothing stored, send again later); `offline`: the driver is offline or never published a status (nothing stored).',
    }),
    nextWriteAt: z.string().nullable().meta({ description: 'From when a position will be stored again (null when offline).' }),
  })
  .meta({ id: 'TricycleLocationOutcome' });

export const NearbyQuery = PaginationQuery.extend({
  latitude: QueryLatitude('Where the buyer searches from: latitude in decimal degrees, -90 to 90.'),
  longitude: QueryLongitude('Where the buyer searches from: longitude in decimal degrees, -180 to 180.'),
  radiusKm: z.coerce.number().positive().max(50).optional().meta({ description: 'Search radius in km (default TRICYCLE_SEARCH_RADIUS_KM, at most 50).' }),
});

export const ContactRequest = z.strictObject({
  chauffeur: documentId('TRICYCLE_DRIVER_NOT_FOUND', 'The driver’s uid, as the nearby search gives it.'),
  message: z.string().trim().min(1).max(500).optional().meta({ description: 'A word for the driver (where to, how many passengers).' }),
  position: GeoPoint.optional().meta({ description: 'Where the buyer waits.' }),
});

export const TricycleContact = z
  .object({
    id: z.string().meta({ description: '`{buyerUid}_{driverUid}`: the one contact of a buyer and a driver, opened again after it closes; also the chat context id (`tricycle`).' }),
    acheteur: z.string(),
    chauffeur: z.string(),
    statut: z.enum(CONTACT_STATUSES),
    message: z.string().nullable(),
    position: GeoPoint.nullable(),
    chauffeurNom: z.string(),
    acheteurNom: z.string(),
    vehicule: z.string(),
    plaque: z.string(),
    closedBy: z.enum(['acheteur', 'chauffeur', 'declined', 'system']).nullable().meta({ description: 'Who closed the current opening (`declined`: the driver refused it; `system`: an account taken out).' }),
    acceptedAt: z.string().nullable(),
    openedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TricycleContact' });

export const ContactIdParams = z.strictObject({ id: documentId('TRICYCLE_CONTACT_NOT_FOUND') });

export const ContactListQuery = PaginationQuery.extend({ statut: z.enum(CONTACT_STATUSES).optional() });

export const AdminDriversQuery = PaginationQuery.extend({
  online: z.enum(['true', 'false']).transform((value) => value === 'true').optional().meta({ description: 'Only online (true) or offline (false) drivers.' }),
});

export const AdminContactsQuery = PaginationQuery.extend({
  statut: z.enum(CONTACT_STATUSES).optional(),
  acheteur: documentId('USER_NOT_FOUND').optional(),
  chauffeur: documentId('USER_NOT_FOUND').optional(),
}).refine((value) => [value.statut, value.acheteur, value.chauffeur].filter((filter) => filter !== undefined).length <= 1, {
  message: 'Filter by one of `statut`, `acheteur` or `chauffeur`.',
  path: ['statut'],
});
