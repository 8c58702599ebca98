/** `referrals/{referredUid}`: the agent who brought a user (one per referred user). */
import type { Timestamp } from 'firebase-admin/firestore';
import type { HistoryEntry } from '../../../core/fsm';
import type { Role } from '../../../core/roles';
import type { HeldCommissionStatus, ReferralStatus } from './state';

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
  /**
   * Whether the referred user proved its telephone: nothing is credited to the agent before
   * (docs/guides/agents.md, "Referral money waits for the telephone proof"). Absent on referrals made before the
   * rule: the profile's flag decides for them.
   */
  phoneProven?: boolean;
  phoneProvenAt?: Timestamp | null;
  /** Set when the proven referral earned no sign-up bonus, and why (null or absent otherwise). */
  signupBonusRefusedReason?: SignupBonusRefusal | null;
  /** Its moves (machine.ts); absent on referrals made before it was kept. */
  history?: HistoryEntry<ReferralStatus>[];
  /** Its last move; absent until it completes. */
  updatedAt?: Timestamp;
}

/**
 * Why a proven referral earned its agent no sign-up bonus (referrals/person.ts): `meme_personne`, the
 * same telephone's account on the other app earned it (one sign-up bonus per person).
 */
export const SIGNUP_BONUS_REFUSALS = ['meme_personne'] as const;
export type SignupBonusRefusal = (typeof SIGNUP_BONUS_REFUSALS)[number];

export type CommissionType = 'commission_subscription' | 'commission_publicite';

/**
 * `agentHeldCommissions/{paymentId}`: the commission of a payment a referred user made before
 * proving its telephone, credited at the proof (`released`) unless the payment's money was marked
 * for refund first (`refunded`; also written, as a mark, when the refund is handled before the payment).
 */
export interface HeldCommissionDocument {
  statut: HeldCommissionStatus;
  paymentId: string;
  agentId?: string;
  referredId?: string;
  type?: CommissionType;
  /** The commission (XOF), at the tariff of the payment's day. */
  montant?: number;
  description?: string;
  createdAt: Timestamp;
  releasedAt?: Timestamp;
  /** Its moves (machine.ts); absent on commissions held before it was kept. */
  history?: HistoryEntry<HeldCommissionStatus>[];
  /** Its last move. */
  updatedAt?: Timestamp;
}
