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
import { db, runTransaction } from '../../core/firebase';
import { COLLECTIONS, isoOrNull } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';

export const ENTRY_TYPES = ['vente', 'gain_livraison', 'gain_agent', 'retrait', 'remboursement', 'ajustement'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

const walletRef = (uid: string) => db().collection(COLLECTIONS.wallets).doc(uid);

export interface Entry {
  type: EntryType;
  /** XOF; negative for money out. */
  montant: number;
  /** The business object (a purchase, a delivery, a withdrawal...). */
  reference: string;
  description: string;
}

/**
 * Writes an entry once, in the caller's transaction when it has one. Returns false when the entry
 * already existed. All reads happen before writes, as Firestore transactions require.
 */
export async function record(uid: string, entry: Entry, tx?: Transaction): Promise<boolean> {
  const run = async (t: Transaction) => {
    const wallet = walletRef(uid);
    const entryRef = wallet.collection('transactions').doc(`${entry.type}_${entry.reference}`);
    const [current, existing] = await Promise.all([t.get(wallet), t.get(entryRef)]);
    if (existing.exists) return false;
    const balance = ((current.get('balance') as number | undefined) ?? 0) + entry.montant;
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

export async function walletOf(caller: ProfileCaller) {
  const wallet = await walletRef(caller.uid).get();
  return {
    balance: (wallet.get('balance') as number | undefined) ?? 0,
    currency: 'XOF' as const,
    updatedAt: isoOrNull(wallet.get('updatedAt') as Timestamp | undefined),
  };
}

export async function transactionsOf(caller: ProfileCaller, page: PageRequest) {
  const query = walletRef(caller.uid).collection('transactions').orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return toPage(
    page,
    docs.map((doc) => ({
      id: doc.id,
      type: doc.get('type') as EntryType,
      montant: doc.get('montant') as number,
      balanceAfter: doc.get('balanceAfter') as number,
      reference: doc.get('reference') as string,
      description: doc.get('description') as string,
      createdAt: (doc.get('createdAt') as Timestamp).toDate().toISOString(),
    })),
    total,
  );
}

/** Totals by type and month (the last 12 months with activity), from the wallet's counters. */
export async function statsOf(caller: ProfileCaller) {
  const wallet = await walletRef(caller.uid).get();
  const stats = (wallet.get('stats') as Record<string, Record<string, number>> | undefined) ?? {};
  const months = Object.keys(stats).sort().reverse().slice(0, 12);
  const totals: Record<string, number> = {};
  for (const month of months) for (const [type, amount] of Object.entries(stats[month])) totals[type] = (totals[type] ?? 0) + amount;
  return {
    balance: (wallet.get('balance') as number | undefined) ?? 0,
    totalsByType: totals,
    months: months.map((month) => ({ month, totalsByType: stats[month] })),
  };
}
