/**
 * Lists the Firestore documents a piece of work writes, against the real emulator: the Admin SDK's
 * commit (of a batch, of a single write and of a transaction) is wrapped, not mocked, while
 * `countWrites` runs, and each document of a commit that succeeded is listed. A write refused by
 * its precondition (a `create` of a document that exists) fails its commit and is not listed.
 *
 * Global to the process while the work runs, as the read counter (test/helpers/reads.ts).
 */
import { dirname, join } from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any -- the SDK's internal class, typed loosely on purpose */
const SDK = dirname(require.resolve('@google-cloud/firestore', { paths: [dirname(require.resolve('firebase-admin/firestore'))] }));
// The SDK's entry first, as test/helpers/reads.ts explains.
require('firebase-admin/firestore');
const { WriteBatch } = require(join(SDK, 'write-batch.js')) as { WriteBatch: { prototype: any } };

let active: string[] | undefined;

function install(): void {
  if ((WriteBatch.prototype as { __listed?: boolean }).__listed) return;
  WriteBatch.prototype.__listed = true;
  const commit = WriteBatch.prototype._commit;
  WriteBatch.prototype._commit = async function (this: { _ops: Array<{ docPath: string }> }, ...args: unknown[]) {
    const paths = this._ops.map((op) => op.docPath);
    const response = await commit.apply(this, args);
    active?.push(...paths);
    return response;
  };
}
/* eslint-enable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */

/** Runs `work` and returns what it answered with the paths of the documents it wrote, once per write. */
export async function countWrites<T>(work: () => PromiseLike<T>): Promise<{ result: T; writes: string[] }> {
  install();
  if (active) throw new Error('countWrites does not nest: it lists every write of the process');
  const writes: string[] = [];
  active = writes;
  try {
    return { result: await work(), writes };
  } finally {
    active = undefined;
  }
}
