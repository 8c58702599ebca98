/** Delivery shape, published now because the spec names it; routes come with logistics. */
import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { GeoPoint } from '../geo';

export const DeliveryInput = z
  .strictObject({
    orderId: documentId('NOT_FOUND').optional(),
    achatId: documentId('ACHAT_NOT_FOUND').optional(),
    destination: GeoPoint,
    adresse: z.string().trim().min(1).max(500),
    instructions: z.string().trim().max(1000).optional(),
  })
  .refine((value) => Boolean(value.orderId) !== Boolean(value.achatId), { message: 'A delivery is for one order or one purchase.' })
  .meta({ id: 'DeliveryInput', description: 'Asks for the delivery of an order or a purchase; the fee is computed by the server.' });
