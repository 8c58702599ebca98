/**
 * The append-only audit trail of admin powers (DOMAIN.md, "Admin powers"): every admin action that
 * moves money, changes a role or blocks an account writes one `auditTrail/{id}` entry inside the
 * transaction that makes the change, so the entry exists if and only if the change committed. Any
 * domain calls `audit(tx, ...)` in its own transaction. Entries are created, never updated or
 * deleted: no code path here or elsewhere does, and firestore.rules deny clients the collection.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from './clock';
import { db } from './firebase';
import { COLLECTIONS, type CollectionName } from './firestore';
import type { Role } from './roles';

/**
 * Stable action types (`domain.fact`), the `type` filter of `GET /api/admin/audit`. A published
 * type keeps its meaning; docs/guides/admin.md, "Audit trail", says what each records.
 */
export const AUDIT_ACTIONS = [
  'payment.status_set',
  'payment.status_forced',
  'agent.created',
  'agent.withdrawal_recorded',
  'agent.presence_backfilled',
  'agent.zone_set',
  'agent.zone_cleared',
  'order.status_set',
  'achat.status_set',
  'dispute.assigned',
  'dispute.decided',
  'delivery.status_set',
  'publicite.rejected',
  'verification.cancelled',
  'pricing.updated',
  'delivery_zone.created',
  'delivery_zone.updated',
  'delivery_zone.deleted',
  'user.blocked',
  'user.unblocked',
  'user.role_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: an admin-level caller (its role at the time of the action). */
export interface AuditActor {
  uid: string;
  role: Role;
}

type Fields = Record<string, unknown>;

export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  target: { collection: CollectionName; id: string };
  /** The target's fields before the change (only those that change are kept), or null for a creation. */
  before: Fields | null;
  /** The same fields after the change, or null for a deletion. */
  after: Fields | null;
  /** Why, as the admin said it (null when the route takes no reason). */
  reason?: string | null;
  /** What else decided the action (FeexPay's answer to a forced status...). */
  context?: Fields;
}

/** `auditTrail/{id}` as stored. */
export interface AuditDocument {
  actor: AuditActor;
  action: AuditAction;
  target: { collection: CollectionName; id: string };
  before: Fields | null;
  after: Fields | null;
  reason: string | null;
  context: Fields | null;
  at: Timestamp;
}

/** The collection, for the admin list (domains/admin/audit) and tests: written only by `audit`. */
export const auditTrail = () => db().collection(COLLECTIONS.auditTrail);

/**
 * Writes one entry in `tx` (after its reads, like any write). `before` and `after` are trimmed to
 * the fields whose value changes, so an entry says what the action did and nothing else; a field
 * that only one side has counts as changed. Returns the entry's id.
 */
export function audit(tx: Transaction, input: AuditInput): string {
  const { before, after } = changedFields(input.before, input.after);
  const entry: AuditDocument = {
    actor: { uid: input.actor.uid, role: input.actor.role },
    action: input.action,
    target: input.target,
    before,
    after,
    reason: input.reason ?? null,
    context: input.context ?? null,
    at: Timestamp.fromDate(now()),
  };
  const ref = auditTrail().doc();
  tx.create(ref, entry);
  return ref.id;
}

/** Keeps, on each side, the fields whose values differ; a side that is null (creation, deletion) stays null. */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  if (!before || !after) return { before: before && defined(before), after: after && defined(after) };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((key) => !sameValue(before[key], after[key]));
  const pick = (side: Fields) => Object.fromEntries(changed.filter((key) => side[key] !== undefined).map((key) => [key, side[key]]));
  return { before: pick(before), after: pick(after) };
}

function defined(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

/** Timestamps compared by instant, maps by sorted keys. */
function comparable(value: unknown): unknown {
  if (value instanceof Timestamp) return { $t: value.toMillis() };
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, comparable((value as Fields)[key])]),
    );
  }
  return value;
}
