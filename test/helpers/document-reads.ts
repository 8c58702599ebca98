/**
 * Counts the documents the service reads while `work` runs, by instrumenting the real Firestore SDK
 * in this process (no mock: every call goes through to the emulator): each query answered counts
 * the documents it returns, each document read counts one when it exists.
 * Reads inside transactions and aggregations are not counted; the routes measured here use neither.
 */
import { db } from '../../functions/src/core/firebase';

type Getter = (this: unknown, ...args: unknown[]) => Promise<unknown>;

export async function countDocumentReads<T>(work: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const queryPrototype = Object.getPrototypeOf(db().collection('countedReads').limit(1)) as { get: Getter };
  const documentPrototype = Object.getPrototypeOf(db().doc('countedReads/one')) as { get: Getter };
  const queryGet = queryPrototype.get;
  const documentGet = documentPrototype.get;
  let reads = 0;
  queryPrototype.get = async function (this: unknown, ...args: unknown[]) {
    const snapshot = (await queryGet.apply(this, args)) as { size: number };
    reads += snapshot.size;
    return snapshot;
  };
  documentPrototype.get = async function (this: unknown, ...args: unknown[]) {
    const snapshot = (await documentGet.apply(this, args)) as { exists: boolean };
    if (snapshot.exists) reads += 1;
    return snapshot;
  };
  try {
    const result = await work();
    return { result, reads };
  } finally {
    queryPrototype.get = queryGet;
    documentPrototype.get = documentGet;
  }
}
