import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { create, ofForwarder, remove, Review, ReviewPage, ReviewRequest, ReviewUpdate, update } from './service';

const tags = ['Forwarder reviews'];
const Id = z.strictObject({ id: documentId('REVIEW_NOT_FOUND') });

/** A page of a forwarder's reviews: the page, its count, and the forwarder's rating counter (the average). */
const reviewReads = pagedReads({ fixed: 1, why: 'one indexed query for the page (its offset skips at most PAGINATION_MAX_OFFSET, billed as read), one count for `total`, and the forwarder’s rating counter.' });

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/transitaire-reviews',
    operationId: 'reviewForwarder',
    tags,
    summary: 'Reviews a forwarder, once, after a mission with it is closed (`traite`)',
    access: 'profile',
    roles: ['acheteur'],
    body: ReviewRequest,
    errors: ['REVIEW_NOT_ALLOWED', 'ALREADY_REVIEWED'],
    success: { status: 201, description: 'The review', data: Review },
    handle: ({ caller, body }) => create(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/transitaire-reviews/:id',
    operationId: 'updateForwarderReview',
    tags,
    summary: 'Edits the caller’s own review',
    access: 'profile',
    roles: ['acheteur'],
    params: Id,
    body: ReviewUpdate,
    errors: ['REVIEW_NOT_FOUND'],
    success: { description: 'The review', data: Review },
    handle: ({ caller, params, body }) => update(caller, params.id, body),
  })
  .json({
    method: 'delete',
    path: '/api/transitaire-reviews/:id',
    operationId: 'deleteForwarderReview',
    tags,
    summary: 'Deletes the caller’s own review (forwarders cannot delete reviews)',
    access: 'profile',
    roles: ['acheteur'],
    params: Id,
    errors: ['REVIEW_NOT_FOUND'],
    success: { description: 'Deleted', data: z.object({ deleted: z.literal(true) }) },
    handle: ({ caller, params }) => remove(caller, params.id),
  })
  .json({
    method: 'get',
    path: '/api/transitaire-reviews/received',
    operationId: 'listMyReceivedReviews',
    tags,
    summary: 'Reviews the calling forwarder received, with its average',
    access: 'profile',
    roles: ['transitaire'],
    query: ReviewPage,
    reads: reviewReads,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of reviews and the average', data: ReviewsPage() },
    handle: ({ caller, query }) => ofForwarder(caller.uid, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/transitaire-reviews/transitaire/:transitaireId',
    operationId: 'listForwarderReviews',
    tags,
    summary: 'A forwarder’s reviews, newest first, with its average rating',
    access: 'profile',
    params: z.strictObject({ transitaireId: documentId('USER_NOT_FOUND') }),
    query: ReviewPage,
    reads: reviewReads,
    errors: ['USER_NOT_FOUND', 'PAGE_TOO_DEEP'],
    success: { description: 'A page of reviews and the average', data: ReviewsPage() },
    handle: ({ params, query }) => ofForwarder(params.transitaireId, pageRequest(query)),
  });

function ReviewsPage() {
  return z.object({
    items: z.array(Review),
    pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() }),
    average: z.number().nullable().meta({ description: 'Average rating, one decimal; null without reviews.' }),
  });
}
