/**
 * The agents domain's reactions to other domains' events: referrals and earnings, and the daily
 * KPIs (contract rule 2) counted when the counted thing happens. Each is idempotent: a referral per
 * referred user, an earning per `{type}_{reference}`, a tally per counted fact.
 */
import { subscriber } from '../../core/events';
import { takeBackCommission } from './earnings';
import { recordCampaignRequest } from './referrals/campaign-requests';
import { dropHeldCommission, recordPayment } from './referrals/commissions';
import { recordPhoneProof } from './referrals/phone-proof';
import { recordReferral } from './referrals/sign-ups';

export const subscribers = [
  // A sign-up with a referral code: the referral (paid once the telephone is proven, counted as awaiting it until then).
  subscriber('agents.referral_signup', 'user.registered', async ({ payload }) => recordReferral(payload)),
  // A referred user proved its telephone: `referral_signup`, a shop created for a seller, the commissions held.
  subscriber('agents.referral_phone_proof', 'user.phone_verified', async ({ payload }) => recordPhoneProof(payload)),
  // A payment's money goes back: a commission still held for it is never credited.
  subscriber('agents.held_commission_refund', 'payment.refund_marked', async ({ payload }) => dropHeldCommission(payload)),
  // A referred user paid: the referral completed at the first success; subscription and advertisement commissions.
  subscriber('agents.referral_payment', 'payment.succeeded', async ({ payload, createdAt }) => recordPayment(payload, createdAt)),
  // A referred user's payment refunded whole: its commission's earning and counters taken back (the wallet entry went with the refund).
  subscriber('agents.commission_taken_back', 'payment.refund_marked', async ({ payload }) => {
    if (payload.full) await takeBackCommission(payload.paymentId);
  }),
  // A referred seller asked for an advertisement, paid or not (`campagnesDemandees`).
  subscriber('agents.campaign_requested', 'publicite.requested', async ({ payload }) => recordCampaignRequest(payload)),
];
