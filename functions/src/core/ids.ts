/**
 * Identifiers in one place: the auto ids of the documents services create and the names of the
 * files they store. Random everywhere, except inside `withCountedIds`: the demo seed of `npm start`
 * runs there (cli/seed-demo.ts), so its documents and files have the same readable ids at every
 * start, and the ids of the OpenAPI document's examples (recorded from that seed) exist in it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CollectionReference, DocumentReference } from 'firebase-admin/firestore';

/** The fixed id of the next document or file of `kind` (a collection's id, or `file`). */
type CountedIds = (kind: string) => string;

let counted: CountedIds | undefined;

/** A new document id in `collection` (Firestore's auto id). */
export function newDocumentId<T>(collection: CollectionReference<T>): string {
  return counted?.(collection.id) ?? collection.doc().id;
}

/** A new document of `collection` (its id from `newDocumentId`), to create. */
export function newDocumentRef<T>(collection: CollectionReference<T>): DocumentReference<T> {
  return collection.doc(newDocumentId(collection));
}

/** A new file name, without its extension: a uuid (the upload and storage routes accept no other). */
export function newFileName(): string {
  return counted?.('file') ?? randomUUID();
}

/**
 * Runs `work` with ids counted by kind from `prefix`: `demo-articles-1`, `demo-articles-2`, and
 * for files the uuid drawn from `demo-file-1`. The same calls in the same order name the same ids;
 * counting by kind keeps one kind's ids where they are when work of another kind runs in the
 * background (a subscriber's). For a seed, not for a request: one count for the whole process.
 * Counts start at 1 at every run: a seed run again over complete data makes nothing, but over the
 * data of a run that stopped half-way a part may meet an id already given (its create fails);
 * start again from empty emulators then (`npm start` always does).
 */
export async function withCountedIds<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  const counts = new Map<string, number>();
  const before = counted;
  counted = (kind) => {
    const next = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, next);
    const id = `${prefix}-${kind}-${next}`;
    return kind === 'file' ? uuidOf(id) : id;
  };
  try {
    return await work();
  } finally {
    counted = before;
  }
}

/** A uuid-shaped name drawn from `seed` (version 4's and the variant's bits set as a random one has them). */
function uuidOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
