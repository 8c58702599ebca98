/**
 * The admins' list of stored documents as a query plan: equality filters (kind, owner, deleted)
 * and an optional range on `createdAt`, ordered by `createdAt` newest first. Each single equality
 * has its two-field index (field, createdAt desc). Firestore documents index merging for equality
 * filters with an order, not with a range beside them, so every combination of two or three
 * equalities also has its own composite index rather than relying on a merge that production might
 * refuse (FAILED_PRECONDITION); test/admin/admin-documents.test.ts checks each combination is served.
 */
import type { DocumentKind } from '../../../core/stored-documents';

export interface DocumentListFilters {
  kind?: DocumentKind;
  owner?: string;
  deleted?: boolean;
  from?: Date;
  to?: Date;
}

export interface DocumentListPlan {
  equalities: Array<['kind' | 'owner' | 'deleted', string | boolean]>;
  range: { from?: Date; to?: Date };
  order: { field: 'createdAt'; direction: 'desc' };
}

/** The fields the list can filter on by equality, each with its index (field, createdAt desc). */
export const EQUALITY_FILTERS = ['kind', 'owner', 'deleted'] as const;

export function planDocumentList(filters: DocumentListFilters): DocumentListPlan {
  const equalities: DocumentListPlan['equalities'] = [];
  for (const field of EQUALITY_FILTERS) {
    const value = filters[field];
    if (value !== undefined) equalities.push([field, value]);
  }
  return { equalities, range: { from: filters.from, to: filters.to }, order: { field: 'createdAt', direction: 'desc' } };
}
