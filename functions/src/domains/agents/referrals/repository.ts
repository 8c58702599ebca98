/** Firestore access of referrals. */
import type { Query } from 'firebase-admin/firestore';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage } from '../../../core/pagination';
import type { HeldCommissionDocument, ReferralDocument } from './model';
import type { ReferralStatus } from './state';

const referrals = () => collection<ReferralDocument>(COLLECTIONS.referrals);
const held = () => collection<HeldCommissionDocument>(COLLECTIONS.agentHeldCommissions);

export const heldRef = (paymentId: string) => held().doc(paymentId);

/** A page of a referred user's commissions still held (a page: the proof releases them page by page). */
export async function heldCommissionsOf(referredUid: string, limit: number): Promise<string[]> {
  const page = await held().where('referredId', '==', referredUid).where('statut', '==', 'held').limit(limit).get();
  return page.docs.map((doc) => doc.id);
}

export const referralRef = (referredUid: string) => referrals().doc(referredUid);

export async function findReferral(referredUid: string): Promise<ReferralDocument | undefined> {
  return (await referralRef(referredUid).get()).data();
}

export interface ReferralFilters {
  referrerId?: string;
  statut?: ReferralStatus;
}

/** Newest first; each filter is served by its (field, createdAt desc) index (firestore.indexes.json). */
export async function listReferrals(filters: ReferralFilters, page: PageRequest) {
  let query: Query<ReferralDocument> = referrals();
  if (filters.referrerId) query = query.where('referrerId', '==', filters.referrerId);
  if (filters.statut) query = query.where('statut', '==', filters.statut);
  const { docs, total } = await readPage(query.orderBy('createdAt', 'desc'), page);
  return { items: docs.map((doc) => ({ id: doc.id, referral: doc.data() })), total };
}
