/**
 * The ledger of each wallet (`wallets/{uid}/transactions`): an entry's shape, its deterministic id
 * (type and business reference, so crediting a sale twice writes it once), the take-back of an
 * entry, and the reads of entries by id and by payment. postings.ts writes them.
 */
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { collection, COLLECTIONS, typed } from '../../core/firestore';
import type { EntryType } from './entry-types';
import { walletRef } from './shards';

/** The company's wallet: its revenue from each payment, and what it paid agents out of it. */
export const PLATFORM_WALLET_ID = 'platform';

export interface Entry {
  type: EntryType;
  /** XOF; negative for money out. */
  montant: number;
  /** The business object (a purchase, a delivery, a withdrawal...). */
  reference: string;
  description: string;
  /** The payment whose money this entry allocates; null for money no payment brought (bonuses, withdrawals). */
  paymentId?: string | null;
}

/** `wallets/{uid}/transactions/{type}_{reference}`: one entry of the ledger. */
export interface EntryDocument extends Entry {
  paymentId: string | null;
  /**
   * The wallet's balance right after the entry, for an entry written by a transaction that read
   * the whole wallet (a withdrawal, a take-back, a credit repaying a debt; every entry written
   * before the shards). Null on a credit that landed on a shard (docs/guides/wallet.md, "Money"): other credits
   * land on other shards at the same moment, so no transaction knows "the balance right after"
   * it; and null on the platform's books.
   */
  balanceAfter: number | null;
  debtAfter: number;
  month: string;
  createdAt: Timestamp;
}

export const entriesOf = (uid: string) => collection<EntryDocument>(COLLECTIONS.walletTransactions, walletRef(uid));
export const entryId = (entry: Pick<Entry, 'type' | 'reference'>) => `${entry.type}_${entry.reference}`;

/** One entry for one wallet. */
export interface Posting {
  uid: string;
  entry: Entry;
}

/**
 * The take-back of an entry: the same amount the other way, keyed by the entry it reverses. A held
 * sale's take-back leaves the held money (`retenue_reprise`, keyed by the sale like its release):
 * a sale's held money leaves once, released or taken back.
 */
export function reversalOf(uid: string, id: string, entry: Entry, why: string): Posting {
  if (entry.type === 'vente_retenue') {
    return { uid, entry: { type: 'retenue_reprise', montant: -entry.montant, reference: entry.reference, description: `${why} : ${entry.description}`, paymentId: entry.paymentId ?? null } };
  }
  return {
    uid,
    entry: { type: 'reprise', montant: -entry.montant, reference: id, description: `${why} : ${entry.description}`, paymentId: entry.paymentId ?? null },
  };
}

/** Entries read by id in `tx`, in the order of `keys`: undefined for one that does not exist. */
export async function entriesIn(tx: Transaction, keys: Array<{ uid: string; id: string }>): Promise<Array<EntryDocument | undefined>> {
  if (keys.length === 0) return [];
  const snapshots = await tx.getAll(...keys.map(({ uid, id }) => entriesOf(uid).doc(id)));
  return snapshots.map((snapshot) => snapshot.data());
}

/**
 * Every entry of the ledgers that allocates a payment's money (take-backs included): a bounded few
 * per payment. A collection-group query: in a transaction it locks the whole range it reads (on
 * the emulator, every transaction writing any ledger waits for it), so payments' ledger reads its
 * allocation summary by id instead, and queries only for payments settled before the summary
 * existed (docs/guides/wallet.md, "Money"); the reconciliation queries outside any transaction. Reads one more
 * than MAX_ENTRIES_PER_PAYMENT, so that a payment past the bound shows.
 */
export async function entriesOfPayment(paymentId: string, tx?: Transaction): Promise<Array<{ uid: string; id: string; entry: EntryDocument }>> {
  const query = db().collectionGroup(COLLECTIONS.walletTransactions).where('paymentId', '==', paymentId).limit(MAX_ENTRIES_PER_PAYMENT + 1).withConverter(typed<EntryDocument>());
  const snapshot = tx ? await tx.get(query) : await query.get();
  return snapshot.docs.map((doc) => ({ uid: doc.ref.parent.parent!.id, id: doc.id, entry: doc.data() }));
}

/**
 * The most entries one payment can have: an order's sellers (50 lines at most, each seller with
 * the platform's fee: 100), a delivery's two gains, an agent's commission and its cost, and the
 * take-back of each (208). Payments' ledger refuses an allocation past half of it, so that the
 * take-back of every credit always fits; its allocation summary lists at most this many.
 */
export const MAX_ENTRIES_PER_PAYMENT = 240;
