/**
 * `/api/admin/*-pricing` and `/api/admin/delivery-settings`: GET for signed-in users (the referral
 * tariff: admin levels), PUT (and POST for seller gains) for principal and superAdmin only
 * (DOMAIN.md, "Admin powers"), each write audited.
 */
import { ApiRouter } from '../../core/http';
import { ADMIN_ROLES, SENIOR_ADMIN_ROLES } from '../../core/roles';
import { PRICE_LISTS, type PriceListName, readByAdminsOnly } from './registry';
import { priceList, setPriceList } from './service';

export const router = new ApiRouter();

for (const name of Object.keys(PRICE_LISTS) as PriceListName[]) {
  const { schema, summary, noun } = PRICE_LISTS[name];
  const path = `/api/admin/${name}`;
  router.json({
    method: 'get',
    path,
    operationId: `get${noun}`,
    tags: ['Pricing'],
    summary,
    access: 'profile',
    ...(readByAdminsOnly(name) ? { tags: ['Pricing (admin)'], roles: ADMIN_ROLES } : {}),
    success: { description: 'The prices', data: schema },
    handle: () => priceList(name),
  });
  // The spec lists POST beside PUT for the seller gains; both replace the whole list.
  for (const method of name === 'seller-gain-pricing' ? (['put', 'post'] as const) : (['put'] as const)) {
    router.json({
      method,
      path,
      // The POST twin of a PUT needs a name of its own: generated clients name a method after each.
      operationId: method === 'put' ? `set${noun}` : `set${noun}ByPost`,
      tags: ['Pricing (admin)'],
      summary: `Sets: ${summary.toLowerCase()}`,
      description: 'Applies to payments started from now on. Price lists and tariffs are written by principal and superAdmin only; each write enters the audit trail (`pricing.updated`) with the list before and after.',
      access: 'profile',
      roles: SENIOR_ADMIN_ROLES,
      body: schema,
      success: { description: 'The new prices', data: schema },
      handle: ({ caller, body }) => setPriceList(caller, name, body as never),
    });
  }
}
