/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
/**
 * Referrals: a user who signs up with an agent's code becomes its referral (`pending`); once that
 * user has proven its telephone the agent earns `referral_signup`; the referred user's first
 * successful payment completes it, and its subscription and advertisement payments earn the agent
 * a commission (the referral tariff, an admin price list), each once, held until the telephone
 * proof when the payment comes before it. Driven by the events of identity, payments and the catalog.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
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
import { earningId, type TotalCounter } from '../model';
import { agentRef, earningRef, tallyRef, type TotalChanges, writeDay, writeTotals } from '../repository';
import type { CommissionType, ReferralDocument, SignupBonusRefusal } from './model';
import { claimPersonBonus, type Person, personBonusHolder, personOf } from './person';
import { findReferral, heldCommissionsOf, heldRef, listReferrals, type ReferralFilters, referralRef } from './repository';
import type { Referral, ReferralStats } from './schemas';
import { percentOf } from '../../../core/money';

type Registered = EventCatalog['user.registered'];
type PhoneVerified = EventCatalog['user.phone_verified'];
type RefundMarked = EventCatalog['payment.refund_marked'];
type PaymentSucceeded = EventCatalog['payment.succeeded'];
type PubliciteRequested = EventCatalog['publicite.requested'];

const dayOf = (at: Date) => businessDay(at, config().BUSINESS_TIME_ZONE);

/** The commission earned on a payment of this type, if any. */
const COMMISSION_OF: Partial<Record<PaymentSucceeded['type'], CommissionType>> = {
  abonnement: 'commission_subscription',
  abonnement_transitaire: 'commission_subscription',
  publicite: 'commission_publicite',
};

const SIGNUP_DESCRIPTION = 'Parrainage : inscription d’un nouvel utilisateur';

/** A proven referred user's sign-up, paid in `tx` by paySignup. */
interface Signup {
  agentId: string;
  referredUid: string;
  person: Person;
  /** 1 for a seller: a shop created (`boutiquesCreees`). */
  seller: number;
  /** The business day of the proof. */
  dateKey: string;
  montant: number;
  /** The referral's own counters, moved with its sign-up whatever it earns (its count, its wait for the proof). */
  totals: TotalChanges;
}

/**
 * A proven referred user's sign-up, in `tx` after its own reads and before its writes: the agent's
 * `referral_signup` and, for a seller, a shop created, on the day of the proof, with the referral's
 * counters. Once per person (person.ts): when the same telephone's other account earned the bonus,
 * the shop and the counters still count, nothing is credited, and the reason is answered. A referral
 * paid before (at sign-up, before the telephone rule) moves its counters only.
 */
async function paySignup(tx: Transaction, signup: Signup): Promise<SignupBonusRefusal | null> {
  const { agentId, referredUid, person, seller, dateKey, totals } = signup;
  const [paid, holder, agent] = await Promise.all([
    tx.get(earningRef(earningId('referral_signup', referredUid))),
    personBonusHolder(tx, referredUid, person),
    tx.get(agentRef(agentId)),
  ]);
  if (paid.exists) {
    if (Object.values(totals).some(Boolean)) writeTotals(tx, agentId, totals);
    return null;
  }
  if (holder === 'other') {
    writeDay(tx, agentId, dateKey, { boutiquesCreees: seller }, {}, now(), agent.data()?.typeAgent ?? null);
    writeTotals(tx, agentId, { ...totals, boutiquesCreees: seller });
    return 'meme_personne';
  }
  await credit(tx, {
    agentId,
    type: 'referral_signup',
    reference: referredUid,
    montant: signup.montant,
    description: SIGNUP_DESCRIPTION,
    dateKey,
    sourceUserId: referredUid,
    day: { boutiquesCreees: seller },
    totals: { ...totals, boutiquesCreees: seller },
  });
  if (holder === 'nobody') claimPersonBonus(tx, referredUid, agentId, person);
  return null;
}

/**
 * A sign-up with a referral code: the referral, once per referred user. The agent's
 * `referral_signup` and, for a seller, a shop created (`boutiquesCreees`) wait for the telephone
 * proof (`awaitingPhoneProof` counts the referral meanwhile); a user already proven when the
 * sign-up is handled pays them at once, on the day of the proof, the bonus once per person.
 */
export async function recordReferral(user: Registered): Promise<void> {
  const { referrerId, referralCode } = user;
  if (!referrerId || !referralCode) return;
  const ref = referralRef(user.uid);
  const [{ referralSignupXof }, profile] = await Promise.all([priceList('referral-pricing'), getUser(user.uid)]);
  const registeredAt = new Date(user.registeredAt);
  const provenAt = profile?.telephoneVerifie ? (profile.telephoneVerifieAt?.toDate() ?? registeredAt) : null;
  const person = provenAt && profile ? await personOf(user.uid, profile.telephone) : undefined;
  const seller = user.role === 'vendeur' ? 1 : 0;
  await runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return;
    let refused: SignupBonusRefusal | null = null;
    if (provenAt && person) {
      const signup = { agentId: referrerId, referredUid: user.uid, person, seller, montant: referralSignupXof, totals: { totalReferrals: 1 } };
      refused = await paySignup(tx, { ...signup, dateKey: dayOf(provenAt) });
    } else {
      writeTotals(tx, referrerId, { totalReferrals: 1, awaitingPhoneProof: 1 });
    }
    tx.create(ref, {
      referrerId,
      referredId: user.uid,
      code: referralCode,
      statut: 'pending',
      referredRole: user.role,
      createdAt: Timestamp.fromDate(registeredAt),
      completedAt: null,
      firstPaymentId: null,
      phoneProven: Boolean(provenAt),
      phoneProvenAt: provenAt ? Timestamp.fromDate(provenAt) : null,
      signupBonusRefusedReason: refused,
    });
  });
}

/**
 * The referred user proved its telephone (`user.phone_verified`): the agent's `referral_signup`
 * (once per person: paySignup) and, for a seller, the shop created, on the day of the proof; then
 * the commissions held for its earlier payments. Once: the referral's flag and the earnings' ids
 * make a second delivery a no-op.
 */
export async function recordPhoneProof(proof: PhoneVerified): Promise<void> {
  if (!(await referralOf(proof.uid))) return;
  const [{ referralSignupXof }, profile] = await Promise.all([priceList('referral-pricing'), getUser(proof.uid)]);
  if (!profile) return;
  const person = await personOf(proof.uid, profile.telephone);
  const provenAt = new Date(proof.verifiedAt);
  const dateKey = dayOf(provenAt);
  const ref = referralRef(proof.uid);
  await runTransaction(async (tx) => {
    const referral = (await tx.get(ref)).data();
    if (!referral || referral.phoneProven === true) return;
    // Referrals made before the rule were paid at sign-up: paySignup finds their earning and credits nothing.
    const waiting = referral.phoneProven === false ? -1 : 0;
    const signup = { agentId: referral.referrerId, referredUid: proof.uid, person, seller: referral.referredRole === 'vendeur' ? 1 : 0, dateKey };
    const refused = await paySignup(tx, { ...signup, montant: referralSignupXof, totals: { awaitingPhoneProof: waiting } });
    tx.update(ref, { phoneProven: true, phoneProvenAt: Timestamp.fromDate(provenAt), signupBonusRefusedReason: refused });
  });
  await releaseHeldCommissions(proof.uid, dateKey);
}

const RELEASE_PAGE = 50;

/** Credits the commissions held for a proven user's payments, each in its own transaction, once. */
async function releaseHeldCommissions(referredUid: string, dateKey: string): Promise<void> {
  for (;;) {
    const ids = await heldCommissionsOf(referredUid, RELEASE_PAGE);
    for (const paymentId of ids) {
      const ref = heldRef(paymentId);
      await runTransaction(async (tx) => {
        const held = (await tx.get(ref)).data();
        if (held?.statut !== 'held' || !held.agentId || !held.type || held.montant === undefined) return;
        const sold = held.type === 'commission_subscription' ? 'abonnementsVendus' : 'campagnesLancees';
        await credit(tx, {
          agentId: held.agentId,
          type: held.type,
          reference: paymentId,
          montant: held.montant,
          description: held.description ?? '',
          dateKey,
          sourceUserId: referredUid,
          paymentId,
          day: { [sold]: 1 },
          totals: { [sold]: 1 },
        });
        tx.update(ref, { statut: 'released', releasedAt: Timestamp.fromDate(now()) });
      });
    }
    if (ids.length < RELEASE_PAGE) return;
  }
}

/**
 * A payment's money was marked for refund: a commission still held for it is never credited. When
 * the refund is handled before the payment's success, the mark is written first and the payment
 * holds nothing. (A commission already credited follows its money back elsewhere.)
 */
export async function dropHeldCommission(refund: RefundMarked): Promise<void> {
  if (!COMMISSION_OF[refund.type]) return;
  const ref = heldRef(refund.paymentId);
  await runTransaction(async (tx) => {
    const held = (await tx.get(ref)).data();
    if (held && held.statut !== 'held') return;
    if (held) tx.update(ref, { statut: 'refunded' });
    else tx.create(ref, { statut: 'refunded', paymentId: refund.paymentId, createdAt: Timestamp.fromDate(now()) });
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
 * Before the user's telephone proof the commission is held instead (credited at the proof).
 */
export async function recordPayment(payment: PaymentSucceeded, succeededAt: Date): Promise<void> {
  const found = await referralOf(payment.userId);
  if (!found) return;
  const kind = COMMISSION_OF[payment.type];
  const tariff = await priceList('referral-pricing');
  // Referrals made before the rule carry no flag: the profile's decides (read here, the referral's flag in the transaction).
  const profileProven = found.phoneProven === undefined ? (await getUser(payment.userId))?.telephoneVerifie === true : false;
  const ref = referralRef(payment.userId);
  const dateKey = dayOf(succeededAt);
  await runTransaction(async (tx) => {
    const referral = (await tx.get(ref)).data();
    if (!referral) return;
    const completes = referral.statut === 'pending' ? 1 : 0;
    let credited = false;
    if (kind && !(referral.phoneProven ?? profileProven)) {
      await holdCommission(tx, payment, kind, referral.referrerId, tariff);
    } else if (kind) {
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

/** Puts a commission aside until the payer's telephone proof (once per payment; nothing when its refund came first). */
async function holdCommission(
  tx: Transaction,
  payment: PaymentSucceeded,
  kind: CommissionType,
  agentId: string,
  tariff: { commissionSubscriptionPct: number; commissionPublicitePct: number },
): Promise<void> {
  const ref = heldRef(payment.paymentId);
  if ((await tx.get(ref)).exists) return;
  const pct = kind === 'commission_subscription' ? tariff.commissionSubscriptionPct : tariff.commissionPublicitePct;
  tx.create(ref, {
    statut: 'held',
    paymentId: payment.paymentId,
    agentId,
    referredId: payment.userId,
    type: kind,
    montant: percentOf(payment.montant, pct),
    description: kind === 'commission_subscription' ? 'Commission : abonnement d’un filleul' : 'Commission : publicité d’un filleul',
    createdAt: Timestamp.fromDate(now()),
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
