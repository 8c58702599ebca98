import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { CountryCode } from '../geo';
import { MISSION_STATUSES } from './state';

const articleId = documentId('MISSION_NOT_FOUND');
const details = {
  modeLivraison: z.enum(['transit', 'consommation']).optional(),
  paysDestination: CountryCode.optional(),
  detailsSupplementaires: z.string().trim().max(2000).optional(),
};

export const StartRequest = z.strictObject({ articleId, ...details });
export const SelectRequest = z.strictObject({ articleId, transitaireId: documentId('USER_NOT_FOUND') });
export const TransferRequest = z.strictObject({ articleId });
export const DetailsRequest = z.strictObject(details).refine((value) => Object.keys(value).length > 0, { message: 'Give at least one field.' });
export const MissionIdParams = z.strictObject({ id: documentId('MISSION_NOT_FOUND') });
export const ArticleParams = z.strictObject({ articleId });
export const MissionListQuery = PaginationQuery.extend({ statut: z.enum(MISSION_STATUSES).optional() });

export const TransitMission = z
  .object({
    id: z.string(),
    article: z.string(),
    acheteur: z.string(),
    transitaire: z.string().nullable(),
    statut: z.enum(MISSION_STATUSES),
    modeLivraison: z.enum(['transit', 'consommation']),
    paysDestination: z.string().nullable(),
    detailsSupplementaires: z.string().nullable(),
    articleTitre: z.string(),
    dateSelectionTransitaire: z.string().nullable(),
    dateTransfer: z.string().nullable(),
    dateTraite: z.string().nullable(),
    verificationApproved: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TransitMission' });

export const TransitaireListQuery = PaginationQuery.extend({
  paysDestination: CountryCode.optional().meta({ description: 'Only forwarders serving this country.' }),
});

export const Transitaire = z
  .object({
    id: z.string().meta({ description: 'The forwarder’s user id, for `select-transitaire`.' }),
    nom: z.string(),
    prenoms: z.string(),
    photoUrl: z.string().nullable(),
    companyName: z.string(),
    pays: z.string().meta({ description: 'Country of the company.' }),
    paysDesservis: z.array(z.string()).meta({ description: 'Countries it ships to.' }),
    averageRating: z.number().nullable().meta({ description: 'Average review rating, one decimal; null without reviews.' }),
    reviewCount: z.number().int(),
  })
  .meta({ id: 'Transitaire', description: 'A verified, subscribed forwarder a buyer can choose.' });
