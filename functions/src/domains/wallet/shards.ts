/**
 * Where a wallet's balance lives (docs/guides/wallet.md, "Money"; docs/architecture.md, "Hot documents"). Many settlements credit one
 * wallet at once (a busy seller, the platform's books on every sale), so a credit does not write
 * the wallet's document: it adds its amount to one of `WALLET_SHARDS` shard documents,
 * `wallets/{uid}/balanceShards/{0..WALLET_SHARDS-1}`, chosen from the entry's id (a retry of the same
 * entry lands on the same shard). The wallet's balance is its document's `balance` (the base: what
 * it held at its last whole read, or all of an older wallet's balance) plus every shard's
 * `balance`; its monthly statistics are the document's `stats` plus every shard's.
 *
 * A transaction that must know the whole balance (a withdrawal, a take-back, a credit repaying a
 * debt) reads the document and every shard, so it sees every committed credit and conflicts with
 * any credit that lands meanwhile; it then folds the shards into the base (each back to 0). Hence
 * a wallet in debt has every shard at 0: its document alone holds its balance and debt.
 */
import { createHash } from 'node:crypto';
import { type DocumentSnapshot, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import type { EntryType } from './entry-types';

/**
 * Shards per wallet. Each takes about one write a second in production (Firestore's sustained
 * rate for one document): ten credits a second into one wallet, and a whole read is 11 documents.
 * Changing it needs a move of the shards above the new count, hence a constant, not a setting.
 */
export const WALLET_SHARDS = 10;

/** Monthly totals by entry type: `YYYY-MM` (business calendar) -> type -> XOF. */
export type MonthlyStats = Record<string, Partial<Record<EntryType, number>>>;

/**
 * `wallets/{uid}`: the base balance, what the user owes (`debt`: credits taken back after they
 * were withdrawn, repaid first by later credits), statistics written with it, the last change.
 */
export interface WalletDocument {
  balance: number;
  /** Sales paid whose goods were not handed over yet (buckets.ts); absent on wallets older than it: 0. */
  held?: number;
  debt?: number;
  updatedAt: Timestamp;
  stats: MonthlyStats;
}

/** `wallets/{uid}/balanceShards/{n}`: credits landed since the last whole read, and their statistics. */
export interface ShardDocument {
  balance: number;
  /** Held money landed on this shard since the last whole read (buckets.ts); may be below zero on one shard, never in sum. */
  held?: number;
  stats?: MonthlyStats;
  updatedAt: Timestamp;
}

export const walletRef = (uid: string) => collection<WalletDocument>(COLLECTIONS.wallets).doc(uid);
export const shardRefs = (uid: string) => Array.from({ length: WALLET_SHARDS }, (_, n) => collection<ShardDocument>(COLLECTIONS.walletShards, walletRef(uid)).doc(String(n)));

/** The shard of an entry: from its id, so that the same entry always lands on the same shard. */
export function shardOf(entryDocId: string): number {
  return createHash('sha256').update(entryDocId).digest().readUInt32BE(0) % WALLET_SHARDS;
}

/** A wallet as its documents add up. */
export interface WalletTotals {
  /** Whether `wallets/{uid}` exists (a wallet credited only on shards may not have it yet). */
  exists: boolean;
  /** The base (the document's `balance`). */
  base: number;
  /** Base + every shard: what the user may withdraw (the platform's books may be below zero). */
  balance: number;
  /** The document's held money + every shard's: sales not handed over yet (buckets.ts). */
  held: number;
  debt: number;
  /** The newest `updatedAt` of the document and its shards (ms; 0 when none). */
  updatedAtMs: number;
  stats: MonthlyStats;
  /** Each shard's balance and held money, by shard number (0 for a shard never written). */
  shards: Array<{ balance: number; held: number }>;
}

function addStats(target: MonthlyStats, source: MonthlyStats | undefined): void {
  for (const [month, totals] of Object.entries(source ?? {})) {
    const into = (target[month] ??= {});
    for (const [type, amount] of Object.entries(totals)) into[type as EntryType] = (into[type as EntryType] ?? 0) + (amount ?? 0);
  }
}

/** Adds up the wallet document and its shards, read together. */
export function totalsOf(wallet: DocumentSnapshot<WalletDocument>, shards: Array<DocumentSnapshot<ShardDocument>>): WalletTotals {
  const data = wallet.data();
  const stats: MonthlyStats = {};
  addStats(stats, data?.stats);
  let updatedAtMs = data?.updatedAt?.toMillis() ?? 0;
  const parts = shards.map((shard) => {
    const part = shard.data();
    addStats(stats, part?.stats);
    updatedAtMs = Math.max(updatedAtMs, part?.updatedAt?.toMillis() ?? 0);
    return { balance: part?.balance ?? 0, held: part?.held ?? 0 };
  });
  const base = data?.balance ?? 0;
  const sum = (key: 'balance' | 'held') => parts.reduce((total, part) => total + part[key], 0);
  return { exists: wallet.exists, base, balance: base + sum('balance'), held: (data?.held ?? 0) + sum('held'), debt: data?.debt ?? 0, updatedAtMs, stats, shards: parts };
}

/** The wallet's whole state in `tx` (its document and every shard): the read of a withdrawal or a take-back. */
export async function readWhole(tx: Transaction, uid: string): Promise<WalletTotals> {
  const [wallet, ...shards] = await tx.getAll(walletRef(uid), ...shardRefs(uid));
  return totalsOf(wallet as DocumentSnapshot<WalletDocument>, shards as Array<DocumentSnapshot<ShardDocument>>);
}

/**
 * The wallet's whole state outside a transaction, at one moment: a read-only transaction reads
 * every document at the same time, so a withdrawal folding the shards into the base between two
 * reads can never make a credit count twice or not at all. No lock: credits are not held up.
 */
export function readWallet(uid: string): Promise<WalletTotals> {
  return db().runTransaction((tx) => readWhole(tx, uid), { readOnly: true });
}
