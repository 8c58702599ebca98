/**
 * Counters kept by event subscribers and read by dashboards instead of scanning collections
 * (ARCHITECTURE.md, "Counters over scans"). A counter set has a scope (`stats.payments`) and a
 * period: a business day (`YYYY-MM-DD` in BUSINESS_TIME_ZONE) or `total` (since the start: gauges
 * such as listings by status, moved -1/+1 on each change). Its values are nested maps of numbers
 * (`byStatus.paid`, `revenue.achat`).
 *
 * A period is split into `shards` documents `counters/{scope}__{period}__{shard}` when one document
 * would take more than about one write a second (Firestore's sustained rate per document); each
 * increment lands on one shard at random and a reader sums them. Readers address shards by id
 * (`getAll`), never by query: reading a range costs days x shards documents, whatever the number
 * of events behind them.
 *
 * An event is counted once: the marker `counterRuns/{runKey}` is created in the transaction that
 * increments, so a subscriber run again (delivery is at least once) changes nothing.
 *
 * A scope may belong to a roll-up group (core/counter-rollups): once a day has ended and
 * ROLLUP_AFTER_MS have passed, its shards are summed into a roll-up document that readers use in
 * their place. A bump that lands on a day which may be rolled up already (an event retried or
 * replayed late, a backfill) also increments the group's late mark of that month,
 * `counterLate/{group}__{YYYY-MM}`, in the same transaction: a roll-up names the late count it
 * was summed under, and a reader that finds another count sums the day again (counter-rollups.ts).
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { businessDay, now } from './clock';
import { config } from './config';
import { db, runTransaction } from './firebase';
import { COLLECTIONS } from './firestore';

export interface CounterScope {
  /** `domain.set` (`stats.users`): part of every document id, so no `__` and no `/`. */
  name: string;
  /** Documents per period: 1 unless one document would take more than about a write a second. */
  shards: number;
  /** The roll-up group its days are summed into (core/counter-rollups), if any: late bumps mark it. */
  rollup?: string;
}

/** Increments by dot path (`byStatus.paid`: 1); path segments are letters, digits, `_` or `-`. */
export type Deltas = Record<string, number>;

/** Summed values of a period: nested maps of numbers, as the deltas' paths made them. */
export interface CounterValues {
  [key: string]: number | CounterValues;
}

export interface CounterWrite {
  scope: CounterScope;
  /** A business day (`dayOf`) or TOTAL. */
  period: string;
  deltas: Deltas;
}

export const TOTAL = 'total';

/** How long a run marker is kept (TTL on `expireAt`): longer than any retry of an event. */
const RUN_MARKER_DAYS = 30;
const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * How long after a business day ends its counters are rolled up: longer than the whole retry
 * schedule of an event emitted just before midnight (EVENT_LEASE_SECONDS 120 s, then retries after
 * 30 s doubled until EVENT_MAX_ATTEMPTS 6: about 18 minutes), so that late bumps are rare. They
 * are still counted when they happen (the late mark); the delay only makes them cheap.
 */
export const ROLLUP_AFTER_MS = 60 * 60_000;
/**
 * A bump marks its day late from this long after the day ended: earlier than ROLLUP_AFTER_MS by
 * more than a Firestore transaction can live (it is ended after 270 s), so a bump that did not
 * mark has committed before any reader may roll its day up, and the roll-up sums it.
 */
export const LATE_AFTER_MS = ROLLUP_AFTER_MS - 5 * 60_000;

/** The business day of a moment: the day a dashboard files it under. */
export function dayOf(at: Date): string {
  return businessDay(at, config().BUSINESS_TIME_ZONE);
}

/** The first day that may not be rolled up at `at`: every day before it ended ROLLUP_AFTER_MS ago or more. */
export function firstUnrolledDay(at: Date): string {
  return dayOf(new Date(at.getTime() - ROLLUP_AFTER_MS));
}

/** `counterLate/{group}__{YYYY-MM}`: how many bumps landed late on each day of a month of a roll-up group. */
export const lateMarkRef = (group: string, month: string) => db().collection(COLLECTIONS.counterLate).doc(`${group}__${month}`);

/**
 * The late marks of writes made at `at`, summed per document (`count` for the month, `days.{day}`
 * per day), as increments: one per write to a day of a rolled-up scope that may be rolled up
 * already (LATE_AFTER_MS). Writes to `total` or to recent days mark nothing.
 */
export function lateMarks(writes: readonly CounterWrite[], at: Date): Array<{ ref: FirebaseFirestore.DocumentReference; data: Record<string, unknown> }> {
  const lateBefore = dayOf(new Date(at.getTime() - LATE_AFTER_MS));
  const byDocument = new Map<string, { group: string; month: string; days: Record<string, number> }>();
  for (const write of writes) {
    const group = write.scope.rollup;
    if (!group || write.period === TOTAL || write.period >= lateBefore || Object.values(write.deltas).every((delta) => delta === 0)) continue;
    const month = write.period.slice(0, 7);
    const mark = byDocument.get(`${group}__${month}`) ?? { group, month, days: {} };
    mark.days[write.period] = (mark.days[write.period] ?? 0) + 1;
    byDocument.set(`${group}__${month}`, mark);
  }
  return [...byDocument.values()].map(({ group, month, days }) => ({
    ref: lateMarkRef(group, month),
    data: {
      group,
      month,
      count: FieldValue.increment(Object.values(days).reduce((total, count) => total + count, 0)),
      days: Object.fromEntries(Object.entries(days).map(([day, count]) => [day, FieldValue.increment(count)])),
    },
  }));
}

const shardRef = (scope: CounterScope, period: string, shard: number) =>
  db().collection(COLLECTIONS.counters).doc(`${scope.name}__${period}__${shard}`);

/** `{ 'byStatus.paid': 1 }` as the nested increments a merge writes (`{ byStatus: { paid: +1 } }`). */
function nestedIncrements(deltas: Deltas): Record<string, unknown> {
  return nestByPath(deltas, (delta) => FieldValue.increment(delta));
}

/**
 * Numbers by dot path as the nested maps counter documents hold, each number turned into `leaf`
 * (an increment, or the number itself); zeros are left out. A path with another character is
 * refused: it would escape its map.
 */
export function nestByPath<T>(byPath: Record<string, number>, leaf: (value: number) => T): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(byPath)) {
    if (value === 0) continue;
    const segments = path.split('.');
    if (!segments.every((segment) => SEGMENT.test(segment))) throw new Error(`counter path not allowed: ${path}`);
    let node = root;
    for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[segments.at(-1)!] = leaf(value);
  }
  return root;
}

/**
 * Applies the writes once for `runKey` (a subscriber's `{eventId}__{name}`): true when this call
 * counted them, false when they had been counted already.
 */
export async function countOnce(runKey: string, writes: readonly CounterWrite[]): Promise<boolean> {
  const markerRef = db().collection(COLLECTIONS.counterRuns).doc(runKey);
  return runTransaction(async (tx) => {
    if ((await tx.get(markerRef)).exists) return false;
    const at = now();
    tx.create(markerRef, { at: Timestamp.fromDate(at), expireAt: Timestamp.fromMillis(at.getTime() + RUN_MARKER_DAYS * 86_400_000) });
    for (const write of writes) {
      const values = nestedIncrements(write.deltas);
      if (Object.keys(values).length === 0) continue;
      const shard = Math.floor(Math.random() * write.scope.shards);
      tx.set(shardRef(write.scope, write.period, shard), { scope: write.scope.name, period: write.period, shard, values }, { merge: true });
    }
    // Blind increments: a late bump reads nothing more, and marks its roll-up stale with the count.
    for (const mark of lateMarks(writes, at)) tx.set(mark.ref, mark.data, { merge: true });
    return true;
  });
}

function addInto(target: CounterValues, source: CounterValues): void {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'number') target[key] = ((target[key] as number | undefined) ?? 0) + value;
    else addInto((target[key] ??= {}) as CounterValues, value);
  }
}

/**
 * The summed values of each period asked for (an empty map for a period nothing was counted in),
 * read by id: `periods.length x scope.shards` documents.
 */
export async function readPeriods(scope: CounterScope, periods: readonly string[]): Promise<Map<string, CounterValues>> {
  const result = new Map<string, CounterValues>(periods.map((period) => [period, {}]));
  const refs = periods.flatMap((period) => Array.from({ length: scope.shards }, (_, shard) => shardRef(scope, period, shard)));
  if (refs.length === 0) return result;
  const snapshots = await db().getAll(...refs);
  for (const snapshot of snapshots) {
    const data = snapshot.data();
    if (data) addInto(result.get(data.period as string)!, (data.values ?? {}) as CounterValues);
  }
  return result;
}

/** The values of several periods summed into one (a date range's total). */
export function sumValues(values: Iterable<CounterValues>): CounterValues {
  const total: CounterValues = {};
  for (const value of values) addInto(total, value);
  return total;
}
