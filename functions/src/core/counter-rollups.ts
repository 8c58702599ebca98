/**
 * Roll-ups of counter days (core/counters): a day's shards, summed once for every scope of a group,
 * kept in one document that readers use instead of the day's shards. A range of days then reads a
 * document per closed month, a document per closed day of a month still open, and the shards of
 * the days not closed yet, instead of every shard of every day.
 *
 * - A day is closed ROLLUP_AFTER_MS after it ends (BUSINESS_TIME_ZONE); a month when its last day is.
 * - `counterRollups/{group}__{YYYY-MM-DD}__v{n}` holds a closed day of a month still open, and
 *   `counterRollups/{group}__{YYYY-MM}__v{n}` a closed month, each day of it: `values.{day}.{member}`
 *   (the summed values of each scope of the group, by its name in the group). The range's totals are
 *   summed from these days by the reader, so a total and the days listed with it cannot disagree.
 * - The first reader that needs a roll-up and finds none writes it, with `create` (a precondition:
 *   the document must not exist). Readers at once sum the same values and one create succeeds;
 *   the others keep what they summed. A roll-up is never changed afterwards.
 * - Late bumps: a bump on a day that may be rolled up already increments the group's late mark of
 *   that month in its transaction (counters.ts, `counterLate/{group}__{YYYY-MM}`: `count`, and
 *   `days.{day}`). A roll-up's version `n` is the late count it was summed under (the day's count
 *   for a day, the month's for a month), read before its shards: a reader reads the late marks
 *   first and asks for the version they name, so a late bump makes the reader sum again and write
 *   the next version, and the bump is counted. Older versions are left as they are (a late bump
 *   leaves one small document behind).
 */
import * as logger from 'firebase-functions/logger';
import { now } from './clock';
import { type CounterScope, type CounterValues, firstUnrolledDay, lateMarkRef, readPeriods } from './counters';
import { daysBetween } from './days';
import { db } from './firebase';
import { COLLECTIONS } from './firestore';

export interface RollupGroup {
  /** Part of every roll-up's id (no `__`, no `/`); each member scope names it as its `rollup`. */
  name: string;
  /** The scopes summed together, by a name of the group's own (`users`, `payments`...). */
  members: Record<string, CounterScope>;
}

/** A day's values, by member of the group. */
export type MemberValues = Record<string, CounterValues>;

/** Where each day of a range is read from at a moment. */
export interface ReadPlan {
  /** Days not closed yet: their shards. */
  live: string[];
  /** Closed days of months still open: a roll-up each. */
  days: string[];
  /** Closed months (`YYYY-MM`) the range touches: a roll-up each. */
  months: string[];
  /** Months whose late mark is read: those of `days` and `months`. */
  lateMarks: string[];
}

const ALREADY_EXISTS = 6;
const monthOf = (day: string) => day.slice(0, 7);
/** `2026-02` -> `2026-02-28`: day 0 of the next month is the month's last. */
const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const rollupRef = (group: RollupGroup, period: string, version: number) => db().collection(COLLECTIONS.counterRollups).doc(`${group.name}__${period}__v${version}`);

/** Where each day (in order, as daysBetween lists them) is read from at `at`: a pure function of the days and the moment. */
export function planRead(days: readonly string[], at: Date): ReadPlan {
  const open = firstUnrolledDay(at);
  const plan: ReadPlan = { live: [], days: [], months: [], lateMarks: [] };
  for (const day of days) {
    if (day >= open) {
      plan.live.push(day);
      continue;
    }
    const month = monthOf(day);
    if (plan.lateMarks.at(-1) !== month) {
      plan.lateMarks.push(month);
      if (lastDayOf(month) < open) plan.months.push(month);
    }
    if (plan.months.at(-1) !== month) plan.days.push(day);
  }
  return plan;
}

/** The documents a plan reads when every roll-up it names exists. */
export function planReads(plan: ReadPlan, group: RollupGroup): number {
  const shards = Object.values(group.members).reduce((total, scope) => total + scope.shards, 0);
  return plan.live.length * shards + plan.days.length + plan.months.length + plan.lateMarks.length;
}

/** Every member's values of each day, from the shards: days x (the group's shards) documents. */
async function readShards(group: RollupGroup, days: readonly string[]): Promise<Map<string, MemberValues>> {
  const byDay = new Map<string, MemberValues>(days.map((day) => [day, {}]));
  if (days.length === 0) return byDay;
  await Promise.all(
    Object.entries(group.members).map(async ([member, scope]) => {
      for (const [day, values] of await readPeriods(scope, days)) byDay.get(day)![member] = values;
    }),
  );
  return byDay;
}

/** Writes a roll-up unless one exists already (another reader's, of the same values). */
async function createRollup(group: RollupGroup, period: string, version: number, values: Record<string, MemberValues>): Promise<void> {
  try {
    await rollupRef(group, period, version).create({ group: group.name, period, version, values, createdAt: now() });
  } catch (error) {
    if ((error as { code?: number }).code === ALREADY_EXISTS) return;
    // The answer stands without it: the next reader sums the day again and writes it.
    logger.warn('counter roll-up not written', { group: group.name, period, version, error: String(error) });
  }
}

/**
 * Every member's values of each day asked for (an empty map for a member with nothing that day),
 * from roll-ups where the day is closed (written here when missing) and from shards otherwise.
 */
export async function readDays(group: RollupGroup, days: readonly string[]): Promise<Map<string, MemberValues>> {
  const plan = planRead(days, now());
  // Late marks before any roll-up or shard: a roll-up is trusted only for the late count it names.
  const [lateSnapshots, live] = await Promise.all([
    plan.lateMarks.length ? db().getAll(...plan.lateMarks.map((month) => lateMarkRef(group.name, month))) : Promise.resolve([]),
    readShards(group, plan.live),
  ]);
  const late = new Map(lateSnapshots.map((snapshot, index) => [plan.lateMarks[index]!, (snapshot.data() ?? {}) as { count?: number; days?: Record<string, number> }]));
  const monthVersion = (month: string) => late.get(month)?.count ?? 0;
  const dayVersion = (day: string) => late.get(monthOf(day))?.days?.[day] ?? 0;

  const result = new Map<string, MemberValues>(live);
  const asked = [...plan.months.map((month) => rollupRef(group, month, monthVersion(month))), ...plan.days.map((day) => rollupRef(group, day, dayVersion(day)))];
  const found = asked.length ? await db().getAll(...asked) : [];
  const stored = new Map<string, Record<string, MemberValues>>();
  for (const snapshot of found) if (snapshot.exists) stored.set(snapshot.get('period') as string, snapshot.get('values') as Record<string, MemberValues>);

  // A closed month without its roll-up: its days from their roll-ups where present (a month read
  // while it was open), the other days from their shards.
  const missingMonths = plan.months.filter((month) => !stored.has(month));
  const monthDays = missingMonths.flatMap((month) => daysBetween(`${month}-01`, lastDayOf(month)));
  const dayRollups = monthDays.length ? await db().getAll(...monthDays.map((day) => rollupRef(group, day, dayVersion(day)))) : [];
  const known = new Map<string, MemberValues>();
  dayRollups.forEach((snapshot, index) => {
    if (snapshot.exists) known.set(monthDays[index]!, (snapshot.get('values') as Record<string, MemberValues>)[monthDays[index]!]!);
  });
  const missingDays = plan.days.filter((day) => !stored.has(day));
  const summed = await readShards(group, [...missingDays, ...monthDays.filter((day) => !known.has(day))]);
  for (const [day, values] of summed) known.set(day, values);

  await Promise.all([
    ...missingMonths.map((month) => {
      const values = Object.fromEntries(daysBetween(`${month}-01`, lastDayOf(month)).map((day) => [day, known.get(day)!]));
      stored.set(month, values);
      return createRollup(group, month, monthVersion(month), values);
    }),
    ...missingDays.map((day) => {
      stored.set(day, { [day]: known.get(day)! });
      return createRollup(group, day, dayVersion(day), { [day]: known.get(day)! });
    }),
  ]);

  for (const day of days) {
    if (result.has(day)) continue;
    const values = (stored.get(monthOf(day)) ?? stored.get(day))?.[day];
    result.set(day, Object.fromEntries(Object.keys(group.members).map((member) => [member, values?.[member] ?? {}])));
  }
  return new Map(days.map((day) => [day, result.get(day)!]));
}
