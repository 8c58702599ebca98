/**
 * What an agent earns, or withdraws: the earning (`agentEarnings/{type}_{reference}`), the agent's
 * wallet entry (`gain_agent`, or `retrait` for a withdrawal) and the counters it moves, all in one
 * transaction and once: a second credit of the same fact finds its earning and writes nothing.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { runTransaction } from '../../core/firebase';
import { prepareAllocation } from '../payments';
import { PLATFORM_WALLET_ID, record } from '../wallet';
import { type DayCounter, earningId, type EarningType, type TotalCounter } from './model';
import { agentRef, type DayChanges, type DayFields, earningRef, type TotalChanges, writeDay, writeTotals } from './repository';

export interface Credit {
  agentId: string;
  type: EarningType;
  /** The business fact, unique for its type: a referred user, a payment, `{agentId}_{day}`, a withdrawal. */
  reference: string;
  /** XOF; negative for a withdrawal. */
  montant: number;
  description: string;
  /** The business day the earning counts in. */
  dateKey: string;
  sourceUserId?: string | null;
  paymentId?: string | null;
  /** Counters of the fact the earning pays for (a subscription sold...): moved with it, hence once. */
  day?: DayChanges;
  totals?: TotalChanges;
  dayFields?: DayFields;
}

/** The daily KPI an earning of the type adds its amount to (contract rule 2: revenues are credited commissions). */
const DAY_REVENUE: Partial<Record<EarningType, DayCounter>> = { commission_subscription: 'revenueAbonnement', commission_publicite: 'revenueCampagne' };
const TOTAL_OF_TYPE: Partial<Record<EarningType, TotalCounter>> = {
  referral_signup: 'referralSignupEarnings',
  daily_presence: 'presenceBonusEarnings',
  commission_subscription: 'revenueAbonnement',
  commission_publicite: 'revenueCampagne',
};

function plus<K extends string>(changes: Partial<Record<K, number>>, field: K | undefined, by: number): Partial<Record<K, number>> {
  if (!field || by === 0) return changes;
  return { ...changes, [field]: (changes[field] ?? 0) + by };
}

/**
 * Credits the earning in `tx`; answers false (and writes nothing) when it was credited before. It
 * reads, then writes: call it after the transaction's own reads and before its own writes. A debit
 * larger than the balance throws INSUFFICIENT_BALANCE (the wallet's rule).
 */
export async function credit(tx: Transaction, earning: Credit): Promise<boolean> {
  const ref = earningRef(earningId(earning.type, earning.reference));
  const { agentId, montant } = earning;
  // The agent's type goes on its leaderboard documents (read here, in the transaction's reads).
  const [existing, agent] = await Promise.all([tx.get(ref), tx.get(agentRef(agentId))]);
  if (existing.exists) return false;
  const at = now();
  const entry = { type: montant < 0 ? ('retrait' as const) : ('gain_agent' as const), montant, reference: ref.id, description: earning.description };
  if (earning.paymentId) {
    // A commission is paid out of the payment's revenue (the platform's `commission_agent`), and
    // only while that payment's money stands: a payment refunded first earns nothing.
    const allocation = await prepareAllocation(tx, earning.paymentId, [
      { uid: agentId, entry },
      { uid: PLATFORM_WALLET_ID, entry: { type: 'commission_agent', montant: -montant, reference: ref.id, description: earning.description } },
    ]);
    if (!allocation.allowed) return false;
    allocation.write();
  } else {
    await record(agentId, entry, tx);
  }
  tx.create(ref, {
    agentId,
    type: earning.type,
    montant,
    reference: earning.reference,
    description: earning.description,
    dateKey: earning.dateKey,
    sourceUserId: earning.sourceUserId ?? null,
    paymentId: earning.paymentId ?? null,
    createdAt: Timestamp.fromDate(at),
  });
  const presence: DayFields = earning.type === 'daily_presence' ? { dailyBonusCredited: true, dailyPresenceBonusXof: montant } : {};
  writeDay(tx, agentId, earning.dateKey, plus(earning.day ?? {}, DAY_REVENUE[earning.type], montant), { ...earning.dayFields, ...presence }, at, agent.data()?.typeAgent ?? null);
  let totals = plus(earning.totals ?? {}, TOTAL_OF_TYPE[earning.type], montant);
  totals = montant > 0 ? plus(totals, 'totalEarnings', montant) : plus(totals, 'totalWithdrawn', -montant);
  writeTotals(tx, agentId, totals, at);
  return true;
}

/**
 * A commission whose payment's money all went back (`payment.refund_marked`, whole): its wallet
 * entry was taken back with the refund (payments' ledger); here its earning is marked taken back
 * and the counters it moved move back (the revenue, the subscription or campaign sold, which count
 * towards the withdrawal threshold and the leaderboard), once.
 */
export async function takeBackCommission(paymentId: string): Promise<void> {
  for (const type of ['commission_subscription', 'commission_publicite'] as const) {
    const ref = earningRef(earningId(type, paymentId));
    await runTransaction(async (tx) => {
      const earning = (await tx.get(ref)).data();
      if (!earning || earning.reprisLe) return;
      const agent = (await tx.get(agentRef(earning.agentId))).data();
      const at = now();
      const sold = type === 'commission_subscription' ? 'abonnementsVendus' : 'campagnesLancees';
      tx.update(ref, { reprisLe: Timestamp.fromDate(at) });
      writeDay(tx, earning.agentId, earning.dateKey, { [sold]: -1, [DAY_REVENUE[type]!]: -earning.montant }, {}, at, agent?.typeAgent ?? null);
      writeTotals(tx, earning.agentId, { [sold]: -1, [TOTAL_OF_TYPE[type]!]: -earning.montant, totalEarnings: -earning.montant }, at);
    });
  }
}
