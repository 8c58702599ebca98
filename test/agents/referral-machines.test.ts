/**
 * A referral's status and a held commission's move through their machines (agents/referrals/
 * machine.ts): the tables walked pair by pair, and what the database holds after the subscribers
 * made, completed, held and refunded them (each move with its history entry).
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { dropHeldCommission, recordPayment } from '../../functions/src/domains/agents/referrals/commissions';
import { recordReferral } from '../../functions/src/domains/agents/referrals/sign-ups';
import {
  HELD_COMMISSION_EVENTS,
  HELD_COMMISSION_STATUSES,
  HELD_COMMISSION_TRANSITIONS,
  REFERRAL_EVENTS,
  REFERRAL_STATUSES,
  REFERRAL_TRANSITIONS,
} from '../../functions/src/domains/agents/referrals/state';
import { resetEmulators } from '../helpers/emulators';
import { walk } from '../helpers/transition-table';

beforeAll(async () => {
  await resetEmulators();
});

type Stored = { statut: string; history: Array<{ statut: string; at: { toDate(): Date }; by: string; reason: string | null }>; updatedAt?: { toDate(): Date }; createdAt: { toDate(): Date } } & Record<string, unknown>;
const stored = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data() as Stored;
/** A document's history as dates, to compare with the moments of its moves. */
const historyOf = (document: Stored) => document.history.map((kept) => ({ ...kept, at: kept.at.toDate() }));
const entry = (statut: string, at: Date) => ({ statut, at, by: 'system', reason: null });

it('walks the referral table: the first payment completes a pending referral, nothing moves a completed one', () => {
  walk(REFERRAL_TRANSITIONS, REFERRAL_STATUSES, REFERRAL_EVENTS, { 'pending --complete-->': 'completed' });
});

it('walks the held commission table: a held commission is released or refunded, and then never moves', () => {
  walk(HELD_COMMISSION_TRANSITIONS, HELD_COMMISSION_STATUSES, HELD_COMMISSION_EVENTS, {
    'held --release-->': 'released',
    'held --refund-->': 'refunded',
  });
});

it('makes a referral pending and completes it at its user’s first payment, holding the commission until refunded; each with its history', async () => {
  const registeredAt = new Date('2026-11-20T08:00:00Z');
  // A referred user without a proven telephone (no profile): its commission is held.
  await recordReferral({ uid: 'referred-1', role: 'vendeur', app: 'pro', referrerId: 'agent-1', referralCode: 'AG-TEST', registeredAt: registeredAt.toISOString() });
  const made = await stored(COLLECTIONS.referrals, 'referred-1');
  expect({ statut: made.statut, history: historyOf(made) }).toEqual({ statut: 'pending', history: [entry('pending', registeredAt)] });

  const paidAt = new Date('2026-11-21T09:00:00Z');
  const payment = { paymentId: 'payment-1', type: 'abonnement' as const, userId: 'referred-1', montant: 10_000, metadata: {} };
  await recordPayment(payment, paidAt);
  await recordPayment({ ...payment, paymentId: 'payment-2' }, new Date('2026-11-22T09:00:00Z'));
  const referral = await stored(COLLECTIONS.referrals, 'referred-1');
  expect({ statut: referral.statut, firstPaymentId: referral.firstPaymentId, history: historyOf(referral), updatedAt: referral.updatedAt?.toDate() }).toEqual({
    statut: 'completed',
    firstPaymentId: 'payment-1',
    history: [entry('pending', registeredAt), entry('completed', paidAt)],
    updatedAt: paidAt,
  });

  const held = await stored(COLLECTIONS.agentHeldCommissions, 'payment-1');
  expect({ statut: held.statut, history: historyOf(held) }).toEqual({ statut: 'held', history: [entry('held', held.createdAt.toDate())] });

  await dropHeldCommission({ paymentId: 'payment-1', type: 'abonnement', userId: 'referred-1', montant: 10_000, full: true, reason: 'test', at: paidAt.toISOString() });
  const refunded = await stored(COLLECTIONS.agentHeldCommissions, 'payment-1');
  expect(refunded.statut).toBe('refunded');
  expect(refunded.history.map((kept) => kept.statut)).toEqual(['held', 'refunded']);
  expect(refunded.updatedAt?.toDate()).toEqual(refunded.history[1].at.toDate());
});

it('leaves a refund handled before its payment as a commission made refunded, which the payment then holds nothing over', async () => {
  await recordReferral({ uid: 'referred-2', role: 'vendeur', app: 'pro', referrerId: 'agent-1', referralCode: 'AG-TEST', registeredAt: new Date().toISOString() });
  await dropHeldCommission({ paymentId: 'payment-3', type: 'publicite', userId: 'referred-2', montant: 5000, full: true, reason: 'test', at: new Date().toISOString() });
  const mark = await stored(COLLECTIONS.agentHeldCommissions, 'payment-3');
  expect({ statut: mark.statut, paymentId: mark.paymentId, history: historyOf(mark) }).toEqual({ statut: 'refunded', paymentId: 'payment-3', history: [entry('refunded', mark.createdAt.toDate())] });
  await recordPayment({ paymentId: 'payment-3', type: 'publicite', userId: 'referred-2', montant: 5000, metadata: {} }, new Date());
  expect(await stored(COLLECTIONS.agentHeldCommissions, 'payment-3')).toEqual(mark);
});
