/**
 * Commissions on referred users' payments: the referred user's first successful payment completes
 * its referral, and its subscription and advertisement payments earn the agent a commission (the
 * referral tariff, an admin price list), each once, held until the telephone proof when the
 * payment comes before it, and never credited when the payment's money goes back first.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import type { EventCatalog } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { percentOf } from '../../../core/money';
import { getUser } from '../../identity';
import { priceList } from '../../pricing';
import { credit } from '../earnings';
import { writeTotals } from '../repository';
import { heldCommissionMachine, referralMachine } from './machine';
import type { CommissionType } from './model';
import { heldCommissionsOf, heldRef, referralRef } from './repository';
import { dayOf, referralOf } from './sign-ups';
import { HELD_COMMISSION_FIRST_STATUS, HELD_COMMISSION_REFUNDED } from './state';

type RefundMarked = EventCatalog['payment.refund_marked'];
type PaymentSucceeded = EventCatalog['payment.succeeded'];

/** The commission earned on a payment of this type, if any. */
const COMMISSION_OF: Partial<Record<PaymentSucceeded['type'], CommissionType>> = {
  abonnement: 'commission_subscription',
  abonnement_transitaire: 'commission_subscription',
  publicite: 'commission_publicite',
};

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
    const completes = referralMachine.next(referral.statut, 'complete') ? 1 : 0;
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
    const completed = referralMachine.move(tx, { id: payment.userId, from: referral.statut, event: 'complete', at: succeededAt, history: referral.history ?? [] });
    tx.update(ref, { ...completed, completedAt: Timestamp.fromDate(succeededAt), firstPaymentId: payment.paymentId });
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
  const at = now();
  tx.create(ref, {
    ...heldCommissionMachine.start(tx, { id: payment.paymentId, to: HELD_COMMISSION_FIRST_STATUS, at }),
    paymentId: payment.paymentId,
    agentId,
    referredId: payment.userId,
    type: kind,
    montant: percentOf(payment.montant, pct),
    description: kind === 'commission_subscription' ? 'Commission : abonnement d’un filleul' : 'Commission : publicité d’un filleul',
    createdAt: Timestamp.fromDate(at),
  });
}

const RELEASE_PAGE = 50;

/** Credits the commissions held for a proven user's payments, each in its own transaction, once. */
export async function releaseHeldCommissions(referredUid: string, dateKey: string): Promise<void> {
  for (;;) {
    const ids = await heldCommissionsOf(referredUid, RELEASE_PAGE);
    for (const paymentId of ids) {
      const ref = heldRef(paymentId);
      await runTransaction(async (tx) => {
        const held = (await tx.get(ref)).data();
        if (!held || !heldCommissionMachine.next(held.statut, 'release') || !held.agentId || !held.type || held.montant === undefined) return;
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
        const at = now();
        const released = heldCommissionMachine.move(tx, { id: paymentId, from: held.statut, event: 'release', at, history: held.history ?? [] });
        tx.update(ref, { ...released, releasedAt: Timestamp.fromDate(at) });
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
    const at = now();
    if (!held) {
      tx.create(ref, { ...heldCommissionMachine.start(tx, { id: refund.paymentId, to: HELD_COMMISSION_REFUNDED, event: 'refund', at }), paymentId: refund.paymentId, createdAt: Timestamp.fromDate(at) });
      return;
    }
    // A commission released or refunded already stays as it is.
    const refunded = heldCommissionMachine.tryMove(tx, { id: refund.paymentId, from: held.statut, event: 'refund', at, history: held.history ?? [] });
    if (refunded) tx.update(ref, refunded);
  });
}
