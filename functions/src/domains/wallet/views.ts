/**
 * A wallet as its owner reads it (balance, held money, debt, entries, monthly totals) and as another
 * domain shows it (a courier's earnings). Read-only: the wallet's document and shards (shards.ts)
 * and bounded queries of its ledger.
 */
import type { ProfileCaller } from '../../core/auth';
import { type PageRequest, readPage, toPage } from '../../core/pagination';
import { entriesOf } from './ledger';
import { readWallet } from './shards';

/** A user's balance (XOF): the wallet's document and its shards, read at one moment. */
export async function balanceOf(uid: string): Promise<number> {
  return (await readWallet(uid)).balance;
}

const isoOfMs = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

export async function walletOf(caller: ProfileCaller) {
  const wallet = await readWallet(caller.uid);
  return {
    balance: wallet.balance,
    /** Sales paid whose goods were not handed over yet: the seller's, but not withdrawable (DOMAIN.md, "Fair exchange"). */
    held: wallet.held,
    /** What the user owes: credits taken back after they were withdrawn; later credits repay it first. */
    debt: wallet.debt,
    currency: 'XOF' as const,
    updatedAt: isoOfMs(wallet.updatedAtMs),
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
        debtAfter: entry.debtAfter ?? 0,
        reference: entry.reference,
        paymentId: entry.paymentId ?? null,
        description: entry.description,
        createdAt: entry.createdAt.toDate().toISOString(),
      };
    }),
    total,
  );
}

/** Totals by type and month (the last 12 months with activity), from the wallet's counters and its shards'. */
export async function statsOf(caller: ProfileCaller) {
  const wallet = await readWallet(caller.uid);
  const stats = wallet.stats;
  const months = Object.keys(stats).sort().reverse().slice(0, 12);
  const totals: Record<string, number> = {};
  for (const month of months) for (const [type, amount] of Object.entries(stats[month])) totals[type] = (totals[type] ?? 0) + (amount ?? 0);
  return {
    balance: wallet.balance,
    held: wallet.held,
    totalsByType: totals,
    months: months.map((month) => ({ month, totalsByType: stats[month] })),
  };
}

/**
 * What another domain shows of a user's wallet (a courier's earnings): the balance, the monthly
 * counters by type, and the newest `recent` entries. Read-only: the wallet (its document and
 * shards) and one bounded query.
 */
export async function summaryOf(uid: string, recent: number) {
  const [wallet, entries] = await Promise.all([readWallet(uid), entriesOf(uid).orderBy('createdAt', 'desc').limit(recent).get()]);
  return {
    balance: wallet.balance,
    held: wallet.held,
    updatedAt: isoOfMs(wallet.updatedAtMs),
    /** `YYYY-MM` (business calendar) -> total of each entry type that month. */
    months: wallet.stats,
    recent: entries.docs.map((doc) => {
      const entry = doc.data();
      return { id: doc.id, type: entry.type, montant: entry.montant, balanceAfter: entry.balanceAfter, reference: entry.reference, description: entry.description, createdAt: entry.createdAt.toDate().toISOString() };
    }),
  };
}
