import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest, PaginationQuery } from '../../../core/pagination';
import { ADMIN_ROLES, SENIOR_ADMIN_ROLES } from '../../../core/roles';
import { Publicite, PubliciteIdParams, PubliciteListQuery, PubliciteReject, PubliciteRequest, PubPricing } from './schemas';
import * as publicites from './service';

const tags = ['Advertisements'];
const adminTags = ['Advertisements (admin)'];
const one = (description: string) => ({ description, data: Publicite });

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/publicites',
    operationId: 'requestBoost',
    tags,
    summary: 'Asks for a boost of one of the caller’s online listings',
    description: 'The price is the admin pricing per day times `duree`; the boost waits for its payment (type `publicite`).',
    access: 'profile',
    roles: ['vendeur'],
    body: PubliciteRequest,
    errors: ['ARTICLE_NOT_FOUND', 'NOT_OWNER', 'ARTICLE_NOT_ONLINE'],
    success: { status: 201, ...one('The boost, waiting for payment') },
    handle: ({ caller, body }) => publicites.requestPublicite(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/publicites/mine',
    operationId: 'listMyBoosts',
    tags,
    summary: 'The caller’s boosts, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ['vendeur'],
    query: PaginationQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of boosts', item: Publicite },
    handle: ({ caller, query }) => publicites.listMine(caller, pageRequest(query)),
  })
  .list({
    method: 'get',
    path: '/api/publicites',
    operationId: 'listBoosts',
    tags: adminTags,
    summary: 'Every boost, filtered by status and type, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: PubliciteListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of boosts', item: Publicite },
    handle: ({ query }) => publicites.listAll({ statut: query.statut, typePub: query.typePub }, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/publicites/:id',
    operationId: 'getBoost',
    tags,
    summary: 'One boost (its seller or an admin)',
    access: 'profile',
    params: PubliciteIdParams,
    errors: ['PUBLICITE_NOT_FOUND', 'NOT_OWNER'],
    success: one('The boost'),
    handle: ({ caller, params }) => publicites.viewPublicite(caller, params.id),
  })
  .json({
    method: 'patch',
    path: '/api/publicites/:id/activate',
    operationId: 'activateBoost',
    tags: adminTags,
    summary: 'Starts a paid boost: window from now for `duree` days, listing flag on',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: PubliciteIdParams,
    errors: ['PUBLICITE_NOT_FOUND', 'INVALID_TRANSITION', 'ARTICLE_NOT_ONLINE'],
    success: one('The running boost'),
    handle: ({ caller, params }) => publicites.activate(params.id, caller.uid),
  })
  .json({
    method: 'patch',
    path: '/api/publicites/:id/reject',
    operationId: 'rejectBoost',
    tags: adminTags,
    summary: 'Rejects a boost with a reason (a paid one is marked for refund)',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: PubliciteIdParams,
    body: PubliciteReject,
    errors: ['PUBLICITE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: one('The rejected boost'),
    handle: ({ caller, params, body }) => publicites.reject(caller, params.id, body.motif),
  })
  .list({
    method: 'get',
    path: '/api/public/publicites',
    operationId: 'listRunningBoosts',
    tags: ['Public'],
    summary: 'Running boosts, ending soonest first',
    description: 'Only boosts of listings in public view: a listing leaving it (withdrawn, taken down, sold, back to moderation, a lapsed seller’s part) ends its boosts.',
    access: 'public',
    reads: pagedReads({ perItem: 1, why: 'one indexed query for the page of running boosts (its offset skips at most PAGINATION_MAX_OFFSET, billed as read), one count for `total`, and the listing of each boost (one `getAll`) to leave out those no longer public.' }),
    query: PaginationQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of running boosts', item: Publicite },
    handle: ({ query }) => publicites.listRunning(pageRequest(query)),
  });

/** Mounted in the admin function (`/api/admin/*`). */
export const pricingRouter = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/admin/pub-pricing',
    operationId: 'getAdvertisingPricing',
    tags: ['Advertisements'],
    summary: 'Advertising prices per day',
    access: 'profile',
    success: { description: 'The prices', data: PubPricing },
    handle: () => publicites.getPricing(),
  })
  .json({
    method: 'put',
    path: '/api/admin/pub-pricing',
    operationId: 'setAdvertisingPricing',
    tags: adminTags,
    summary: 'Sets the advertising prices per day',
    description: 'Applies to boosts asked from now on; existing ones keep their price. Principal and superAdmin only (price lists and tariffs); the write enters the audit trail (`pricing.updated`).',
    access: 'profile',
    roles: SENIOR_ADMIN_ROLES,
    body: PubPricing,
    success: { description: 'The new prices', data: PubPricing },
    handle: ({ caller, body }) => publicites.setPricing(caller, body),
  });
