/**
 * `PaginationQuery` (`page`, `limit`) and the page arithmetic. Pages are offset based because the
 * clients ask for page numbers; the deepest offset is bounded (PAGINATION_MAX_OFFSET) so a list
 * request never reads an unbounded number of documents.
 */
import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { config } from './config';
import { ApiError } from './errors';

/** A list route's answer: a page of items and where it stands in the whole list. */
export interface Page<T> {
  items: T[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
}

export const PaginationQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1).default(1).meta({ description: 'Page number, from 1.' }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'Items per page (default PAGINATION_DEFAULT_LIMIT = 20, at most PAGINATION_MAX_LIMIT = 100).' }),
  })
  .meta({ id: 'PaginationQuery' });

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

export function pageRequest(query: { page: number; limit?: number }): PageRequest {
  const settings = config();
  const limit = Math.min(query.limit ?? settings.PAGINATION_DEFAULT_LIMIT, settings.PAGINATION_MAX_LIMIT);
  const offset = (query.page - 1) * limit;
  if (offset > settings.PAGINATION_MAX_OFFSET) throw new ApiError('PAGE_TOO_DEEP');
  return { page: query.page, limit, offset };
}

export function toPage<T>(request: PageRequest, items: T[], total: number): Page<T> {
  return {
    items,
    pagination: { page: request.page, limit: request.limit, total, hasMore: request.offset + items.length < total },
  };
}

/**
 * The most documents a list's `total` counts: as far as the deepest page reaches, and one more so
 * that page still says `hasMore`. Firestore bills a count one read per 1,000 documents it matches:
 * counted without a cap, the total of a list over a large collection would cost reads without
 * bound however small its page. Beyond the cap no page can be asked for anyway (PAGE_TOO_DEEP).
 */
export function countCap(settings = config()): number {
  return settings.PAGINATION_MAX_OFFSET + settings.PAGINATION_MAX_LIMIT + 1;
}

/**
 * One page of a query and the total it counts (at most countCap()): the documents the offset skips
 * and the page's (Firestore bills both), and one capped aggregation.
 */
export async function readPage<T>(query: Query<T>, page: PageRequest): Promise<{ docs: QueryDocumentSnapshot<T>[]; total: number }> {
  const [count, snapshot] = await Promise.all([query.limit(countCap()).count().get(), query.offset(page.offset).limit(page.limit).get()]);
  return { docs: snapshot.docs, total: count.data().count };
}
