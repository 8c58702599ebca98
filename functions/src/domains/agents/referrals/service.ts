/**
 * Referrals: a user who signs up with an agent's code becomes its referral (`pending`), and the
 * agent earns `referral_signup`; the referred user's first successful payment completes it, and its
 * subscription and advertisement payments earn the agent a commission (the referral tariff, an
 * admin price list), each once. Driven by the events of identity, payments and the catalog.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import type { EventCatalog } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { isoOrNull } from '../../../core/firestore';
import { type PageRequest, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { getUser } from '../../identity';
import { priceList } from '../../pricing';
import { balanceOf } from '../../wallet';
import { credit } from '../earnings';
import type { TotalCounter } from '../model';
import { agentRef, tallyRef, writeDay, writeTotals } from '../repository';
import type { ReferralDocument } from './model';
import { findReferral, listReferrals, type ReferralFilters, referralRef } from './repository';
import type { Referral, ReferralStats } from './schemas';
import { percentOf } from '../../../core/money';

type Registered = EventCatalog['user.registered'];
type PaymentSucceeded = EventCatalog['payment.succeeded'];
type PubliciteRequested = EventCatalog['publicite.requested'];

const dayOf = (at: Date) => businessDay(at, config().BUSINESS_TIME_ZONE);

/** The commission earned on a payment of this type, if any. */
const COMMISSION_OF: Partial<Record<PaymentSucceeded['type'], 'commission_subscription' | 'commission_publicite'>> = {
  abonnement: 'commission_subscription',
  abonnement_transitaire: 'commission_subscription',
  publicite: 'commission_publicite',
};

/**
 * A sign-up with a referral code: the referral, the agent's `referral_signup` and, for a seller,
 * a shop created (`boutiquesCreees`) on the day of the sign-up, once per referred user.
 */
export async function recordReferral(user: Registered): Promise<void> {
  const { referrerId, referralCode } = user;
  if (!referrerId || !referralCode) return;
  const ref = referralRef(user.uid);
  const { referralSignupXof } = await priceList('referral-pricing');
  const registeredAt = new Date(user.registeredAt);
  const seller = user.role === 'vendeur' ? 1 : 0;
  await runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return;
    await credit(tx, {
      agentId: referrerId,
      type: 'referral_signup',
      reference: user.uid,
      montant: referralSignupXof,
      description: 'Parrainage : inscription d’un nouvel utilisateur',
      dateKey: dayOf(registeredAt),
      sourceUserId: user.uid,
      day: { boutiquesCreees: seller },
      totals: { totalReferrals: 1, boutiquesCreees: seller },
    });
    tx.create(ref, {
      referrerId,
      referredId: user.uid,
      code: referralCode,
      statut: 'pending',
      referredRole: user.role,
      createdAt: Timestamp.fromDate(registeredAt),
      completedAt: null,
      firstPaymentId: null,
    });
  });
}

/**
 * The referral of a user, if it has one. Events are handled in any order: a payment handled before
 * its payer's sign-up finds the referral made first from the profile (the same, idempotent work).
 */
async function referralOf(uid: string): Promise<ReferralDocument | undefined> {
  const referral = await findReferral(uid);
  if (referral) return referral;
  const user = await getUser(uid);
  if (!user?.referredBy) return undefined;
  await recordReferral({
    uid,
    role: user.role,
    app: user.app,
    referrerId: user.referredBy.agentId,
    referralCode: user.referredBy.code,
    registeredAt: user.createdAt.toDate().toISOString(),
  });
  return findReferral(uid);
}

/**
 * A referred user's successful payment: the referral completed at the first one; a subscription
 * or an advertisement sold, and its commission, on the day the payment succeeded, once per payment.
 */
export async function recordPayment(payment: PaymentSucceeded, succeededAt: Date): Promise<void> {
  if (!(await referralOf(payment.userId))) return;
  const kind = COMMISSION_OF[payment.type];
  const tariff = await priceList('referral-pricing');
  const ref = referralRef(payment.userId);
  const dateKey = dayOf(succeededAt);
  await runTransaction(async (tx) => {
    const referral = (await tx.get(ref)).data();
    if (!referral) return;
    const completes = referral.statut === 'pending' ? 1 : 0;
    let credited = false;
    if (kind) {
      const pct = kind === 'commission_subscription' ? tariff.commissionSubscriptionPct : tariff.commissionPublicitePct;
      const sold = kind === 'commission_subscription' ? 'abonnementsVendus' : 'campagnesLancees';
      credited = await credit(tx, {
        agentId: referral.referrerId,
        type: kind,
        reference: payment.paymentId,
        montant: percentOf(payment.montant, pct),
        description: kind === 'commission_subscription' ? 'Commission : abonnement d’un filleul' : 'Commission : publicité d’un filleul',
        dateKey,
        sourceUserId: payment.userId,
        paymentId: payment.paymentId,
        day: { [sold]: 1 },
        totals: { [sold]: 1, completedReferrals: completes },
      });
    }
    if (!completes) return;
    if (!credited) writeTotals(tx, referral.referrerId, { completedReferrals: 1 });
    tx.update(ref, { statut: 'completed', completedAt: Timestamp.fromDate(succeededAt), firstPaymentId: payment.paymentId });
  });
}

/** A referred seller asked for an advertisement, paid or not (`campagnesDemandees`), counted once. */
export async function recordCampaignRequest(request: PubliciteRequested): Promise<void> {
  const referral = await referralOf(request.vendeur);
  if (!referral) return;
  const tally = tallyRef(`campagne_demandee_${request.publiciteId}`);
  const at = now();
  await runTransaction(async (tx) => {
    if ((await tx.get(tally)).exists) return;
    tx.create(tally, { agentId: referral.referrerId, createdAt: Timestamp.fromDate(at) });
    writeDay(tx, referral.referrerId, dayOf(new Date(request.requestedAt)), { campagnesDemandees: 1 }, {}, at);
    writeTotals(tx, referral.referrerId, { campagnesDemandees: 1 }, at);
  });
}

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
