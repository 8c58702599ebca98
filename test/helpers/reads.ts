/**
 * Counts the Firestore documents a piece of work reads, against the real emulator: the Admin SDK's
 * own read paths are wrapped (not mocked: every read still goes to the emulator and returns what it
 * returns) while `countReads` runs, and each read is counted as Firestore bills it
 * (functions/src/dev/firestore-meter.ts says how: a lookup one per document named, a query one per
 * document returned and at least one, plus what its offset skips; an aggregation one per 1,000 index entries).
 *
 * The count is global to the process while the work runs: in-process supertest requests run in
 * the server's async context, not the caller's, so a per-request context cannot follow them. Tests
 * count one request at a time, with nothing else running.
 */
import { meterFirestore } from '../../functions/src/dev/firestore-meter';

export interface ReadCount {
  /** Documents billed as read (a query that finds nothing is billed one, an offset its skipped documents). */
  total: number;
  /** Documents the reads answered: what the service got to look at. */
  returned: number;
  /** The same, by kind of read and collection path (`lookup users`, `query commandes`...): what to fix. */
  byPath: Record<string, number>;
}

let counting = false;

/** Runs `work` and returns what it answered with the documents it read meanwhile. */
export async function countReads<T>(work: () => PromiseLike<T>): Promise<{ result: T; reads: ReadCount }> {
  if (counting) throw new Error('countReads does not nest: it counts every read of the process');
  const reads: ReadCount = { total: 0, returned: 0, byPath: {} };
  counting = true;
  const stop = meterFirestore(({ kind, collection, billed, returned }) => {
    if (kind === 'write' || kind === 'delete') return;
    reads.total += billed;
    reads.returned += returned;
    const key = `${kind} ${collection}`;
    reads.byPath[key] = (reads.byPath[key] ?? 0) + billed;
  });
  try {
    const result = await work();
    // Streams end before their promises resolve; a tick lets the last 'end' land in the count.
    await new Promise((resolve) => setImmediate(resolve));
    return { result, reads };
  } finally {
    stop();
    counting = false;
  }
}
