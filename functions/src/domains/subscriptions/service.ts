/**
 * Subscriptions: sellers (`vendeur`) and forwarders (`transitaire`) pay by the month. A month is
 * 30 days, stacked on the later of now and the current expiry; sellers also have a free trial of
 * SELLER_TRIAL_DAYS from sign-up. A payment extends a subscription once: the credit is recorded
 * under the payment's id in the same transaction.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { emit } from '../../core/events';
import { collection, COLLECTIONS, isoOrNull } from '../../core/firestore';
import { getUser } from '../identity';
import { priceList } from '../pricing';

export type SubscriptionKind = 'vendeur' | 'transitaire';
const DAY_MS = 86_400_000;
const MONTH_MS = 30 * DAY_MS;

/** `subscriptions/{uid}_{kind}`; the credits of payments under it (`credits/{paymentId}`). */
interface SubscriptionDocument {
  uid: string;
  kind: SubscriptionKind;
  expiresAt: Timestamp;
  updatedAt: Timestamp;
}

const subscriptionRef = (uid: string, kind: SubscriptionKind) => collection<SubscriptionDocument>(COLLECTIONS.subscriptions).doc(`${uid}_${kind}`);

/** What `months` months cost for this kind, or undefined when the payer cannot subscribe to it. */
export async function amountDue(kind: SubscriptionKind, months: string | undefined, payer: string): Promise<number | undefined> {
  const count = Number(months);
  if (!Number.isInteger(count) || count < 1 || count > 24) return undefined;
  const user = await getUser(payer);
  if (user?.role !== kind) return undefined;
  const { mensuel } = await priceList(kind === 'vendeur' ? 'subscription-pricing' : 'transitaire-subscription-pricing');
  return mensuel * count;
}

/** The end of a seller's free trial (SELLER_TRIAL_DAYS from sign-up); none for forwarders. */
function trialEndOf(kind: SubscriptionKind, user: { createdAt: Timestamp } | undefined): number | undefined {
  return kind === 'vendeur' && user ? user.createdAt.toMillis() + config().SELLER_TRIAL_DAYS * DAY_MS : undefined;
}

/**
 * Extends the subscription by the paid months, once per payment; answers the new end. Months stack
 * on the latest of now, the current end and the free trial's end: a month paid during the trial
 * starts when the trial ends. The extension emits `subscription.extended` in its transaction.
 */
export async function extend(uid: string, kind: SubscriptionKind, months: number, paymentId: string): Promise<Date> {
  const ref = subscriptionRef(uid, kind);
  const credit = ref.collection('credits').doc(paymentId);
  const at = now();
  // Sign-up never moves: read outside the transaction.
  const trialEnd = trialEndOf(kind, kind === 'vendeur' ? await getUser(uid) : undefined) ?? 0;
  const expiresAt = await runTransaction(async (tx) => {
    const [current, applied] = await Promise.all([tx.get(ref), tx.get(credit)]);
    const expiry = current.data()?.expiresAt.toMillis() ?? 0;
    if (applied.exists) return new Date(expiry);
    const extended = Timestamp.fromMillis(Math.max(at.getTime(), expiry, trialEnd) + months * MONTH_MS);
    tx.set(ref, { uid, kind, expiresAt: extended, updatedAt: Timestamp.fromDate(at) }, { merge: true });
    tx.create(credit, { months, paymentId, createdAt: Timestamp.fromDate(at) });
    emit(tx, 'subscription.extended', paymentId, { uid, kind, months, paymentId, subscriptionId: ref.id, expiresAt: extended.toDate().toISOString() });
    return extended.toDate();
  });
  return expiresAt;
}

/** A subscription's end read inside another domain's transaction (it then sees every later extension). */
export async function expiryIn(tx: Transaction, uid: string, kind: SubscriptionKind): Promise<Date | null> {
  return (await tx.get(subscriptionRef(uid, kind))).data()?.expiresAt.toDate() ?? null;
}

export interface SubscriptionState {
  kind: SubscriptionKind;
  active: boolean;
  expiresAt: string | null;
  trialEndsAt: string | null;
}

export async function stateOf(uid: string, kind: SubscriptionKind): Promise<SubscriptionState> {
  const [subscription, user] = await Promise.all([subscriptionRef(uid, kind).get(), kind === 'vendeur' ? getUser(uid) : undefined]);
  const expiresAt = subscription.data()?.expiresAt;
  const trialEnds = trialEndOf(kind, user);
  const at = now().getTime();
  return {
    kind,
    active: (expiresAt?.toMillis() ?? 0) > at || (trialEnds ?? 0) > at,
    expiresAt: isoOrNull(expiresAt),
    trialEndsAt: trialEnds ? new Date(trialEnds).toISOString() : null,
  };
}

export async function mySubscriptions(caller: ProfileCaller): Promise<SubscriptionState[]> {
  return caller.role === 'vendeur' || caller.role === 'transitaire' ? [await stateOf(caller.uid, caller.role)] : [];
}

/**
 * The end of a seller's access: the later of its trial's end and its subscription's end, or null
 * when it has neither. Read in the caller's transaction when given one (sign-up, hence the trial,
 * never moves: the profile is read outside it).
 */
export async function sellerAccessEnd(uid: string, tx?: Transaction): Promise<Date | null> {
  const [expiry, user] = await Promise.all([tx ? expiryIn(tx, uid, 'vendeur') : subscriptionEnd(uid, 'vendeur'), getUser(uid)]);
  const end = Math.max(expiry?.getTime() ?? 0, trialEndOf('vendeur', user) ?? 0);
  return end > 0 ? new Date(end) : null;
}

async function subscriptionEnd(uid: string, kind: SubscriptionKind): Promise<Date | null> {
  return (await subscriptionRef(uid, kind).get()).data()?.expiresAt.toDate() ?? null;
}

/** Sellers without access (trial over, subscription ended) cannot publish parts; answers when their access ends. */
export async function assertSellerAccess(uid: string): Promise<Date> {
  const end = await sellerAccessEnd(uid);
  if (!end || end <= now()) throw new ApiError('SUBSCRIPTION_REQUIRED');
  return end;
}
