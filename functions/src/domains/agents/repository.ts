/**
 * Firestore access of the agents domain: agent records and totals, days, earnings and tallies.
 * Counters only ever move by FieldValue.increment, inside the transaction of the fact they count.
 */
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { collection, COLLECTIONS } from '../../core/firestore';
import {
  type AgentDayDocument,
  type AgentDocument,
  type AgentPeriodDocument,
  type AgentStatsDocument,
  type AgentType,
  bucketOf,
  type DayCounter,
  dayId,
  PERIODS,
  periodId,
  periodKeyOf,
  SCORE_WEIGHTS,
  type ScoredCounter,
  type EarningDocument,
  type TallyDocument,
  type TotalCounter,
} from './model';

const agents = () => collection<AgentDocument>(COLLECTIONS.agents);
export const days = () => collection<AgentDayDocument>(COLLECTIONS.agentDays);
export const earnings = () => collection<EarningDocument>(COLLECTIONS.agentEarnings);
const tallies = () => collection<TallyDocument>(COLLECTIONS.agentTallies);
const stats = () => collection<AgentStatsDocument>(COLLECTIONS.agentStats);
/**
 * The consolidated totals, in shards summed on read: every agent's facts move them, so one document
 * would take the whole platform's agent activity (docs/architecture.md, Hot documents). `agentStats/all` is shard
 * 0 (the one document it was before), the others `all_1` ... Raising the count is safe; lowering it
 * would drop what the shards beyond hold.
 */
export const STATS_SHARDS = 8;
const statsShardRef = (shard: number) => stats().doc(shard === 0 ? 'all' : `all_${shard}`);
export const statsShardRefs = () => Array.from({ length: STATS_SHARDS }, (_, shard) => statsShardRef(shard));
const anyStatsShard = () => statsShardRef(Math.floor(Math.random() * STATS_SHARDS));
export const periods = () => collection<AgentPeriodDocument>(COLLECTIONS.agentPeriods);

export const agentRef = (uid: string) => agents().doc(uid);
export const dayRef = (agentId: string, dateKey: string) => days().doc(dayId(agentId, dateKey));
export const earningRef = (id: string) => earnings().doc(id);
export const tallyRef = (id: string) => tallies().doc(id);

export type DayChanges = Partial<Record<DayCounter, number>>;
export type TotalChanges = Partial<Record<TotalCounter, number>>;
/** Fields of the day set as they are (journal, presence bonus), beside its counters. */
export type DayFields = Partial<
  Pick<AgentDayDocument, 'dailyBonusCredited' | 'dailyPresenceBonusXof' | 'zone' | 'zoneLocation' | 'zoneAccuracyM' | 'locatedAt' | 'presenceRefusedReason'>
>;

function increments<K extends string>(changes: Partial<Record<K, number>>): Partial<Record<K, FieldValue>> {
  const out: Partial<Record<K, FieldValue>> = {};
  for (const [field, by] of Object.entries(changes) as Array<[K, number | undefined]>) if (by) out[field] = FieldValue.increment(by);
  return out;
}

/**
 * One write of an agent's day: counters increased, fields set, the document made when it is the
 * day's first fact. Changes that move the leaderboard (the scored counters, the commissions) move
 * the agent's day, ISO week and month documents (`agentPeriods`) in the same transaction, with
 * `typeAgent` when the caller knows it (read in its transaction).
 */
export function writeDay(
  tx: Transaction,
  agentId: string,
  dateKey: string,
  changes: DayChanges,
  fields: DayFields = {},
  at = now(),
  typeAgent?: AgentType | null,
): void {
  tx.set(dayRef(agentId, dateKey), { agentId, dateKey, ...fields, ...increments(changes), updatedAt: Timestamp.fromDate(at) }, { merge: true });
  writePeriods(tx, agentId, dateKey, changes, at, typeAgent);
}

function writePeriods(tx: Transaction, agentId: string, dateKey: string, changes: DayChanges, at: Date, typeAgent: AgentType | null | undefined): void {
  const scored: Partial<Record<ScoredCounter, number>> = {};
  let score = 0;
  for (const [field, weight] of Object.entries(SCORE_WEIGHTS) as Array<[ScoredCounter, number]>) {
    const by = changes[field] ?? 0;
    if (by) scored[field] = by;
    score += by * weight;
  }
  const earnings = (changes.revenueAbonnement ?? 0) + (changes.revenueCampagne ?? 0);
  if (score === 0 && earnings === 0 && Object.keys(scored).length === 0) return;
  for (const period of PERIODS) {
    const periodKey = periodKeyOf(period, dateKey);
    tx.set(
      periods().doc(periodId(period, periodKey, agentId)),
      {
        agentId,
        period,
        periodKey,
        bucket: bucketOf(period, periodKey),
        ...(typeAgent !== undefined ? { typeAgent } : {}),
        ...increments(scored),
        // Always written, even as +0: a document without them would drop out of the ranking's orderBy.
        score: FieldValue.increment(score),
        earnings: FieldValue.increment(earnings),
        updatedAt: Timestamp.fromDate(at),
      },
      { merge: true },
    );
  }
}

/**
 * One write of an agent's running totals, and of the same increments on the consolidated totals
 * (one shard of `agentStats`, at random: a blind write, so transactions of different agents never
 * conflict on it, and no one document takes every agent's facts).
 */
export function writeTotals(tx: Transaction, agentId: string, changes: TotalChanges, at = now()): void {
  const moved = increments(changes);
  tx.set(agentRef(agentId), { ...moved, updatedAt: Timestamp.fromDate(at) }, { merge: true });
  if (Object.keys(moved).length > 0) tx.set(anyStatsShard(), { ...moved, updatedAt: Timestamp.fromDate(at) }, { merge: true });
}

/** The agent's record, made with its account (identity's transaction). */
export function createAgentRecord(
  tx: Transaction,
  uid: string,
  record: { typeAgent: AgentType; zone: string; referralCode: string; createdBy: string },
  at: Date,
): void {
  tx.set(agentRef(uid), { ...record, createdAt: Timestamp.fromDate(at), updatedAt: Timestamp.fromDate(at) }, { merge: true });
  tx.set(anyStatsShard(), { agents: FieldValue.increment(1), updatedAt: Timestamp.fromDate(at) }, { merge: true });
}

/** The agent's record and one of its days: two reads, whatever the history. */
export async function agentAndDay(agentId: string, dateKey: string): Promise<{ agent: AgentDocument | undefined; day: AgentDayDocument | undefined }> {
  const [agent, day] = await Promise.all([agentRef(agentId).get(), dayRef(agentId, dateKey).get()]);
  return { agent: agent.data(), day: day.data() };
}
