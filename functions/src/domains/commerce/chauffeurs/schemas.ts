import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { GeoPoint, QueryLatitude, QueryLongitude } from '../../geo';
import { DEMANDE_STATUSES } from './state';

const Place = z.strictObject({
  adresse: z.string().trim().min(1).max(300).meta({ description: 'The place as text.' }),
  point: GeoPoint.optional(),
});

export const DemandeRequest = z
  .strictObject({
    articleId: documentId('ARTICLE_NOT_FOUND', 'The listing the driver is wanted for (online); or give `trajet`.').optional(),
    trajet: z
      .strictObject({ depart: z.string().trim().min(1).max(300), arrivee: z.string().trim().min(1).max(300) })
      .optional()
      .meta({ description: 'A trip from one place to another; or give `articleId`.' }),
    date: z.iso.datetime({ offset: true }).meta({ description: 'When the driver is wanted (ISO 8601, in the future).', example: '2030-01-15T09:00:00Z' }),
    lieu: Place.meta({ description: 'Where the driver meets the buyer; `point` lets drivers see the nearest requests first.' }),
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
    lieu: z.object({ adresse: z.string(), point: GeoPoint.nullable() }),
    note: z.string(),
    statut: z.enum(DEMANDE_STATUSES),
    chauffeur: z.string().nullable().meta({ description: 'The driver who accepted it, while `acceptee`.' }),
    refusedBy: z.array(z.string()).meta({ description: 'Drivers who accepted then refused it: it is not offered to them again.' }),
    motif: z.string().nullable().meta({ description: 'Why an admin rejected it.' }),
    distanceKm: z.number().optional().meta({ description: 'In the open list, from the driver’s location when given.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DemandeChauffeur' });

export const DemandeIdParams = z.strictObject({ id: documentId('DEMANDE_NOT_FOUND') });

export const DemandeListQuery = PaginationQuery;

export const OpenDemandesQuery = PaginationQuery.extend({
  lat: QueryLatitude('The driver’s latitude: nearest first (with `lng`).').optional(),
  lng: QueryLongitude('The driver’s longitude (with `lat`).').optional(),
}).refine((value) => (value.lat === undefined) === (value.lng === undefined), { message: 'Give both `lat` and `lng`, or neither.', path: ['lat'] });

export const AdminDemandesQuery = PaginationQuery.extend({
  statut: z.enum(DEMANDE_STATUSES).optional(),
  acheteur: documentId('USER_NOT_FOUND').optional(),
  chauffeur: documentId('USER_NOT_FOUND').optional(),
});

export const RejectDemandeRequest = z.strictObject({ motif: z.string().trim().min(1).max(500) });
