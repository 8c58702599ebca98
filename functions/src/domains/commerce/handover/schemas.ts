import { z } from 'zod';
import { PaginationQuery } from '../../../core/pagination';

/** The body of a seller's in-person handover (orders and purchases alike). */
export const HandoverCode = z.strictObject({
  code: z
    .string()
    .regex(/^\d{6}$/)
    .meta({ description: 'The buyer’s six-digit handover code, as the buyer app shows it.', example: '482913' }),
});

export const StaleQuery = PaginationQuery.extend({
  vente: z.enum(['commande', 'achat']).default('commande').meta({ description: 'Orders of parts (`commande`) or purchases of vehicles (`achat`).' }),
});
