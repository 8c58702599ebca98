/** The only Firestore access of the identity domain. Read-modify-writes run in transactions. */
import { createHash, randomBytes } from 'node:crypto';
import { FieldPath, type Query, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { emit } from '../../core/events';
import { db, runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, getAll } from '../../core/firestore';
import { readPage, type PageRequest } from '../../core/pagination';
import type { App } from '../../core/roles';
import type { UserDocument, UserListFilters } from './model';

/** `telephones/{app}_{e164}`: the account holding a number on an app (older markers have no date). */
interface TelephoneMarker {
  uid: string;
  createdAt?: Timestamp;
}

/** `referralCodes/{CODE}`: the agent a code refers new users to. */
interface ReferralCodeDocument {
  agentId: string;
  createdAt?: Timestamp;
}

const users = () => collection<UserDocument>(COLLECTIONS.users);
const telephones = () => collection<TelephoneMarker>(COLLECTIONS.telephones);
const referralCodes = () => collection<ReferralCodeDocument>(COLLECTIONS.referralCodes);
const telephoneKey = (app: App, e164: string) => `${app}_${e164}`;

export async function findUser(uid: string): Promise<UserDocument | undefined> {
  return (await users().doc(uid).get()).data();
}

/**
 * A referral code given to the new account (agents) in its creation's transaction: candidates are
 * drawn until one is free, so two accounts created at once never share a code (the loser of the
 * race retries the transaction and draws again).
 */
export interface CodeIssue {
  /** A fresh candidate code (upper case). */
  draw(): string;
  /** Writes of the issuing domain, in the same transaction, once the code is known. */
  alsoIn?(tx: Transaction, uid: string, code: string, user: UserDocument): void;
}

const CODE_DRAWS = 8;

/**
 * Creates the profile, the telephone's uniqueness marker and the referral link (or the account's
 * own referral code) in one transaction: two racing sign-ups of one number cannot both win. The
 * same transaction emits `user.registered`.
 */
export async function createUser(uid: string, user: UserDocument, options: { referralCode?: string; issueCode?: CodeIssue } = {}): Promise<UserDocument> {
  const { referralCode, issueCode } = options;
  const userRef = users().doc(uid);
  const phoneRef = telephones().doc(telephoneKey(user.app, user.telephone));
  const codeRef = referralCode ? referralCodes().doc(referralCode) : undefined;
  return runTransaction(async (tx) => {
    const [existing, phone, code] = await Promise.all([tx.get(userRef), tx.get(phoneRef), codeRef ? tx.get(codeRef) : undefined]);
    if (existing.exists) throw new ApiError('ALREADY_REGISTERED');
    if (phone.exists && phone.data()?.uid !== uid) throw new ApiError('TELEPHONE_TAKEN');
    const referral = code?.data();
    if (code && !referral) throw new ApiError('REFERRAL_CODE_INVALID');
    // Same telephone = same person (samePerson): an agent's number signing up with its own code
    // would pay the agent for itself.
    if (referral && (await tx.get(users().doc(referral.agentId))).data()?.telephone === user.telephone) throw new ApiError('SELF_REFERRAL');
    const issued = issueCode ? await freeCode(tx, issueCode) : undefined;
    let stored: UserDocument = code && referral ? { ...user, referredBy: { code: code.id, agentId: referral.agentId } } : user;
    if (issued) stored = { ...stored, referralCode: issued };
    tx.set(userRef, stored);
    tx.set(phoneRef, { uid, createdAt: user.createdAt });
    if (issued) {
      tx.create(referralCodes().doc(issued), { agentId: uid, createdAt: user.createdAt });
      issueCode?.alsoIn?.(tx, uid, issued, stored);
    }
    emit(tx, 'user.registered', uid, {
      uid,
      role: stored.role,
      app: stored.app,
      referrerId: stored.referredBy?.agentId ?? null,
      referralCode: stored.referredBy?.code ?? null,
      registeredAt: stored.createdAt.toDate().toISOString(),
    });
    return stored;
  });
}

/** The first free code the issuer draws (reads only: the caller writes it). */
async function freeCode(tx: Transaction, issue: CodeIssue): Promise<string> {
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const candidate = issue.draw();
    if (!(await tx.get(referralCodes().doc(candidate))).exists) return candidate;
  }
  throw new Error(`No free referral code in ${CODE_DRAWS} draws`);
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

/** The telephone proof, once: see service.markTelephoneProven. */
export async function markTelephoneProven(uid: string, at: Date): Promise<{ verifiedNow: boolean; verifiedAt: Date }> {
  const ref = users().doc(uid);
  return runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data();
    if (!user) throw new ApiError('USER_NOT_FOUND');
    if (user.telephoneVerifie && user.telephoneVerifieAt) return { verifiedNow: false, verifiedAt: user.telephoneVerifieAt.toDate() };
    const stamp = Timestamp.fromDate(at);
    tx.update(ref, { telephoneVerifie: true, telephoneVerifieAt: stamp, updatedAt: stamp });
    emit(tx, 'user.phone_verified', uid, {
      uid,
      role: user.role,
      app: user.app,
      referrerId: user.referredBy?.agentId ?? null,
      verifiedAt: at.toISOString(),
    });
    return { verifiedNow: true, verifiedAt: at };
  });
}

type VerificationStatus = NonNullable<UserDocument['transitaireVerification']>;

/**
 * Reads the profile in the caller's transaction and answers it with the function that writes the
 * profile's copy of the forwarder's verification status there. The transit domain owns the file
 * and decides on it in that same transaction, so `GET /api/protected/me` never shows a status
 * the file no longer has (docs/guides/transit.md, "Forwarder verification").
 */
export async function verificationStatusWriter(tx: Transaction, uid: string) {
  const ref = users().doc(uid);
  const user = (await tx.get(ref)).data();
  return {
    user,
    write(status: VerificationStatus, at: number): void {
      if (!user) return;
      tx.update(ref, { transitaireVerification: status, transitaireVerificationAt: at, updatedAt: Timestamp.fromDate(now()) });
    },
  };
}

/**
 * The profile's copy from a `transitaire.verification_changed` event, for events emitted before
 * the deciding transaction wrote the profile itself. An event never replaces a status of its own
 * moment or newer: the transaction that emitted it wrote that one already.
 */
export async function copyVerificationStatus(uid: string, status: VerificationStatus, at: number): Promise<void> {
  const ref = users().doc(uid);
  await runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data();
    if (!user || (user.transitaireVerificationAt ?? 0) >= at) return;
    tx.update(ref, { transitaireVerification: status, transitaireVerificationAt: at, updatedAt: Timestamp.fromDate(now()) });
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

export interface PushTokenDocument {
  token: string;
  platform: 'android' | 'ios' | 'web';
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
}

export function pushTokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const pushTokens = (uid: string) => collection<PushTokenDocument>(COLLECTIONS.pushTokens, users().doc(uid));

/**
 * Registers a device token (again: registering refreshes `lastSeenAt`). Past `max` devices the
 * least recently seen ones are dropped, in the same transaction.
 */
export async function upsertPushToken(
  uid: string,
  token: string,
  platform: PushTokenDocument['platform'],
  max: number,
): Promise<{ id: string } & PushTokenDocument> {
  const id = pushTokenId(token);
  const ref = pushTokens(uid).doc(id);
  const at = Timestamp.fromDate(now());
  return runTransaction(async (tx) => {
    const [current, newest] = await Promise.all([tx.get(ref), tx.get(pushTokens(uid).orderBy('lastSeenAt', 'desc').limit(max))]);
    const stored: PushTokenDocument = {
      token,
      platform,
      createdAt: current.data()?.createdAt ?? at,
      lastSeenAt: at,
    };
    const others = newest.docs.filter((doc) => doc.id !== id);
    // Keep the max - 1 most recent others; this one becomes the most recent.
    for (const stale of others.slice(max - 1)) tx.delete(stale.ref);
    tx.set(ref, stored);
    return { id, ...stored };
  });
}

export async function removePushToken(uid: string, token: string): Promise<boolean> {
  const ref = pushTokens(uid).doc(pushTokenId(token));
  return runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (snapshot.exists) tx.delete(ref);
    return snapshot.exists;
  });
}

/** Links a referral code to its agent (agents get one when they are created). */
export async function saveReferralCode(code: string, agentId: string): Promise<void> {
  await referralCodes().doc(code).set({ agentId, createdAt: Timestamp.fromDate(now()) });
}

/** The user's device tokens, most recently seen first (at most PUSH_TOKENS_MAX_PER_USER exist). */
export async function listPushTokens(uid: string, max: number): Promise<string[]> {
  const snapshot = await pushTokens(uid).orderBy('lastSeenAt', 'desc').limit(max).get();
  return snapshot.docs.map((doc) => doc.data().token);
}

export async function removePushTokens(uid: string, tokens: string[]): Promise<void> {
  const batch = db().batch();
  for (const token of tokens) batch.delete(pushTokens(uid).doc(pushTokenId(token)));
  await batch.commit();
}

/** Which account holds a telephone on each app (the uniqueness markers written at sign-up). */
export async function telephoneOwners(e164: string): Promise<Partial<Record<App, string>>> {
  const markers = [telephones().doc(telephoneKey('buyer', e164)), telephones().doc(telephoneKey('pro', e164))];
  const [buyer, pro] = (await getAll(markers)).map((marker) => marker.data()?.uid);
  return { ...(buyer ? { buyer } : {}), ...(pro ? { pro } : {}) };
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
