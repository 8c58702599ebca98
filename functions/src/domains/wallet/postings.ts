/**
 * Writing to the wallets: an entry of a user's ledger (ledger.ts) and its balance change in the
 * same transaction, never below zero. The balance and the monthly totals by type are the wallet's
 * document plus its shards (shards.ts): credits to one wallet from many transactions at once land
 * on different documents, so statistics never scan the ledger and a busy wallet is no hot document.
 */
import { type DocumentReference, FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { businessDay, now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { afterCommit, runTransaction } from '../../core/firebase';
import { bucketOf, type Buckets } from './buckets';
import type { EntryType } from './entry-types';
import { type Entry, type EntryDocument, entriesOf, entryId, PLATFORM_WALLET_ID, type Posting } from './ledger';
import { readWhole, shardOf, shardRefs, walletRef, type WalletTotals } from './shards';

/**
 * The next balance, held money and debt after `montant`. A held entry moves the held money only:
 * it never repays nor makes debt (what leaves it was put in it by the same sale). A credit repays
 * the debt first. A withdrawal needs the balance (INSUFFICIENT_BALANCE otherwise); any other debit
 * (a take-back, a cost) beyond the balance becomes debt: the money was owed whether or not it was
 * still there.
 */
export function applyAmount(state: Buckets, entry: Pick<Entry, 'type' | 'montant'>): Buckets {
  const { balance, held, debt } = state;
  if (bucketOf(entry.type) === 'held') return { balance, held: held + entry.montant, debt };
  if (entry.montant >= 0) {
    const repaid = Math.min(debt, entry.montant);
    return { balance: balance + entry.montant - repaid, held, debt: debt - repaid };
  }
  const after = balance + entry.montant;
  if (after >= 0) return { balance: after, held, debt };
  if (entry.type === 'retrait') throw new ApiError('INSUFFICIENT_BALANCE');
  return { balance: 0, held, debt: debt - after };
}

/**
 * How a transaction moves one wallet (wallet/shards.ts):
 *  - `whole`: it read the wallet's document and every shard; it writes the exact balance and debt
 *    to the document and folds the shards back to 0. Taken by a debit (it must not go below zero,
 *    or what it cannot take becomes debt) and by a credit to a wallet in debt (it repays the debt
 *    first). Such transactions on one wallet run one after the other: debts and withdrawals are rare.
 *  - `shards`: a credit to a wallet without debt adds to its entry's shard, without writing the
 *    wallet's document: credits from many transactions at once do not wait for each other. It
 *    still reads the document (to see its debt), which holds up none of them.
 *  - the platform's books: every entry on shards, its document never read (it has no debt and may
 *    go below zero).
 */
interface Purse {
  uid: string;
  /** The wallet read whole, or null when it takes credits on shards. */
  whole: WalletTotals | null;
  /** Whether `wallets/{uid}` exists (always true for a whole wallet after the write). */
  exists: boolean;
}

/**
 * Reads what `postings` need in `tx` (each user's wallet, each entry), and returns the writer
 * with the postings that are new (an entry that exists is never written again). Call it among the
 * transaction's reads; call the writer among its writes.
 */
export async function preparePostings(tx: Transaction, postings: Posting[]): Promise<{ fresh: Posting[]; write: () => void }> {
  const uids = [...new Set(postings.map((posting) => posting.uid))].filter((uid) => uid !== PLATFORM_WALLET_ID);
  const entryRefs = postings.map((posting) => entriesOf(posting.uid).doc(entryId(posting.entry)));
  const [wallets, entries] = await Promise.all([
    Promise.all(uids.map((uid) => tx.get(walletRef(uid)))),
    Promise.all(entryRefs.map((ref) => tx.get(ref))),
  ]);
  const seen = new Set<string>();
  const news: Array<{ posting: Posting; ref: DocumentReference<EntryDocument> }> = [];
  postings.forEach((posting, i) => {
    const key = entryRefs[i].path;
    if (entries[i].exists || seen.has(key)) return;
    seen.add(key);
    news.push({ posting, ref: entryRefs[i] });
  });
  const purses = new Map<string, Purse>();
  await Promise.all(
    uids.map(async (uid, i) => {
      const mine = news.filter(({ posting }) => posting.uid === uid);
      // A debit of the held money never goes below zero nor makes debt: it lands on shards like a credit.
      const debited = mine.some(({ posting }) => posting.entry.montant < 0 && bucketOf(posting.entry.type) === 'available');
      const inDebt = (wallets[i].data()?.debt ?? 0) > 0;
      purses.set(uid, { uid, whole: mine.length > 0 && (debited || inDebt) ? await readWhole(tx, uid) : null, exists: wallets[i].exists });
    }),
  );
  const state = new Map<string, Buckets>([...purses.values()].filter((purse) => purse.whole).map((purse) => [purse.uid, { balance: purse.whole!.balance, held: purse.whole!.held, debt: purse.whole!.debt }]));
  const fresh: Fresh[] = news.map(({ posting, ref }) => {
    const current = state.get(posting.uid);
    const after = current ? applyAmount(current, posting.entry) : null;
    if (after) state.set(posting.uid, after);
    return { posting, ref, after };
  });
  return { fresh: fresh.map((item) => item.posting), write: () => writeFresh(tx, fresh, purses, state) };
}

interface Fresh {
  posting: Posting;
  ref: DocumentReference<EntryDocument>;
  /** The wallet after the entry when it was read whole; null on shards and on the platform's books. */
  after: Buckets | null;
}

type Totals = Partial<Record<EntryType, number>>;

function add(totals: Totals, entry: Entry): Totals {
  return { ...totals, [entry.type]: (totals[entry.type] ?? 0) + entry.montant };
}

const increments = (totals: Totals) => Object.fromEntries(Object.entries(totals).map(([type, amount]) => [type, FieldValue.increment(amount ?? 0)]));
/** What `totals` add to each bucket: the held entries to the held money, the others to the balance. */
function sumsOf(totals: Totals): { balance: number; held: number } {
  const sums = { balance: 0, held: 0 };
  for (const [type, amount] of Object.entries(totals)) {
    if (bucketOf(type as EntryType) === 'held') sums.held += amount ?? 0;
    else sums.balance += amount ?? 0;
  }
  return sums;
}

function writeFresh(tx: Transaction, fresh: Fresh[], purses: Map<string, Purse>, state: Map<string, Buckets>): void {
  const at = now();
  // A month of the business calendar (BUSINESS_TIME_ZONE), like every business day.
  const month = businessDay(at, config().BUSINESS_TIME_ZONE).slice(0, 7);
  const stamp = Timestamp.fromDate(at);
  // Whole wallets: their entries' totals go on the document; the others' on each entry's shard.
  const onDocument = new Map<string, Totals>();
  const onShard = new Map<string, { uid: string; shard: number; totals: Totals }>();
  for (const { posting, ref, after } of fresh) {
    const { uid, entry } = posting;
    tx.create(ref, { ...entry, paymentId: entry.paymentId ?? null, balanceAfter: after?.balance ?? null, debtAfter: after?.debt ?? 0, month, createdAt: stamp });
    if (purses.get(uid)?.whole) {
      onDocument.set(uid, add(onDocument.get(uid) ?? {}, entry));
      continue;
    }
    const shard = shardOf(ref.id);
    const key = `${uid}/${shard}`;
    onShard.set(key, { uid, shard, totals: add(onShard.get(key)?.totals ?? {}, entry) });
  }
  for (const purse of purses.values()) {
    if (!purse.whole) continue;
    const { balance, held, debt } = state.get(purse.uid)!;
    tx.set(walletRef(purse.uid), { balance, held, debt, updatedAt: stamp, stats: { [month]: increments(onDocument.get(purse.uid) ?? {}) } }, { merge: true });
    // Their credits are now in the base: each shard back to 0, so that base + shards stays the balance (and the held money).
    const refs = shardRefs(purse.uid);
    purse.whole.shards.forEach((part, n) => {
      if (part.balance !== 0 || part.held !== 0) tx.set(refs[n], { balance: 0, held: 0, updatedAt: stamp }, { merge: true });
    });
  }
  for (const { uid, shard, totals } of onShard.values()) {
    const sums = sumsOf(totals);
    tx.set(shardRefs(uid)[shard], { balance: FieldValue.increment(sums.balance), held: FieldValue.increment(sums.held), updatedAt: stamp, stats: { [month]: increments(totals) } }, { merge: true });
    const purse = purses.get(uid);
    // A user's first credit: its document is created after the commit (no money in it), so that
    // the reconciliation's walk by document finds the wallet. Written in the transaction, it would
    // make every first credit at once wait for the others.
    if (purse && !purse.exists) {
      purse.exists = true;
      afterCommit(tx, () => openWallet(uid, stamp));
    }
  }
}

/**
 * Creates an empty `wallets/{uid}` unless it exists: it carries no money, so a lost race changes
 * nothing. A failure is logged, not thrown: the credit committed, and the wallet's next credit or
 * debit creates the document (a retry of this credit would find its entry and write nothing).
 */
async function openWallet(uid: string, stamp: Timestamp): Promise<void> {
  try {
    await walletRef(uid).create({ balance: 0, held: 0, debt: 0, updatedAt: stamp, stats: {} });
  } catch (error) {
    if ((error as { code?: number }).code !== ALREADY_EXISTS) logger.warn('wallet document not created after its first credit', { uid, error: String(error) });
  }
}

/** gRPC's ALREADY_EXISTS: the document was there. */
const ALREADY_EXISTS = 6;

/**
 * Entries on the platform's books that the caller knows are new (a transition that happens once,
 * as a payment's success): written without a read, so a transaction that has begun writing can add them.
 */
export function writeBooks(tx: Transaction, entries: Entry[]): void {
  writeFresh(
    tx,
    entries.map((entry) => ({ posting: { uid: PLATFORM_WALLET_ID, entry }, ref: entriesOf(PLATFORM_WALLET_ID).doc(entryId(entry)), after: null })),
    new Map(),
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
