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

/** The business day of a moment: the day a dashboard files it under. */
export function dayOf(at: Date): string {
  return businessDay(at, config().BUSINESS_TIME_ZONE);
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
