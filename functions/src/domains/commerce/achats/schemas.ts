import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { CountryCode } from '../../geo';

export const ACHAT_STATUSES = ['en_attente_paiement', 'payee', 'annulee', 'a_rembourser'] as const;

export const AchatRequest = z
  .strictObject({
    articleId: documentId('ARTICLE_NOT_FOUND'),
    modeLivraison: z.enum(['consommation', 'transit']),
    paysDestination: CountryCode.optional().meta({ description: 'Required for `transit`: the country the vehicle is shipped to.' }),
  })
  .refine((value) => value.modeLivraison !== 'transit' || value.paysDestination !== undefined, {
    message: 'A transit purchase needs its destination country.',
    path: ['paysDestination'],
  });

export const Achat = z.object({
  id: z.string(),
  acheteur: z.string(),
  vendeur: z.string(),
  articleId: z.string(),
  articleTitre: z.string(),
  prix: z.number().int(),
  modeLivraison: z.enum(['consommation', 'transit']),
  paysDestination: z.string().nullable(),
  statut: z.enum(ACHAT_STATUSES).meta({ description: '`a_rembourser`: paid, but another buyer paid for the listing first.' }),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});

export const AchatIdParams = z.strictObject({ id: documentId('ACHAT_NOT_FOUND') });
export const AchatListQuery = PaginationQuery;
