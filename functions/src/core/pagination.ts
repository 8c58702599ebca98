/**
 * `PaginationQuery` (`page`, `limit`) and the page arithmetic. Pages are offset based because the
 * clients ask for page numbers; the deepest offset is bounded (PAGINATION_MAX_OFFSET) so a list
 * request never reads an unbounded number of documents.
 */
import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { config } from './config';
import { ApiError } from './errors';
import type { Page } from './http';

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

/** One page of a query and the total it counts: `limit` documents read, and one aggregation. */
export async function readPage<T>(query: Query<T>, page: PageRequest): Promise<{ docs: QueryDocumentSnapshot<T>[]; total: number }> {
  const [count, snapshot] = await Promise.all([query.count().get(), query.offset(page.offset).limit(page.limit).get()]);
  return { docs: snapshot.docs, total: count.data().count };
}
