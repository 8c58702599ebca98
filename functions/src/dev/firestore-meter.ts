/**
 * Counts the Firestore operations of this process as Firestore bills them, by wrapping the Admin
 * SDK's own read and write paths (not mocking them: every operation still goes to the database and
 * answers what it answers). Two readers use it: the tests that hold a request's reads under its
 * ceiling (test/helpers/reads.ts) and the cost log of `npm run bench:cost` (dev/cost-log.ts).
 *
 * - a lookup (`DocumentReference.get`, `getAll`, `Transaction.get`/`getAll` of references): one
 *   read per document named, found or not. All go through the SDK's DocumentReader, wrapped once.
 * - a query (`Query.get`/`stream`, `Transaction.get(query)`): one read per document returned, at
 *   least one (an empty answer is billed one), plus the documents its offset skips (billed although
 *   never returned; counted as if the collection held that many, the most the query can bill).
 * - an aggregation (`count()`, also in a transaction): one read per batch of up to 1,000 index
 *   entries it matches, at least one.
 * - a write or a delete: one per document, counted when its batch or transaction commits (a
 *   transaction that lost a race and ran again is billed its reads, not its writes).
 *
 * Wrapping the SDK's internals ties this file to its version (it checks the names it wraps): it is
 * a measuring tool for tests and the emulator, never loaded by a deployed function.
 */
/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any -- the SDK's internal classes, typed loosely on purpose */
import { dirname, join } from 'node:path';

export type MeteredKind = 'lookup' | 'query' | 'count' | 'write' | 'delete';

export interface MeteredOperation {
  kind: MeteredKind;
  /** The collection's path with document ids left out: `wallets/*` `/transactions`. */
  collection: string;
  /** Operations billed (reads for a lookup, query or count; one for a write or a delete). */
  billed: number;
  /** Documents the read answered (0 for a write). */
  returned: number;
}

export type MeterSink = (operation: MeteredOperation) => void;

const sinks = new Set<MeterSink>();

function emit(operation: MeteredOperation): void {
  for (const sink of sinks) sink(operation);
}

/** A collection's path with its document ids left out. */
export function collectionOf(path: string): string {
  return path
    .split('/')
    .map((segment, index) => (index % 2 === 1 ? '*' : segment))
    .join('/');
}

const parentOf = (documentPath: string) => collectionOf(documentPath.split('/').slice(0, -1).join('/'));

function wrap(prototype: any, name: string, wrapper: (original: (...args: any[]) => any) => (...args: any[]) => any): void {
  const original = prototype[name];
  if (typeof original !== 'function') throw new Error(`firestore-meter: the SDK has no ${name} to wrap (another version?)`);
  prototype[name] = wrapper(original);
}

function install(): void {
  // The copy of the SDK firebase-admin loads, required after the SDK's entry: its internal files
  // require one another in a cycle that only the entry resolves.
  require('firebase-admin/firestore');
  const sdk = dirname(require.resolve('@google-cloud/firestore', { paths: [dirname(require.resolve('firebase-admin/firestore'))] }));
  const { DocumentReader } = require(join(sdk, 'document-reader.js'));
  const { QueryUtil } = require(join(sdk, 'reference', 'query-util.js'));
  const { AggregateQuery } = require(join(sdk, 'reference', 'aggregate-query.js'));
  const { WriteBatch } = require(join(sdk, 'write-batch.js'));
  if (DocumentReader.prototype.__metered) return;
  DocumentReader.prototype.__metered = true;

  wrap(DocumentReader.prototype, '_get', (lookup) =>
    function (this: { allDocuments: Array<{ path: string }> }, ...args: unknown[]) {
      for (const ref of this.allDocuments) emit({ kind: 'lookup', collection: parentOf(ref.path), billed: 1, returned: 1 });
      return lookup.apply(this, args);
    },
  );

  wrap(QueryUtil.prototype, '_stream', (query) =>
    function (this: unknown, target: { _queryOptions: { offset?: number; collectionId: string; parentPath: { relativeName?: string } } }, ...args: unknown[]) {
      const stream = query.call(this, target, ...args);
      if (!sinks.size) return stream;
      const options = target._queryOptions;
      const collection = collectionOf([options.parentPath?.relativeName, options.collectionId].filter(Boolean).join('/'));
      let documents = 0;
      stream.on('data', (chunk: { document?: unknown }) => {
        if (chunk.document) documents += 1;
      });
      stream.on('end', () => emit({ kind: 'query', collection, billed: Math.max(1, documents) + (options.offset ?? 0), returned: documents }));
      return stream;
    },
  );

  wrap(AggregateQuery.prototype, '_stream', (aggregate) =>
    function (this: { _query: { _queryOptions: { collectionId: string } } }, ...args: unknown[]) {
      const stream = aggregate.apply(this, args);
      if (!sinks.size) return stream;
      const collection = this._query._queryOptions.collectionId;
      stream.on('data', (chunk: { result?: { data(): Record<string, unknown> } }) => {
        if (!chunk.result) return;
        const matched = Number(chunk.result.data().count ?? 0);
        emit({ kind: 'count', collection, billed: Math.max(1, Math.ceil(matched / 1000)), returned: 0 });
      });
      return stream;
    },
  );

  // A delete is marked on its operation as it is queued; every operation is counted at commit.
  wrap(WriteBatch.prototype, 'delete', (remove) =>
    function (this: { _ops: Array<{ deletes?: boolean }> }, ...args: unknown[]) {
      const result = remove.apply(this, args);
      this._ops[this._ops.length - 1].deletes = true;
      return result;
    },
  );
  wrap(WriteBatch.prototype, '_commit', (commit) =>
    async function (this: { _ops: Array<{ docPath: string; deletes?: boolean }> }, ...args: unknown[]) {
      const operations = this._ops.map((op) => ({ kind: op.deletes ? ('delete' as const) : ('write' as const), collection: parentOf(op.docPath) }));
      const result = await commit.apply(this, args);
      for (const operation of operations) emit({ ...operation, billed: 1, returned: 0 });
      return result;
    },
  );
}
/* eslint-enable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */

/** Hands every operation of this process to `sink` until the returned function is called. */
export function meterFirestore(sink: MeterSink): () => void {
  install();
  sinks.add(sink);
  return () => {
    sinks.delete(sink);
  };
}
