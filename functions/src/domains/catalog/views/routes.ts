import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest, PaginationQuery } from '../../../core/pagination';
import { Article } from '../schemas';
import { mostViewed } from '../service';
import { recordView, viewCount } from './service';

const tags = ['Views'];
const ArticleParams = z.strictObject({ articleId: documentId('ARTICLE_NOT_FOUND') });

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/views/most-viewed',
    operationId: 'listMostViewedListings',
    tags,
    summary: 'Online listings, most viewed first',
    access: 'public',
    reads: pagedReads(),
    query: PaginationQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of listings', item: Article },
    handle: ({ query }) => mostViewed(pageRequest(query)),
  })
  .json({
    method: 'post',
    path: '/api/views/:articleId',
    operationId: 'recordListingView',
    tags,
    summary: 'Records a view of an online listing',
    description:
      'Counted once per viewer and day: the signed-in user (Bearer token, optional) or, for anonymous clients, `deviceId`. `views` is the count read just after this view, its own included.',
    // Anyone; a token, when sent, is verified by the router (a bad one is refused, not ignored).
    access: 'optional',
    // A free action of the apps: each anonymous view moves a listing's count.
    appCheck: true,
    params: ArticleParams,
    body: z.strictObject({ deviceId: z.string().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/).optional() }).optional(),
    errors: ['ARTICLE_NOT_FOUND'],
    success: { description: 'Whether this view counted, and the count', data: z.object({ counted: z.boolean(), views: z.number().int() }) },
    handle: ({ caller, req, params, body }) => recordView(req, caller, params.articleId, body?.deviceId),
  })
  .json({
    method: 'get',
    path: '/api/views/:articleId',
    operationId: 'getListingViewCount',
    tags,
    summary: 'View count of an online listing',
    description: 'Every view counted so far (the listing’s own `views` field is a roll-up, at most about a minute behind, or 10 minutes for a listing nobody views any more).',
    access: 'public',
    params: ArticleParams,
    errors: ['ARTICLE_NOT_FOUND'],
    success: { description: 'The count', data: z.object({ articleId: z.string(), views: z.number().int() }) },
    handle: ({ params }) => viewCount(params.articleId),
  });
