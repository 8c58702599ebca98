/**
 * An admin list's query plan made into a Firestore query: equality filters, an optional range on
 * the order field, then the order. The lists (stored documents, the audit trail) decide their plan
 * and its indexes; this only turns it into the query, the one way for every such list.
 */
import { type Query, Timestamp } from 'firebase-admin/firestore';

export interface ListPlan {
  equalities: ReadonlyArray<readonly [string, string | boolean]>;
  range: { from?: Date; to?: Date };
  order: { field: string; direction: 'asc' | 'desc' };
}

export function queryOfPlan(base: Query, plan: ListPlan): Query {
  let query = base;
  for (const [field, value] of plan.equalities) query = query.where(field, '==', value);
  if (plan.range.from) query = query.where(plan.order.field, '>=', Timestamp.fromDate(plan.range.from));
  if (plan.range.to) query = query.where(plan.order.field, '<', Timestamp.fromDate(plan.range.to));
  return query.orderBy(plan.order.field, plan.order.direction);
}
