/**
 * The wallet: a ledger per user (`wallets/{uid}/transactions`) and its balance, changed in the
 * same transaction as each entry, never below zero. An entry's id is deterministic (type and the
 * business reference), so crediting a sale twice writes it once. Monthly totals by type are
 * counters on the wallet, so statistics never scan the ledger.
 */
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../core/auth';
import { businessDay, now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, isoOrNull } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';

/** `gain_societe`: the company's share of a delivery fee, on the platform's wallet (logistics' PLATFORM_WALLET_ID). */
export const ENTRY_TYPES = ['vente', 'gain_livraison', 'gain_agent', 'retrait', 'remboursement', 'ajustement', 'gain_societe'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export interface Entry {
  type: EntryType;
  /** XOF; negative for money out. */
  montant: number;
  /** The business object (a purchase, a delivery, a withdrawal...). */
  reference: string;
  description: string;
}

/** `wallets/{uid}`: the balance and, per business month (`YYYY-MM`), the total of each entry type. */
interface WalletDocument {
  balance: number;
  updatedAt: Timestamp;
  stats: Record<string, Partial<Record<EntryType, number>>>;
}

/** `wallets/{uid}/transactions/{type}_{reference}`: one entry of the ledger. */
interface EntryDocument extends Entry {
  balanceAfter: number;
  month: string;
  createdAt: Timestamp;
}

const walletRef = (uid: string) => collection<WalletDocument>(COLLECTIONS.wallets).doc(uid);
const entriesOf = (uid: string) => collection<EntryDocument>(COLLECTIONS.walletTransactions, walletRef(uid));

/**
 * Writes an entry once, in the caller's transaction when it has one. Returns false when the entry
 * already existed. All reads happen before writes, as Firestore transactions require.
 */
export async function record(uid: string, entry: Entry, tx?: Transaction): Promise<boolean> {
  const run = async (t: Transaction) => {
    const wallet = walletRef(uid);
    const entryRef = entriesOf(uid).doc(`${entry.type}_${entry.reference}`);
    const [current, existing] = await Promise.all([t.get(wallet), t.get(entryRef)]);
    if (existing.exists) return false;
    const balance = (current.data()?.balance ?? 0) + entry.montant;
    if (balance < 0) throw new ApiError('INSUFFICIENT_BALANCE');
    const at = now();
    // A month of the business calendar (BUSINESS_TIME_ZONE), like every business day.
    const month = businessDay(at, config().BUSINESS_TIME_ZONE).slice(0, 7);
    t.set(
      wallet,
      { balance, updatedAt: Timestamp.fromDate(at), stats: { [month]: { [entry.type]: FieldValue.increment(entry.montant) } } },
      { merge: true },
    );
    t.create(entryRef, { ...entry, balanceAfter: balance, month, createdAt: Timestamp.fromDate(at) });
    return true;
  };
  return tx ? run(tx) : runTransaction(run);
}

/** A user's balance (XOF): one document read. */
export async function balanceOf(uid: string): Promise<number> {
  return (await walletRef(uid).get()).data()?.balance ?? 0;
}

export async function walletOf(caller: ProfileCaller) {
  const wallet = (await walletRef(caller.uid).get()).data();
  return {
    balance: wallet?.balance ?? 0,
    currency: 'XOF' as const,
    updatedAt: isoOrNull(wallet?.updatedAt),
  };
}

export async function transactionsOf(caller: ProfileCaller, page: PageRequest) {
  const { docs, total } = await readPage(entriesOf(caller.uid).orderBy('createdAt', 'desc'), page);
  return toPage(
    page,
    docs.map((doc) => {
      const entry = doc.data();
      return {
        id: doc.id,
        type: entry.type,
        montant: entry.montant,
        balanceAfter: entry.balanceAfter,
        reference: entry.reference,
        description: entry.description,
        createdAt: entry.createdAt.toDate().toISOString(),
      };
    }),
    total,
  );
}

/** Totals by type and month (the last 12 months with activity), from the wallet's counters. */
export async function statsOf(caller: ProfileCaller) {
  const wallet = (await walletRef(caller.uid).get()).data();
  const stats = wallet?.stats ?? {};
  const months = Object.keys(stats).sort().reverse().slice(0, 12);
  const totals: Record<string, number> = {};
  for (const month of months) for (const [type, amount] of Object.entries(stats[month])) totals[type] = (totals[type] ?? 0) + amount;
  return {
    balance: wallet?.balance ?? 0,
    totalsByType: totals,
    months: months.map((month) => ({ month, totalsByType: stats[month] })),
  };
}

/**
 * What another domain shows of a user's wallet (a courier's earnings): the balance, the monthly
 * counters by type, and the newest `recent` entries. Read-only: one document and one bounded query.
 */
export async function summaryOf(uid: string, recent: number) {
  const [wallet, entries] = await Promise.all([walletRef(uid).get(), entriesOf(uid).orderBy('createdAt', 'desc').limit(recent).get()]);
  const data = wallet.data();
  return {
    balance: data?.balance ?? 0,
    updatedAt: isoOrNull(data?.updatedAt),
    /** `YYYY-MM` (business calendar) -> total of each entry type that month. */
    months: data?.stats ?? {},
    recent: entries.docs.map((doc) => {
      const entry = doc.data();
      return { id: doc.id, type: entry.type, montant: entry.montant, balanceAfter: entry.balanceAfter, reference: entry.reference, description: entry.description, createdAt: entry.createdAt.toDate().toISOString() };
    }),
  };
}
