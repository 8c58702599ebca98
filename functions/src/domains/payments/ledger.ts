/**
 * A payment's money in the ledgers (docs/guides/wallet.md, "Money"): every wallet entry that allocates a
 * payment's money names it, and goes through here. The rule (DOMAIN.md, "Money conservation"):
 * what a payment's entries add up to, plus its refund, never exceeds its amount; and once its whole
 * amount goes back, every credit it made is taken back.
 *  - `openLedger` is what the payment's settlement to `success` writes: the platform's revenue of
 *    a service sold, and the payment's allocation summary (allocations.ts).
 *  - `prepareAllocation` credits a payment's money to sellers, couriers, agents and the platform,
 *    in the caller's transaction, only while the payment is a success whose money did not all go
 *    back (a cancel landing just before the credit pays nobody: both read the payment).
 *  - `takeBack` is what a refund does in its own transaction (refunds.ts): every credit for a whole
 *    refund, the sellers' held money for a part.
 * Each reads the payment's allocation summary by id and writes it with its entries, so the
 * transactions of one payment run one after the other, and those of different payments never
 * wait for each other. It imports the wallet's surface only: no FeexPay, no secret.
 */
import type { Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { type Entry, entriesIn, entryId, type EntryType, MAX_ENTRIES_PER_PAYMENT, PLATFORM_WALLET_ID, type Posting, preparePostings, reversalOf, writeBooks } from '../wallet';
import { type AllocatedEntry, type AllocationSummary, openSummary, rebuiltSummaryIn, storedSummaryIn, TooManyEntries, writeSummary } from './allocations';
import { paymentIn } from './repository';

export interface Allocation {
  /** False when the payment cannot be allocated (not a success, or its money went back): nothing is written. */
  allowed: boolean;
  /** The postings that are new (an entry written before is not written again). */
  fresh: Posting[];
  write: () => void;
}

const nothing: Allocation = { allowed: false, fresh: [], write: () => undefined };

/** Thrown when entries would allocate more than a payment brought: a defect, never written. */
export class OverAllocation extends Error {
  constructor(paymentId: string, detail: Record<string, number>) {
    super(`payment ${paymentId} would allocate more than it brought: ${JSON.stringify(detail)}`);
  }
}

/**
 * The most credits (entries that are not take-backs) one payment may make: half of what its
 * summary lists, so that a whole refund's take-back of each always fits.
 */
const MAX_CREDITS_PER_PAYMENT = MAX_ENTRIES_PER_PAYMENT / 2;

const listed = ({ uid, entry }: Posting): AllocatedEntry => ({ uid, id: entryId(entry), type: entry.type, montant: entry.montant });

/**
 * The payment's ledger, opened in the transaction that settles it `success`: `books`, the
 * platform's entries of that moment (a service's revenue), named after the payment, and the
 * payment's allocation summary listing them. Written without a read: a status is entered once.
 */
export function openLedger(tx: Transaction, paymentId: string, books: Entry[]): void {
  const named = books.map((entry) => ({ ...entry, paymentId }));
  writeBooks(tx, named);
  openSummary(tx, paymentId, named.map((entry) => listed({ uid: PLATFORM_WALLET_ID, entry })));
}

/**
 * Reads, in `tx`, what crediting `postings` out of payment `paymentId` needs; every posting gets
 * the payment's id. Call it among the transaction's reads and `write` among its writes, once per
 * payment in a transaction (a second call would read the summary without the first's entries).
 */
export async function prepareAllocation(tx: Transaction, paymentId: string, postings: Posting[]): Promise<Allocation> {
  const [payment, stored] = await Promise.all([paymentIn(tx, paymentId), storedSummaryIn(tx, paymentId)]);
  if (!payment || payment.statut !== 'success') return nothing;
  const refunded = payment.refund?.montant ?? (payment.refund ? payment.montant : 0);
  if (refunded >= payment.montant) return nothing;
  // A payment settled before summaries: built from its entries, once (allocations.ts).
  const summary = stored ?? (await rebuiltSummaryIn(tx, paymentId));
  const named = postings.map((posting) => ({ ...posting, entry: { ...posting.entry, paymentId } }));
  const prepared = await preparePostings(tx, named);
  const before = summary.allocated;
  const adding = prepared.fresh.reduce((sum, posting) => sum + posting.entry.montant, 0);
  if (before + adding + refunded > payment.montant) {
    const detail = { montant: payment.montant, allocated: before, adding, refunded };
    logger.error('allocation refused: more than the payment brought', { paymentId, ...detail });
    throw new OverAllocation(paymentId, detail);
  }
  const credits = summary.entries.filter((entry) => entry.type !== 'reprise').length + prepared.fresh.length;
  if (credits > MAX_CREDITS_PER_PAYMENT) {
    logger.error('allocation refused: more credits than a payment may make', { paymentId, credits });
    throw new TooManyEntries(paymentId, credits, 'credits', MAX_CREDITS_PER_PAYMENT);
  }
  return {
    allowed: true,
    fresh: prepared.fresh,
    write: () => {
      prepared.write();
      if (prepared.fresh.length > 0 || !summary.stored) writeSummary(tx, paymentId, summary, prepared.fresh.map(listed));
    },
  };
}

/** `prepareAllocation` and its writes at once, for a transaction with nothing else to write. */
export async function allocate(tx: Transaction, paymentId: string, postings: Posting[]): Promise<Posting[] | undefined> {
  const allocation = await prepareAllocation(tx, paymentId, postings);
  if (!allocation.allowed) return undefined;
  allocation.write();
  return allocation.fresh;
}

/** Entries that are not credits to take back: take-backs themselves, and the held money leaving (a release, a take-back). */
const NOT_CREDITS = new Set<EntryType>(['reprise', 'retenue_liberee', 'retenue_reprise']);

/**
 * The credits of a summary still standing: not taken back, and for a held sale (`vente_retenue`),
 * neither released nor taken back (its held money left once, keyed by the sale).
 */
function standingCredits(summary: AllocationSummary, heldOnly: boolean): AllocatedEntry[] {
  const listedIds = new Set(summary.entries.map(({ uid, id }) => `${uid}/${id}`));
  const gone = (uid: string, type: EntryType, reference: string) => listedIds.has(`${uid}/${entryId({ type, reference })}`);
  return summary.entries.filter(({ uid, id, type }) => {
    if (NOT_CREDITS.has(type)) return false;
    if (type === 'vente_retenue') {
      const sale = id.slice('vente_retenue_'.length);
      return !gone(uid, 'retenue_liberee', sale) && !gone(uid, 'retenue_reprise', sale);
    }
    return !heldOnly && !gone(uid, 'reprise', id);
  });
}

/**
 * The take-back of credits payment `paymentId` made and that were not taken back yet: every one
 * (the platform's revenue and the agents' commissions included) for a whole refund; the held sales
 * only for a part (a delivery refused at the door gives back the goods' price, never the trip's
 * fee, and the goods' price is what its sellers held). Read now, written by the returned writer.
 * The summary lists the credits; each is read by id, and its take-back is the same amount the other way.
 */
export async function takeBack(tx: Transaction, paymentId: string, whole: boolean): Promise<() => void> {
  const summary = (await storedSummaryIn(tx, paymentId)) ?? (await rebuiltSummaryIn(tx, paymentId));
  const standing = standingCredits(summary, !whole);
  const entries = await entriesIn(tx, standing);
  const reversals: Posting[] = [];
  standing.forEach(({ uid, id }, i) => {
    const entry = entries[i];
    // Never so: entries are never deleted. The reconciliation reports the summary that lists it.
    if (!entry) logger.error('take-back skipped: an entry the allocation summary lists does not exist', { paymentId, uid, id });
    else reversals.push(reversalOf(uid, id, entry, 'Remboursement'));
  });
  const { fresh, write } = await preparePostings(tx, reversals);
  return () => {
    write();
    if (fresh.length > 0 || !summary.stored) writeSummary(tx, paymentId, summary, fresh.map(listed));
  };
}

/** Every standing credit's take-back: what a whole refund does in its own transaction (refunds.ts). */
export const takeBackAll = (tx: Transaction, paymentId: string) => takeBack(tx, paymentId, true);
