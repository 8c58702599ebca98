/**
 * What the reconciliation and the admins read of the wallets, read-only: the wallets in pages by
 * id, a wallet's entries in pages, and the wallets that owe money (`debt` > 0: credits taken back
 * after they were withdrawn, repaid first by later credits). A wallet's balance is its document
 * plus its shards (shards.ts).
 */
import { type DocumentSnapshot, FieldPath } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { collection, COLLECTIONS, isoOrNull, typed } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import type { EntryDocument } from './ledger';
import { readWallet, type ShardDocument, shardRefs, totalsOf, WALLET_SHARDS, type WalletDocument, type WalletTotals } from './shards';

const wallets = () => collection<WalletDocument>(COLLECTIONS.wallets);

export interface WalletState {
  uid: string;
  balance: number;
  /** Held money: sales not handed over yet (buckets.ts). */
  held: number;
  debt: number;
  /** Milliseconds of the wallet's last change (0 when unknown): a change between two reads shows in it. */
  updatedAtMs: number;
}

const stateOf = (uid: string, totals: WalletTotals): WalletState => ({ uid, balance: totals.balance, held: totals.held, debt: totals.debt, updatedAtMs: totals.updatedAtMs });

/**
 * Up to `size` wallets after `after` (by document id), in id order. Their shards are read in one
 * batch, not at one moment: a wallet that changes meanwhile shows it in `updatedAtMs`, and the
 * reconciliation reads it again (`walletState`) before judging it.
 */
export async function walletsPage(after: string | null, size: number): Promise<WalletState[]> {
  let query = wallets().orderBy(FieldPath.documentId()).limit(size);
  if (after !== null) query = query.startAfter(after);
  const docs = (await query.get()).docs;
  const refs = docs.flatMap((doc) => shardRefs(doc.id));
  const shards = refs.length ? ((await db().getAll(...refs)) as Array<DocumentSnapshot<ShardDocument>>) : [];
  return docs.map((doc, i) => stateOf(doc.id, totalsOf(doc, shards.slice(i * WALLET_SHARDS, (i + 1) * WALLET_SHARDS))));
}

/** One wallet as it is now: its document and shards at one moment. */
export async function walletState(uid: string): Promise<WalletState> {
  return stateOf(uid, await readWallet(uid));
}

/** Up to `size` entries of a wallet's ledger after entry `after` (by document id). */
export async function entriesPage(uid: string, after: string | null, size: number): Promise<Array<{ id: string; entry: EntryDocument }>> {
  let query = wallets().doc(uid).collection(COLLECTIONS.walletTransactions).withConverter(typed<EntryDocument>()).orderBy(FieldPath.documentId()).limit(size);
  if (after !== null) query = query.startAfter(after);
  return (await query.get()).docs.map((doc) => ({ id: doc.id, entry: doc.data() }));
}

/**
 * Wallets that owe money, the largest debt first (a single-field index on `debt`). The document
 * alone is the whole wallet here: debt appears only in a transaction that read the wallet whole
 * and folded its shards to 0, and while it stays above 0 every credit does the same (shards.ts).
 */
export async function walletsInDebt(page: PageRequest) {
  const { docs, total } = await readPage(wallets().where('debt', '>', 0).orderBy('debt', 'desc'), page);
  return toPage(
    page,
    docs.map((doc) => {
      const data = doc.data();
      return { walletId: doc.id, debt: data.debt ?? 0, balance: data.balance ?? 0, updatedAt: isoOrNull(data.updatedAt) };
    }),
    total,
  );
}
