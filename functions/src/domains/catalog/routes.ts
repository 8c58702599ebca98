import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest } from '../../core/pagination';
import { ADMIN_ROLES } from '../../core/roles';
import { Article, ArticleIdParams, ArticleInput, ArticleSearchQuery, ArticleUpdate, MineQuery, RejectRequest, StockRequest } from './schemas';
import { viewArticle } from './listing-view';
import * as catalog from './service';
import { USER_LIMITS } from '../../core/user-limits';

const tags = ['Listings'];

/** The search of online listings, served signed in here and publicly under /api/public. */
export const onlineSearch = {
  method: 'get',
  summary: 'Searches online listings',
  userRateLimit: USER_LIMITS.search,
  description: 'Parts of a seller whose trial and subscription are over are left out until it renews.',
  query: ArticleSearchQuery,
  reads: pagedReads(),
  errors: ['PAGE_TOO_DEEP'],
  success: { description: 'A page of online listings', item: Article },
  handle: ({ query }: { query: z.output<typeof ArticleSearchQuery> }) => catalog.searchOnline(query, pageRequest(query)),
} as const;
const SELLERS = ['vendeur', ...ADMIN_ROLES] as const;
const one = (description: string) => ({ description, data: Article });
const ownerErrors = ['ARTICLE_NOT_FOUND', 'NOT_OWNER'] as const;

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/articles',
    operationId: 'createListing',
    tags,
    summary: 'Publishes a listing',
    description: 'Online at once with ARTICLE_MODERATION=post (the default), waiting for an admin with `pre`. Parts need an active seller subscription (or the trial).',
    access: 'profile',
    roles: SELLERS,
    body: ArticleInput,
    errors: ['STOCK_ONLY_FOR_PARTS', 'SUBSCRIPTION_REQUIRED'],
    success: { status: 201, ...one('The new listing') },
    handle: ({ caller, body }) => catalog.createArticle(caller, body),
  })
  .list({ ...onlineSearch, path: '/api/articles', operationId: 'searchListings', tags, access: 'profile' })
  .list({
    method: 'get',
    path: '/api/articles/mine',
    operationId: 'listMyListings',
    tags,
    summary: 'The caller’s own listings, every status, newest first',
    access: 'profile',
    reads: pagedReads(),
    roles: SELLERS,
    query: MineQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of the caller’s listings', item: Article },
    handle: ({ caller, query }) => catalog.searchMine(caller, query.statut, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/articles/:id',
    operationId: 'getListing',
    tags,
    summary: 'One listing: online ones for everyone, the others for their seller and admins',
    description: 'A part of a seller whose trial and subscription are over is its seller’s and the admins’ only until it renews.',
    access: 'profile',
    params: ArticleIdParams,
    errors: ['ARTICLE_NOT_FOUND'],
    success: one('The listing'),
    handle: ({ caller, params }) => viewArticle(caller, params.id),
  })
  .json({
    method: 'patch',
    path: '/api/articles/:id',
    operationId: 'updateListing',
    tags,
    summary: 'Edits a listing (a rejected one goes back to moderation)',
    description:
      'With ARTICLE_MODERATION=pre, a seller’s edit of an online listing that changes what buyers see (any field but a part’s `stock`) sends it back to `en_attente`, out of public view and with its boosts ended, until approved again.',
    access: 'profile',
    roles: SELLERS,
    params: ArticleIdParams,
    body: ArticleUpdate,
    errors: [...ownerErrors, 'INVALID_TRANSITION', 'STOCK_ONLY_FOR_PARTS'],
    success: one('The edited listing'),
    handle: ({ caller, params, body }) => catalog.updateArticle(caller, params.id, body),
  })
  .json({
    method: 'patch',
    path: '/api/articles/:id/stock',
    operationId: 'setListingStock',
    tags,
    summary: 'Sets the stock of a part',
    description: 'Its seller (or an admin level) sets how many units of a part are left; a listing that is not a part has no stock (400 STOCK_ONLY_FOR_PARTS). Another seller’s listing is 403 NOT_OWNER.',
    access: 'profile',
    roles: SELLERS,
    params: ArticleIdParams,
    body: StockRequest,
    errors: [...ownerErrors, 'STOCK_ONLY_FOR_PARTS'],
    success: one('The listing with its stock'),
    handle: ({ caller, params, body }) => catalog.setStock(caller, params.id, body.stock),
  })
  .json({
    method: 'post',
    path: '/api/articles/:id/withdraw',
    operationId: 'withdrawListing',
    tags,
    summary: 'Withdraws an online listing (final)',
    description: 'Its seller (or an admin level) takes an online (`en_ligne`) listing out of the searches for good: `retire`, which nothing leaves. Another seller’s listing is 403 NOT_OWNER; a listing in another status is 409 INVALID_TRANSITION.',
    access: 'profile',
    roles: SELLERS,
    params: ArticleIdParams,
    errors: [...ownerErrors, 'INVALID_TRANSITION'],
    success: one('The withdrawn listing'),
    handle: ({ caller, params }) => catalog.withdraw(caller, params.id),
  })
  .json({
    method: 'delete',
    path: '/api/articles/:id',
    operationId: 'deleteListing',
    tags,
    summary: 'Deletes a listing that was not sold',
    description: 'Its seller (or an admin level) deletes it in any status but `vendu`: a sold listing stays, part of its sale’s records (409 INVALID_TRANSITION). Another seller’s listing is 403 NOT_OWNER.',
    access: 'profile',
    roles: SELLERS,
    params: ArticleIdParams,
    errors: [...ownerErrors, 'INVALID_TRANSITION'],
    success: { description: 'Deleted', data: z.object({ deleted: z.literal(true) }) },
    handle: ({ caller, params }) => catalog.deleteArticle(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/articles/:id/approve',
    operationId: 'approveListing',
    tags: ['Listings (admin)'],
    summary: 'Approves a listing waiting for moderation',
    description: 'A listing waiting for moderation (`en_attente`) goes online (`en_ligne`) and shows in the searches; a listing in another status is 409 INVALID_TRANSITION.',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: ArticleIdParams,
    errors: ['ARTICLE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: one('The online listing'),
    handle: ({ params }) => catalog.approve(params.id),
  })
  .json({
    method: 'post',
    path: '/api/articles/:id/reject',
    operationId: 'rejectListing',
    tags: ['Listings (admin)'],
    summary: 'Rejects a waiting listing or takes an online one down, with a reason',
    access: 'profile',
    roles: ADMIN_ROLES,
    params: ArticleIdParams,
    body: RejectRequest,
    errors: ['ARTICLE_NOT_FOUND', 'INVALID_TRANSITION'],
    success: one('The rejected listing'),
    handle: ({ params, body }) => catalog.reject(params.id, body.motif),
  });
