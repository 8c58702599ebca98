/**
 * Counts the Firestore documents a piece of work reads, against the real emulator: the Admin SDK's
 * own read paths are wrapped (not mocked: every read still goes to the emulator and returns what it
 * returns) while `countReads` runs, and each read is counted as Firestore bills it:
 *
 * - a lookup (`DocumentReference.get`, `Firestore.getAll`, `Transaction.get`/`getAll` of
 *   references): one read per document named, found or not. All of them go through the SDK's
 *   DocumentReader, wrapped once, so a `get` is not counted twice on its way to `getAll`.
 * - a query (`Query.get`, `Query.stream`, `Transaction.get(query)`): one read per document
 *   returned, at least one per query (Firestore bills an empty answer one read), plus the
 *   documents its offset skips. Firestore reads and bills the skipped documents although the SDK
 *   never returns them, so they are computed from the query's offset: as if the collection held
 *   that many, the most the query can bill (a page past the end bills fewer).
 * - an aggregation (`count()`, also in a transaction): one read per batch of up to 1,000 index
 *   entries it matches, at least one.
 *
 * The count is global to the process while the work runs: in-process supertest requests run in
 * the server's async context, not the caller's, so a per-request context cannot follow them. Tests
 * count one request at a time, with nothing else running.
 */
import { dirname, join } from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any -- the SDK's internal classes, typed loosely on purpose */
// The copy of the SDK the functions' code loads (functions/node_modules), resolved from firebase-admin.
const SDK = dirname(require.resolve('@google-cloud/firestore', { paths: [dirname(require.resolve('firebase-admin/firestore'))] }));
// The SDK's entry first: its internal files require one another in a cycle that only the entry
// resolves, and loaded first they left the entry's exports (FieldValue) undefined for the service.
require('firebase-admin/firestore');
const { DocumentReader } = require(join(SDK, 'document-reader.js')) as { DocumentReader: { prototype: any } };
const { QueryUtil } = require(join(SDK, 'reference', 'query-util.js')) as { QueryUtil: { prototype: any } };
const { AggregateQuery } = require(join(SDK, 'reference', 'aggregate-query.js')) as { AggregateQuery: { prototype: any } };

export interface ReadCount {
  /** Documents billed as read (a query that finds nothing is billed one, an offset its skipped documents). */
  total: number;
  /** Documents the reads answered: what the service got to look at. */
  returned: number;
  /** The same, by kind of read and collection path (`lookup users`, `query commandes`...): what to fix. */
  byPath: Record<string, number>;
}

let active: ReadCount | undefined;

function add(kind: string, path: string, reads: number, returned: number): void {
  if (!active) return;
  active.total += reads;
  active.returned += returned;
  const key = `${kind} ${path}`;
  active.byPath[key] = (active.byPath[key] ?? 0) + reads;
}

/** A collection's path with its document ids left out: `chatRooms/*` `/messages`. */
function collectionOf(path: string): string {
  return path
    .split('/')
    .map((segment, index) => (index % 2 === 1 ? '*' : segment))
    .join('/');
}

function install(): void {
  if ((DocumentReader.prototype as { __counted?: boolean }).__counted) return;
  DocumentReader.prototype.__counted = true;

  const lookup = DocumentReader.prototype._get;
  DocumentReader.prototype._get = function (this: { allDocuments: Array<{ path: string }> }, ...args: unknown[]) {
    for (const ref of this.allDocuments) add('lookup', collectionOf(ref.path.split('/').slice(0, -1).join('/')), 1, 1);
    return lookup.apply(this, args);
  };

  const query = QueryUtil.prototype._stream;
  QueryUtil.prototype._stream = function (this: unknown, target: { _queryOptions: { offset?: number; collectionId: string; parentPath: { relativeName?: string } } }, ...args: unknown[]) {
    const stream = query.call(this, target, ...args);
    if (!active) return stream;
    const options = target._queryOptions;
    const path = collectionOf([options.parentPath?.relativeName, options.collectionId].filter(Boolean).join('/'));
    let documents = 0;
    stream.on('data', (chunk: { document?: unknown }) => {
      if (chunk.document) documents += 1;
    });
    stream.on('end', () => add('query', path, Math.max(1, documents) + (options.offset ?? 0), documents));
    return stream;
  };

  const aggregate = AggregateQuery.prototype._stream;
  AggregateQuery.prototype._stream = function (this: { _query: { _queryOptions: { collectionId: string } } }, ...args: unknown[]) {
    const stream = aggregate.apply(this, args);
    if (!active) return stream;
    const path = `${this._query._queryOptions.collectionId}`;
    stream.on('data', (chunk: { result?: { data(): Record<string, unknown> } }) => {
      if (!chunk.result) return;
      const matched = Number(chunk.result.data().count ?? 0);
      add('count', path, Math.max(1, Math.ceil(matched / 1000)), 0);
    });
    return stream;
  };
}
/* eslint-enable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */

/** Runs `work` and returns what it answered with the documents it read meanwhile. */
export async function countReads<T>(work: () => PromiseLike<T>): Promise<{ result: T; reads: ReadCount }> {
  install();
  if (active) throw new Error('countReads does not nest: it counts every read of the process');
  const reads: ReadCount = { total: 0, returned: 0, byPath: {} };
  active = reads;
  try {
    const result = await work();
    // Streams end before their promises resolve; a tick lets the last 'end' land in the count.
    await new Promise((resolve) => setImmediate(resolve));
    return { result, reads };
  } finally {
    active = undefined;
  }
}
