/**
 * A new account's profile, written with its telephone's marker and its referral (the code it came
 * with, or an agent's own code) in one transaction; and the referral codes operators link.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { ApiError } from '../../core/errors';
import { emit } from '../../core/events';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import type { UserDocument } from './model';
import { users } from './profiles';
import { telephoneKey, telephones } from './telephones';

/** `referralCodes/{CODE}`: the agent a code refers new users to. */
interface ReferralCodeDocument {
  agentId: string;
  createdAt?: Timestamp;
}

const referralCodes = () => collection<ReferralCodeDocument>(COLLECTIONS.referralCodes);

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

/** Links a referral code to its agent (agents get one when they are created). */
export async function saveReferralCode(code: string, agentId: string): Promise<void> {
  await referralCodes().doc(code).set({ agentId, createdAt: Timestamp.fromDate(now()) });
}

