/** Referrals as their agent and the admins read them, and an agent's referral statistics. */
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { ApiError } from '../../../core/errors';
import { isoOrNull } from '../../../core/firestore';
import { type PageRequest, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { balanceOf } from '../../wallet';
import type { TotalCounter } from '../model';
import { agentRef } from '../repository';
import type { ReferralDocument } from './model';
import { findReferral, listReferrals, type ReferralFilters } from './repository';
import type { Referral, ReferralStats } from './schemas';

type ReferralView = z.input<typeof Referral>;

function toReferral(id: string, referral: ReferralDocument): ReferralView {
  return {
    id,
    referrerId: referral.referrerId,
    referredId: referral.referredId,
    code: referral.code,
    statut: referral.statut,
    referredRole: referral.referredRole,
    createdAt: referral.createdAt.toDate().toISOString(),
    completedAt: isoOrNull(referral.completedAt),
    phoneProven: referral.phoneProven ?? null,
    signupBonusRefusedReason: referral.signupBonusRefusedReason ?? null,
  };
}

export async function list(filters: ReferralFilters, page: PageRequest) {
  const { items, total } = await listReferrals(filters, page);
  return toPage(
    page,
    items.map(({ id, referral }) => toReferral(id, referral)),
    total,
  );
}

/** One referral: its agent and admins see it; to anyone else it does not exist. */
export async function one(caller: ProfileCaller, id: string): Promise<ReferralView> {
  const referral = await findReferral(id);
  if (!referral || (referral.referrerId !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('REFERRAL_NOT_FOUND');
  return toReferral(id, referral);
}

/** An agent's referral statistics, from its running totals and its wallet: two reads. */
export async function statsOf(agentId: string): Promise<z.input<typeof ReferralStats>> {
  const [agent, balance] = await Promise.all([agentRef(agentId).get(), balanceOf(agentId)]);
  const totals: Partial<Record<TotalCounter, number>> = agent.data() ?? {};
  const totalReferrals = totals.totalReferrals ?? 0;
  const completedReferrals = totals.completedReferrals ?? 0;
  return {
    totalReferrals,
    completedReferrals,
    pendingReferrals: totalReferrals - completedReferrals,
    awaitingPhoneProof: totals.awaitingPhoneProof ?? 0,
    boutiquesCreees: totals.boutiquesCreees ?? 0,
    abonnementsVendus: totals.abonnementsVendus ?? 0,
    campagnesLancees: totals.campagnesLancees ?? 0,
    campagnesDemandees: totals.campagnesDemandees ?? 0,
    earnings: {
      total: totals.totalEarnings ?? 0,
      referralSignup: totals.referralSignupEarnings ?? 0,
      commissionSubscription: totals.revenueAbonnement ?? 0,
      commissionPublicite: totals.revenueCampagne ?? 0,
      dailyPresence: totals.presenceBonusEarnings ?? 0,
    },
    totalWithdrawn: totals.totalWithdrawn ?? 0,
    currentBalance: balance,
  };
}
