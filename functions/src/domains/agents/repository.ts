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
  type AgentType,
  type DayCounter,
  dayId,
  type EarningDocument,
  type TallyDocument,
  type TotalCounter,
} from './model';

const agents = () => collection<AgentDocument>(COLLECTIONS.agents);
const days = () => collection<AgentDayDocument>(COLLECTIONS.agentDays);
const earnings = () => collection<EarningDocument>(COLLECTIONS.agentEarnings);
const tallies = () => collection<TallyDocument>(COLLECTIONS.agentTallies);

export const agentRef = (uid: string) => agents().doc(uid);
export const dayRef = (agentId: string, dateKey: string) => days().doc(dayId(agentId, dateKey));
export const earningRef = (id: string) => earnings().doc(id);
export const tallyRef = (id: string) => tallies().doc(id);

export type DayChanges = Partial<Record<DayCounter, number>>;
export type TotalChanges = Partial<Record<TotalCounter, number>>;
/** Fields of the day set as they are (journal, presence bonus), beside its counters. */
export type DayFields = Partial<Pick<AgentDayDocument, 'dailyBonusCredited' | 'dailyPresenceBonusXof' | 'zone' | 'zoneLocation' | 'locatedAt'>>;

function increments<K extends string>(changes: Partial<Record<K, number>>): Partial<Record<K, FieldValue>> {
  const out: Partial<Record<K, FieldValue>> = {};
  for (const [field, by] of Object.entries(changes) as Array<[K, number | undefined]>) if (by) out[field] = FieldValue.increment(by);
  return out;
}

/**
 * One write of an agent's day: counters increased, fields set, the document made when it is the
 * day's first fact. Per-period counters (weeks, months) would be increased here too.
 */
export function writeDay(tx: Transaction, agentId: string, dateKey: string, changes: DayChanges, fields: DayFields = {}, at = now()): void {
  tx.set(dayRef(agentId, dateKey), { agentId, dateKey, ...fields, ...increments(changes), updatedAt: Timestamp.fromDate(at) }, { merge: true });
}

/** One write of an agent's running totals. */
export function writeTotals(tx: Transaction, agentId: string, changes: TotalChanges, at = now()): void {
  tx.set(agentRef(agentId), { ...increments(changes), updatedAt: Timestamp.fromDate(at) }, { merge: true });
}

/** The agent's record, made with its account (identity's transaction). */
export function createAgentRecord(
  tx: Transaction,
  uid: string,
  record: { typeAgent: AgentType; zone: string; referralCode: string; createdBy: string },
  at: Date,
): void {
  tx.set(agentRef(uid), { ...record, createdAt: Timestamp.fromDate(at), updatedAt: Timestamp.fromDate(at) }, { merge: true });
}

/** The agent's record and one of its days: two reads, whatever the history. */
export async function agentAndDay(agentId: string, dateKey: string): Promise<{ agent: AgentDocument | undefined; day: AgentDayDocument | undefined }> {
  const [agent, day] = await Promise.all([agentRef(agentId).get(), dayRef(agentId, dateKey).get()]);
  return { agent: agent.data(), day: day.data() };
}
