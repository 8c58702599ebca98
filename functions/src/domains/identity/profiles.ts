/**
 * The profiles (`users/{uid}`): reading one, changing one in a transaction that emits
 * `user.changed`, and the admin's list and the broadcasts' walk over them.
 */
import { randomBytes } from 'node:crypto';
import { FieldPath, type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { emit } from '../../core/events';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import { readPage, type PageRequest } from '../../core/pagination';
import type { UserDocument, UserListFilters } from './model';

export const users = () => collection<UserDocument>(COLLECTIONS.users);

export async function findUser(uid: string): Promise<UserDocument | undefined> {
  return (await users().doc(uid).get()).data();
}

/**
 * Read-modify-write of one profile. `decide` sees the current document inside the transaction and
 * returns the fields to change (or throws an ApiError to refuse): the rule runs on fresh data.
 */
export async function mutateUser(
  uid: string,
  decide: (current: UserDocument) => Partial<UserDocument>,
  /** Also written in the change's transaction, once it is decided (an admin's audit entry). */
  alsoIn?: (tx: Transaction, current: UserDocument, next: UserDocument) => void,
): Promise<UserDocument> {
  const ref = users().doc(uid);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('USER_NOT_FOUND');
    const at = now();
    const changes = { ...decide(current), updatedAt: Timestamp.fromDate(at) };
    tx.update(ref, changes);
    const next = { ...current, ...changes };
    // The key tells this change apart from another of the same millisecond.
    const key = `${uid}_${at.getTime()}_${randomBytes(4).toString('hex')}`;
    emit(tx, 'user.changed', key, { uid, role: next.role, previousRole: current.role, isBlocked: next.isBlocked, wasBlocked: current.isBlocked });
    alsoIn?.(tx, current, next);
    return next;
  });
}

/** How a user list query is built: which fields it filters by equality, which range, which order. */
export interface UserListPlan {
  equalities: Array<[field: keyof UserDocument, value: unknown]>;
  range?: { field: 'searchName'; from: string; to: string };
  order?: { field: 'createdAt' | 'searchName'; direction: 'asc' | 'desc' };
}

/** Kept apart from the query so the index test can check every plan has its composite index. */
export function planUserList(filters: UserListFilters): UserListPlan {
  const equalities: UserListPlan['equalities'] = [];
  if (filters.telephone) equalities.push(['telephone', filters.telephone]);
  if (filters.nationalNumber) equalities.push(['nationalNumber', filters.nationalNumber]);
  if (filters.role) equalities.push(['role', filters.role]);
  if (filters.isBlocked !== undefined) equalities.push(['isBlocked', filters.isBlocked]);
  if (filters.telephone || filters.nationalNumber) return { equalities };
  if (filters.namePrefix) {
    return {
      equalities,
      range: { field: 'searchName', from: filters.namePrefix, to: `${filters.namePrefix}\uf8ff` },
      order: { field: 'searchName', direction: 'asc' },
    };
  }
  return { equalities, order: { field: 'createdAt', direction: 'desc' } };
}

export async function listUsers(
  filters: UserListFilters,
  page: PageRequest,
): Promise<{ items: Array<{ id: string; user: UserDocument }>; total: number }> {
  const plan = planUserList(filters);
  let query: Query<UserDocument> = users();
  for (const [field, value] of plan.equalities) query = query.where(field, '==', value);
  if (plan.range) query = query.where(plan.range.field, '>=', plan.range.from).where(plan.range.field, '<', plan.range.to);
  if (plan.order) query = query.orderBy(plan.order.field, plan.order.direction);
  const { docs, total } = await readPage(query, page);
  return {
    items: docs.map((doc) => ({ id: doc.id, user: doc.data() })),
    total,
  };
}

/** The users after `afterUid` in id order, optionally of one role: a walk over everyone, a page at a time. */
export async function usersAfter(role: string | undefined, afterUid: string | null, limit: number) {
  let query: Query<UserDocument> = role ? users().where('role', '==', role) : users();
  query = query.orderBy(FieldPath.documentId()).limit(limit);
  if (afterUid) query = query.startAfter(afterUid);
  const snapshot = await query.select('isBlocked').get();
  return snapshot.docs.map((doc) => ({ uid: doc.id, isBlocked: doc.get('isBlocked') === true }));
}

/** Whether any user's field holds this value (one indexed read). */
export async function anyUserWith(field: 'photoPath', value: string): Promise<boolean> {
  return !(await users().where(field, '==', value).limit(1).get()).empty;
}
