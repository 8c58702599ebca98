/**
 * Referrals made: a user who signs up with an agent's code becomes its referral (`pending`), and
 * once that user has proven its telephone the agent earns `referral_signup` (once per person) and,
 * for a seller, a shop created. Driven by identity's events; a referral is also made from the
 * profile when another event about its user comes first.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import type { EventCatalog } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { getUser } from '../../identity';
import { priceList } from '../../pricing';
import { credit } from '../earnings';
import { earningId } from '../model';
import { agentRef, earningRef, type TotalChanges, writeDay, writeTotals } from '../repository';
import { referralMachine } from './machine';
import type { ReferralDocument, SignupBonusRefusal } from './model';
import { claimPersonBonus, type Person, personBonusHolder, personOf } from './person';
import { findReferral, referralRef } from './repository';
import { REFERRAL_FIRST_STATUS } from './state';

type Registered = EventCatalog['user.registered'];

/** The business day a moment counts in, for the agent's daily counters. */
export const dayOf = (at: Date) => businessDay(at, config().BUSINESS_TIME_ZONE);

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
export async function paySignup(tx: Transaction, signup: Signup): Promise<SignupBonusRefusal | null> {
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
      ...referralMachine.start(tx, { id: user.uid, to: REFERRAL_FIRST_STATUS, at: registeredAt }),
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
 * The referral of a user, if it has one. Events are handled in any order: a payment handled before
 * its payer's sign-up finds the referral made first from the profile (the same, idempotent work).
 */
export async function referralOf(uid: string): Promise<ReferralDocument | undefined> {
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
