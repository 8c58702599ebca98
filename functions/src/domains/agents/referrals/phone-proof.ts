/** A referred user's telephone proof: what its referral waited for is paid. */
import { Timestamp } from 'firebase-admin/firestore';
import type { EventCatalog } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { getUser } from '../../identity';
import { priceList } from '../../pricing';
import { releaseHeldCommissions } from './commissions';
import { personOf } from './person';
import { referralRef } from './repository';
import { dayOf, paySignup, referralOf } from './sign-ups';

type PhoneVerified = EventCatalog['user.phone_verified'];

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
