/** `referrals/{referredUid}`: the agent who brought a user (one per referred user). */
import type { Timestamp } from 'firebase-admin/firestore';
import type { Role } from '../../../core/roles';

export const REFERRAL_STATUSES = ['pending', 'completed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export interface ReferralDocument {
  /** The agent (contract: `Referral.referrerId`). */
  referrerId: string;
  referredId: string;
  /** The code the user signed up with. */
  code: string;
  /** `pending` until the referred user's first successful payment, then `completed`. */
  statut: ReferralStatus;
  referredRole: Role;
  /** The referred user's sign-up. */
  createdAt: Timestamp;
  completedAt: Timestamp | null;
  /** The payment that completed it. */
  firstPaymentId: string | null;
}
