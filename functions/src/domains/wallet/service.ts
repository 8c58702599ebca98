/**
 * The wallet: a ledger per user (`wallets/{uid}/transactions`) and its balance, changed in the
 * same transaction as each entry, never below zero. An entry's id is deterministic (type and the
 * business reference), so crediting a sale twice writes it once. Monthly totals by type are
 * counters on the wallet, so statistics never scan the ledger.
 */
import { type DocumentReference, FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ProfileCaller } from '../../core/auth';
import { businessDay, now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { db, runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, isoOrNull, typed } from '../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../core/pagination';

/**
 * Entry types (README, "Money": who gets each, on which event, what reverses it).
 *  - `vente`: a seller's sale, net of the platform's fee; `gain_livraison`: a courier's share of a
 *    delivery fee; `gain_agent`: an agent's earning (commission, sign-up or presence bonus).
 *  - On the platform's wallet (`wallets/platform`): `commission_plateforme` (its fee on a sale),
 *    `gain_societe` (its share of a delivery fee), `revenu` (a subscription, boost or inspection
 *    sold), `commission_agent` (negative: an agent's commission paid out of that revenue).
 *  - `reprise`: a credit taken back because its money went back (negative, keyed by the entry it
 *    reverses); `retrait`: money paid out (negative); `remboursement`, `ajustement`: older entries.
 */
export const ENTRY_TYPES = [
  'vente',
  'gain_livraison',
  'gain_agent',
  'retrait',
  'remboursement',
  'ajustement',
  'gain_societe',
  'commission_plateforme',
  'revenu',
  'commission_agent',
  'reprise',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

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

/**
 * `wallets/{uid}`: what the user may withdraw (`balance`, never negative), what it owes (`debt`:
 * credits taken back after they were withdrawn, repaid first by later credits), and per business
 * month (`YYYY-MM`) the total of each entry type. Always: balance - debt = the sum of the entries.
 */
interface WalletDocument {
  balance: number;
  debt?: number;
  updatedAt: Timestamp;
  stats: Record<string, Partial<Record<EntryType, number>>>;
}

/** `wallets/{uid}/transactions/{type}_{reference}`: one entry of the ledger. */
export interface EntryDocument extends Entry {
  paymentId: string | null;
  /** The wallet's balance after the entry; null on the platform's books (never read, see preparePostings). */
  balanceAfter: number | null;
  debtAfter: number;
  month: string;
  createdAt: Timestamp;
}

const walletRef = (uid: string) => collection<WalletDocument>(COLLECTIONS.wallets).doc(uid);
const entriesOf = (uid: string) => collection<EntryDocument>(COLLECTIONS.walletTransactions, walletRef(uid));
export const entryId = (entry: Pick<Entry, 'type' | 'reference'>) => `${entry.type}_${entry.reference}`;

/** One entry for one wallet. */
export interface Posting {
  uid: string;
  entry: Entry;
}

/**
 * The next balance and debt after `montant`. A credit repays the debt first. A withdrawal needs the
 * balance (INSUFFICIENT_BALANCE otherwise); any other debit (a take-back, a cost) beyond the
 * balance becomes debt: the money was owed whether or not it was still there.
 */
export function applyAmount(state: { balance: number; debt: number }, entry: Pick<Entry, 'type' | 'montant'>): { balance: number; debt: number } {
  const { balance, debt } = state;
  if (entry.montant >= 0) {
    const repaid = Math.min(debt, entry.montant);
    return { balance: balance + entry.montant - repaid, debt: debt - repaid };
  }
  const after = balance + entry.montant;
  if (after >= 0) return { balance: after, debt };
  if (entry.type === 'retrait') throw new ApiError('INSUFFICIENT_BALANCE');
  return { balance: 0, debt: debt - after };
}

/**
 * Reads what `postings` need in `tx` (each user's wallet once, each entry), and returns the writer
 * with the postings that are new (an entry that exists is never written again). Call it among the
 * transaction's reads; call the writer among its writes. The platform's wallet is books, not a
 * purse: its balance is moved by increments without being read (every sale touches it, so a read
 * would make it a hot document), it may go below zero and has no debt, and its entries carry no
 * `balanceAfter`.
 */
export async function preparePostings(tx: Transaction, postings: Posting[]): Promise<{ fresh: Posting[]; write: () => void }> {
  const uids = [...new Set(postings.map((posting) => posting.uid))].filter((uid) => uid !== PLATFORM_WALLET_ID);
  const entryRefs = postings.map((posting) => entriesOf(posting.uid).doc(entryId(posting.entry)));
  const [wallets, entries] = await Promise.all([
    Promise.all(uids.map((uid) => tx.get(walletRef(uid)))),
    Promise.all(entryRefs.map((ref) => tx.get(ref))),
  ]);
  const state = new Map(uids.map((uid, i) => [uid, { balance: wallets[i].data()?.balance ?? 0, debt: wallets[i].data()?.debt ?? 0 }]));
  const seen = new Set<string>();
  const fresh: Fresh[] = [];
  postings.forEach((posting, i) => {
    const key = entryRefs[i].path;
    if (entries[i].exists || seen.has(key)) return;
    seen.add(key);
    const current = state.get(posting.uid);
    const next = current ? applyAmount(current, posting.entry) : null;
    if (next) state.set(posting.uid, next);
    fresh.push({ posting, ref: entryRefs[i], after: next });
  });
  return { fresh: fresh.map((item) => item.posting), write: () => writeFresh(tx, fresh, state) };
}

interface Fresh {
  posting: Posting;
  ref: DocumentReference<EntryDocument>;
  /** The wallet after the entry; null on the platform's books. */
  after: { balance: number; debt: number } | null;
}

function writeFresh(tx: Transaction, fresh: Fresh[], state: Map<string, { balance: number; debt: number }>): void {
  const at = now();
  // A month of the business calendar (BUSINESS_TIME_ZONE), like every business day.
  const month = businessDay(at, config().BUSINESS_TIME_ZONE).slice(0, 7);
  const stamp = Timestamp.fromDate(at);
  const byWallet = new Map<string, Partial<Record<EntryType, number>>>();
  for (const { posting, ref, after } of fresh) {
    const { entry } = posting;
    const totals = byWallet.get(posting.uid) ?? {};
    totals[entry.type] = (totals[entry.type] ?? 0) + entry.montant;
    byWallet.set(posting.uid, totals);
    tx.create(ref, { ...entry, paymentId: entry.paymentId ?? null, balanceAfter: after?.balance ?? null, debtAfter: after?.debt ?? 0, month, createdAt: stamp });
  }
  for (const [uid, totals] of byWallet) {
    const increments = Object.fromEntries(Object.entries(totals).map(([type, amount]) => [type, FieldValue.increment(amount)]));
    const sum = Object.values(totals).reduce((total, amount) => total + (amount ?? 0), 0);
    const purse = state.get(uid);
    const balances = purse ? { balance: purse.balance, debt: purse.debt } : { balance: FieldValue.increment(sum) };
    tx.set(walletRef(uid), { ...balances, updatedAt: stamp, stats: { [month]: increments } }, { merge: true });
  }
}

/**
 * Entries on the platform's books that the caller knows are new (a transition that happens once,
 * as a payment's success): written without a read, so a transaction that has begun writing can add them.
 */
export function writeBooks(tx: Transaction, entries: Entry[]): void {
  writeFresh(
    tx,
    entries.map((entry) => ({ posting: { uid: PLATFORM_WALLET_ID, entry }, ref: entriesOf(PLATFORM_WALLET_ID).doc(entryId(entry)), after: null })),
    new Map(),
  );
}

/**
 * Writes an entry once, in the caller's transaction when it has one. Returns false when the entry
 * already existed. Reads, then writes: call it after the transaction's reads and before its writes.
 */
export async function record(uid: string, entry: Entry, tx?: Transaction): Promise<boolean> {
  const run = async (t: Transaction) => {
    const { fresh, write } = await preparePostings(t, [{ uid, entry }]);
    write();
    return fresh.length > 0;
  };
  return tx ? run(tx) : runTransaction(run);
}

/** The take-back of an entry: the same amount the other way, keyed by the entry it reverses. */
export function reversalOf(uid: string, id: string, entry: Entry, why: string): Posting {
  return {
    uid,
    entry: { type: 'reprise', montant: -entry.montant, reference: id, description: `${why} : ${entry.description}`, paymentId: entry.paymentId ?? null },
  };
}

/** Every entry of the ledgers that allocates a payment's money (take-backs included): a bounded few per payment. */
export async function entriesOfPayment(paymentId: string, tx?: Transaction): Promise<Array<{ uid: string; id: string; entry: EntryDocument }>> {
  const query = db().collectionGroup(COLLECTIONS.walletTransactions).where('paymentId', '==', paymentId).limit(MAX_ENTRIES_PER_PAYMENT).withConverter(typed<EntryDocument>());
  const snapshot = tx ? await tx.get(query) : await query.get();
  return snapshot.docs.map((doc) => ({ uid: doc.ref.parent.parent!.id, id: doc.id, entry: doc.data() }));
}

/**
 * The most entries one payment can have: an order's sellers (each with the platform's fee), a
 * delivery's two gains, an agent's commission and its cost, and the take-back of each.
 */
export const MAX_ENTRIES_PER_PAYMENT = 200;

/** A user's balance (XOF): one document read. */
export async function balanceOf(uid: string): Promise<number> {
  return (await walletRef(uid).get()).data()?.balance ?? 0;
}

export async function walletOf(caller: ProfileCaller) {
  const wallet = (await walletRef(caller.uid).get()).data();
  return {
    balance: wallet?.balance ?? 0,
    /** What the user owes: credits taken back after they were withdrawn; later credits repay it first. */
    debt: wallet?.debt ?? 0,
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
      return { id: doc.id, type: entry.type, montant: entry.montant, balanceAfter: entry.balanceAfter ?? 0, reference: entry.reference, description: entry.description, createdAt: entry.createdAt.toDate().toISOString() };
    }),
  };
}
