/**
 * The superAdmins' list of audit entries as a query plan: equality filters (actor, action, the
 * target's collection and id) and an optional range on `at`, newest first. Firestore serves an
 * equality beside a range on the order field only from a composite index of exactly those fields,
 * so every combination the plan issues has its own in firestore.indexes.json
 * (test/platform/deployment.test.ts walks them all). A target id names a document only within its
 * collection: alone it is refused (VALIDATION_ERROR), which also spares an index.
 */
import type { AuditAction } from '../../../core/audit';
import { ApiError } from '../../../core/errors';

export interface AuditListFilters {
  actor?: string;
  type?: AuditAction;
  targetCollection?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** Each equality filter and the stored field it reads. */
export const AUDIT_FILTERS = { actor: 'actor.uid', type: 'action', targetCollection: 'target.collection', targetId: 'target.id' } as const;
export type AuditFilterName = keyof typeof AUDIT_FILTERS;
type AuditField = (typeof AUDIT_FILTERS)[AuditFilterName];

export interface AuditListPlan {
  equalities: Array<[AuditField, string]>;
  range: { from?: Date; to?: Date };
  order: { field: 'at'; direction: 'desc' };
}

export function planAuditList(filters: AuditListFilters): AuditListPlan {
  if (filters.targetId !== undefined && filters.targetCollection === undefined) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'query.targetId', reason: 'not_allowed', hint: 'A target id is given with its collection (targetCollection).' }]);
  }
  const equalities: AuditListPlan['equalities'] = [];
  for (const name of Object.keys(AUDIT_FILTERS) as AuditFilterName[]) {
    const value = filters[name];
    if (value !== undefined) equalities.push([AUDIT_FILTERS[name], value]);
  }
  return { equalities, range: { from: filters.from, to: filters.to }, order: { field: 'at', direction: 'desc' } };
}
