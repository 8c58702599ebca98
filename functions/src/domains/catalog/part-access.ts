/**
 * A seller's parts and the end of its seller's access (seller-parts.ts says the rules): the parts
 * whose access lapsed, each re-decided in a transaction, and a renewal's batches.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { runTransaction } from '../../core/firebase';
import { prepareUpdateIn } from './listing-change';
import type { ArticleDocument } from './model';
import { articles } from './repository';

/**
 * The two queries over sellers' parts by the end of their seller's access, each an equality and a
 * range on `visibleJusqua` (only sellers' parts have one: null is outside every range). Firestore
 * serves an equality with a range from a composite index (equality field, range field), which
 * firestore.indexes.json holds and the index test checks.
 */
export const PART_ACCESS_QUERIES = {
  /** The hourly job: parts still shown whose seller's access has ended. */
  lapsed: { equality: 'vendeurActif', range: 'visibleJusqua' },
  /** A renewal: the seller's parts whose recorded end is before the new one. */
  renewal: { equality: 'vendeur', range: 'visibleJusqua' },
} as const;

/** Parts still shown whose recorded end of access is past, at most `limit`. */
export async function lapsedParts(at: Date, limit: number): Promise<Array<{ id: string; vendeur: string }>> {
  const { equality, range } = PART_ACCESS_QUERIES.lapsed;
  const due = await articles().where(equality, '==', true).where(range, '<=', Timestamp.fromDate(at)).limit(limit).get();
  return due.docs.map((doc) => ({ id: doc.id, vendeur: doc.data().vendeur }));
}

/**
 * Re-decides one part whose recorded end of access is past, in a transaction that reads its
 * seller's access (`accessEnd`, in the same transaction, so a renewal committing meanwhile is
 * seen): still running, the part keeps its place until the new end; over, it leaves public view
 * (with its boosts). Answers what it did; `unchanged` when the part no longer needed it.
 */
export async function refreshPartAccess(
  id: string,
  accessEnd: (tx: Transaction) => Promise<Date | null>,
  at: Date,
): Promise<'extended' | 'hidden' | 'unchanged'> {
  const ref = articles().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current?.vendeurActif || !current.visibleJusqua || current.visibleJusqua.toMillis() > at.getTime()) return 'unchanged';
    const end = await accessEnd(tx);
    const running = end !== null && end > at;
    const fields: Partial<ArticleDocument> = running ? { visibleJusqua: Timestamp.fromDate(end) } : { vendeurActif: false };
    (await prepareUpdateIn(tx, id, current, { fields }, at))();
    return running ? 'extended' : 'hidden';
  });
}

/**
 * A renewal: up to `limit` of the seller's parts whose recorded end is before `end` get the new
 * end and are shown again, in one transaction. Answers how many; fewer than `limit` means none is
 * left. Each batch moves its parts out of the query, so the next one reads the rest.
 */
export async function extendPartsOf(uid: string, end: Date, limit: number, at: Date): Promise<number> {
  const { equality, range } = PART_ACCESS_QUERIES.renewal;
  const until = Timestamp.fromDate(end);
  return runTransaction(async (tx) => {
    const behind = await tx.get(articles().where(equality, '==', uid).where(range, '<', until).limit(limit));
    // Coming back into view writes nothing else: boosts ended when the part left stay ended.
    for (const doc of behind.docs) tx.update(doc.ref, { visibleJusqua: until, vendeurActif: true, updatedAt: Timestamp.fromDate(at) });
    return behind.size;
  });
}
