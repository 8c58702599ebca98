/** Reading the audit trail (core/audit writes it): superAdmins only, filtered, newest first. Nothing here writes. */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { type AuditDocument, auditTrail } from '../../../core/audit';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { queryOfPlan } from '../list-plan';
import { type AuditListFilters, planAuditList } from './listing';
import type { AuditEntryView } from './schemas';

export async function listAudit(filters: AuditListFilters, page: PageRequest) {
  const { docs, total } = await readPage(queryOfPlan(auditTrail(), planAuditList(filters)), page);
  return toPage(page, docs.map((doc) => toView(doc.id, doc.data() as AuditDocument)), total);
}

function toView(id: string, entry: AuditDocument): z.input<typeof AuditEntryView> {
  return {
    id,
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    before: entry.before && (plain(entry.before) as Record<string, unknown>),
    after: entry.after && (plain(entry.after) as Record<string, unknown>),
    reason: entry.reason,
    context: entry.context && (plain(entry.context) as Record<string, unknown>),
    at: entry.at.toDate().toISOString(),
  };
}

/** Stored values as JSON: Timestamps as ISO 8601. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}
