import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { PUBLICITE_STATUSES } from './state';

export const TYPES_PUB = ['sponsorise', 'a_la_une'] as const;
export const DUREES = [7, 14, 30, 60, 90] as const;

export const PubliciteRequest = z.strictObject({
  articleId: documentId('ARTICLE_NOT_FOUND'),
  typePub: z.enum(TYPES_PUB),
  duree: z.union(DUREES.map((days) => z.literal(days))).meta({ description: 'Days: 7, 14, 30, 60 or 90.' }),
});

export const Publicite = z
  .object({
    id: z.string(),
    articleId: z.string(),
    vendeur: z.string(),
    typePub: z.enum(TYPES_PUB),
    duree: z.number().int(),
    prixParJour: z.number().int().meta({ description: 'XOF per day, from the admin pricing when asked.' }),
    montant: z.number().int().meta({ description: 'XOF to pay: prixParJour x duree.' }),
    statut: z.enum(PUBLICITE_STATUSES),
    motifRejet: z.string().nullable(),
    paymentId: z.string().nullable(),
    remboursement: z.object({ montant: z.number().int(), statut: z.literal('a_rembourser') }).nullable(),
    dateDebut: z.string().nullable(),
    dateFin: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Publicite', description: 'A paid boost of a listing.' });

export const PubliciteIdParams = z.strictObject({ id: documentId('PUBLICITE_NOT_FOUND') });
export const PubliciteListQuery = PaginationQuery.extend({ statut: z.enum(PUBLICITE_STATUSES).optional(), typePub: z.enum(TYPES_PUB).optional() });
export const PubliciteReject = z.strictObject({ motif: z.string().trim().min(3).max(500) });

export const PubPricing = z
  .strictObject({
    sponsoriseParJour: z.number().int().min(0).max(1_000_000),
    aLaUneParJour: z.number().int().min(0).max(1_000_000),
  })
  .meta({ id: 'PubPricing', description: 'Advertising prices in XOF per day.' });
