import { z } from 'zod';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { ADMIN_ROLES } from '../../../core/roles';
import { Achat } from '../achats/schemas';
import { Order } from '../orders/schemas';
import { StaleQuery } from './schemas';
import { staleHandovers } from './stale';

/** Admins' list of stale handovers (DOMAIN.md, "Fair exchange"); each is decided with its sale's admin route. */
export const router = new ApiRouter().list({
  method: 'get',
  path: '/api/admin/remises-en-retard',
  operationId: 'listStaleHandovers',
  tags: ['Orders (admin)'],
  summary:
    'Paid sales nobody handed over for HANDOVER_REMINDER_DAYS (their parties reminded), the oldest payment first: release or refund each with `POST /api/orders/admin/{id}/status` or `POST /api/achat/admin/{id}/status` (with a courier, through its delivery)',
  access: 'profile',
  reads: pagedReads(),
  roles: ADMIN_ROLES,
  query: StaleQuery,
  errors: ['PAGE_TOO_DEEP'],
  success: {
    description: 'A page of stale sales',
    item: z.object({ vente: z.enum(['commande', 'achat']), commande: Order.nullable(), achat: Achat.nullable() }).meta({ id: 'StaleHandover' }),
  },
  handle: ({ query }) => staleHandovers(query, pageRequest(query)),
});
