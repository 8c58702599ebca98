import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { GeoPoint, QueryLatitude, QueryLongitude } from '../../geo';
import { DEMANDE_STATUSES } from './state';

const Place = z.strictObject({
  adresse: z.string().trim().min(1).max(300).meta({ description: 'The place as text.' }),
  point: GeoPoint.meta({ description: 'The place on the map: drivers find the request by it (nearest first), and see its area only until one accepts.' }),
});

export const DemandeRequest = z
  .strictObject({
    articleId: documentId('ARTICLE_NOT_FOUND', 'The listing the driver is wanted for (online); or give `trajet`.').optional(),
    trajet: z
      .strictObject({ depart: z.string().trim().min(1).max(300), arrivee: z.string().trim().min(1).max(300) })
      .optional()
      .meta({ description: 'A trip from one place to another; or give `articleId`.' }),
    date: z.iso.datetime({ offset: true }).meta({ description: 'When the driver is wanted (ISO 8601, in the future).', example: '2030-01-15T09:00:00Z' }),
    lieu: Place.meta({ description: 'Where the driver meets the buyer; drivers nearby find the request by `point`.' }),
    note: z.string().trim().max(1000).optional(),
  })
  .refine((value) => (value.articleId === undefined) !== (value.trajet === undefined), {
    message: 'Give either `articleId` or `trajet`, not both.',
    path: ['articleId'],
  });

export const Demande = z
  .object({
    id: z.string(),
    acheteur: z.string(),
    articleId: z.string().nullable(),
    articleTitre: z.string().nullable(),
    trajet: z.object({ depart: z.string(), arrivee: z.string() }).nullable(),
    date: z.string(),
    lieu: z.object({ adresse: z.string(), point: GeoPoint.nullable().meta({ description: 'Null for requests made before a point was required.' }) }),
    note: z.string(),
    statut: z.enum(DEMANDE_STATUSES),
    chauffeur: z.string().nullable().meta({ description: 'The driver who accepted it, while `acceptee`.' }),
    refusedBy: z.array(z.string()).meta({ description: 'Drivers who accepted then refused it: it is not offered to them again.' }),
    motif: z.string().nullable().meta({ description: 'Why an admin rejected it.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DemandeChauffeur' });

export const DemandeIdParams = z.strictObject({ id: documentId('DEMANDE_NOT_FOUND') });

export const DemandeListQuery = PaginationQuery;

/** The open list's radius when the driver gives none, and the largest it takes (km). */
export const OPEN_RADIUS_KM = { default: 25, max: 50 } as const;

export const OpenDemandesQuery = PaginationQuery.extend({
  lat: QueryLatitude('The driver’s latitude: requests nearest to it first.'),
  lng: QueryLongitude('The driver’s longitude.'),
  radiusKm: z.coerce
    .number()
    .positive()
    .max(OPEN_RADIUS_KM.max)
    .optional()
    .meta({ description: `How far from the driver, in km (default ${OPEN_RADIUS_KM.default}, at most ${OPEN_RADIUS_KM.max}).` }),
});

/**
 * An open request as drivers see it before one accepts: the meeting place's area (its point rounded
 * as a delivery offer's destination, about a kilometre), no address, no note and no buyer.
 */
export const OpenDemande = z
  .object({
    id: z.string(),
    articleId: z.string().nullable(),
    articleTitre: z.string().nullable(),
    trajet: z.object({ depart: z.string(), arrivee: z.string() }).nullable(),
    date: z.string(),
    zone: GeoPoint.meta({ description: 'The meeting place’s area: its point rounded to 0.01° (about 1.1 km). The exact place, address and note reach the driver who accepts.' }),
    distanceKm: z.number().meta({ description: 'From the driver’s position to the area (great circle, two decimals).' }),
    createdAt: z.string(),
  })
  .meta({ id: 'DemandeChauffeurOuverte' });

export const AdminDemandesQuery = PaginationQuery.extend({
  statut: z.enum(DEMANDE_STATUSES).optional(),
  acheteur: documentId('USER_NOT_FOUND').optional(),
  chauffeur: documentId('USER_NOT_FOUND').optional(),
});

export const RejectDemandeRequest = z.strictObject({ motif: z.string().trim().min(1).max(500) });
