/**
 * What the reconciliation and the admins read of the wallets, read-only: the wallets in pages by
 * id, a wallet's entries in pages, and the wallets that owe money (`debt` > 0: credits taken back
 * after they were withdrawn, repaid first by later credits).
 */
import { FieldPath } from 'firebase-admin/firestore';
import { collection, COLLECTIONS, isoOrNull, typed } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import type { EntryDocument } from './service';

interface StoredWallet {
  balance?: number;
  debt?: number;
  updatedAt?: FirebaseFirestore.Timestamp;
}

const wallets = () => collection<StoredWallet>(COLLECTIONS.wallets);

export interface WalletState {
  uid: string;
  balance: number;
  debt: number;
  /** Milliseconds of the wallet's last change (0 when unknown): a change between two reads shows in it. */
  updatedAtMs: number;
}

const stateOf = (uid: string, data: StoredWallet | undefined): WalletState => ({
  uid,
  balance: data?.balance ?? 0,
  debt: data?.debt ?? 0,
  updatedAtMs: data?.updatedAt?.toMillis() ?? 0,
});

/** Up to `size` wallets after `after` (by document id), in id order. */
export async function walletsPage(after: string | null, size: number): Promise<WalletState[]> {
  let query = wallets().orderBy(FieldPath.documentId()).limit(size);
  if (after !== null) query = query.startAfter(after);
  return (await query.get()).docs.map((doc) => stateOf(doc.id, doc.data()));
}

/** One wallet as it is now. */
export async function walletState(uid: string): Promise<WalletState> {
  return stateOf(uid, (await wallets().doc(uid).get()).data());
}

/** Up to `size` entries of a wallet's ledger after entry `after` (by document id). */
export async function entriesPage(uid: string, after: string | null, size: number): Promise<Array<{ id: string; entry: EntryDocument }>> {
  let query = wallets().doc(uid).collection(COLLECTIONS.walletTransactions).withConverter(typed<EntryDocument>()).orderBy(FieldPath.documentId()).limit(size);
  if (after !== null) query = query.startAfter(after);
  return (await query.get()).docs.map((doc) => ({ id: doc.id, entry: doc.data() }));
}

/** Wallets that owe money, the largest debt first (a single-field index on `debt`). */
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
