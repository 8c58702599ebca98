/** Order shapes, published now because the spec names them; routes come with commerce. */
import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { GeoPoint } from '../geo';

export const OrderInput = z
  .strictObject({
    items: z
      .array(z.strictObject({ articleId: documentId('ARTICLE_NOT_FOUND'), quantite: z.number().int().min(1).max(999) }))
      .min(1)
      .max(50),
    livraison: z.boolean().meta({ description: 'Whether the parts are delivered by a courier.' }),
    adresseLivraison: z
      .strictObject({ ville: z.string().trim().min(1).max(80), details: z.string().trim().max(500).optional(), position: GeoPoint })
      .optional(),
  })
  .meta({ id: 'OrderInput', description: 'A basket of parts; prices come from the articles, never from the client.' });
