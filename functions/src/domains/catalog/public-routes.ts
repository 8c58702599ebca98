/** `/api/public`: what anyone may read without a token. Only public fields, only online listings. */
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest } from '../../core/pagination';
import { Article, ArticleIdParams, ArticleSearchQuery } from './schemas';
import { onlineSearch } from './routes';
import { viewArticle } from './listing-view';
import * as catalog from './service';
import { USER_LIMITS } from '../../core/user-limits';

const tags = ['Public'];

export const router = new ApiRouter()
  .list({ ...onlineSearch, path: '/api/public/articles', operationId: 'searchPublicListings', tags, access: 'public' })
  .list({
    method: 'get',
    path: '/api/public/articles/a-la-une',
    operationId: 'listFrontPageListings',
    tags,
    summary: 'Front-page listings (boosted `a_la_une`)',
    access: 'public',
    userRateLimit: USER_LIMITS.search,
    reads: pagedReads(),
    query: ArticleSearchQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of front-page listings', item: Article },
    handle: ({ query }) => catalog.searchOnline(query, pageRequest(query), 'aLaUne'),
  })
  .list({
    method: 'get',
    path: '/api/public/articles/sponsorises',
    operationId: 'listSponsoredListings',
    tags,
    summary: 'Sponsored listings',
    access: 'public',
    userRateLimit: USER_LIMITS.search,
    reads: pagedReads(),
    query: ArticleSearchQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of sponsored listings', item: Article },
    handle: ({ query }) => catalog.searchOnline(query, pageRequest(query), 'sponsorise'),
  })
  .json({
    method: 'get',
    path: '/api/public/articles/:id',
    operationId: 'getPublicListing',
    tags,
    summary: 'One online (or sold) listing',
    access: 'public',
    params: ArticleIdParams,
    errors: ['ARTICLE_NOT_FOUND'],
    success: { description: 'The listing', data: Article },
    handle: ({ params }) => viewArticle(undefined, params.id),
  });
