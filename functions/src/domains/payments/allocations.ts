/**
 * A payment's allocation summary, `paymentAllocations/{paymentId}` (docs/guides/wallet.md, "Money"): what the
 * ledger entries naming the payment add up to, and which they are (wallet, entry id, type,
 * amount), written by payments' ledger (ledger.ts) in the same transaction as each of them.
 *
 * Why a document: checking an allocation against what the payment brought, and taking back every
 * credit on a whole refund, need the payment's entries in the transaction that writes. A query for
 * them in a transaction locks the whole range it reads (on the emulator, it waits for every
 * transaction writing any wallet's ledger, so sales of different sellers waited for each other);
 * the summary is read by id, so only the transactions of one payment (its own few subscribers: the
 * sellers' credits, a delivery's gains, an agent's commission, a refund) wait for each other, which
 * is what keeps the rule exact.
 *
 * Its life: created by the transaction that settles the payment `success` (ledger.openLedger),
 * with the platform's revenue of a service sold in it, so every payment settled since has one
 * before anything can allocate it. A successful payment without one was settled before summaries
 * existed: its next allocation or take-back builds it from the entries naming the payment (the
 * collection-group query, in that transaction: only those older payments pay for it, once).
 */
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../core/clock';
import { collection, COLLECTIONS } from '../../core/firestore';
import { entriesOfPayment, type EntryType, MAX_ENTRIES_PER_PAYMENT } from '../wallet';

/** One ledger entry naming the payment: `wallets/{uid}/transactions/{id}`. */
export interface AllocatedEntry {
  uid: string;
  id: string;
  type: EntryType;
  /** XOF; negative for a take-back or a cost (an agent's commission on the platform's books). */
  montant: number;
}

/** `paymentAllocations/{paymentId}`. */
export interface AllocationSummaryDocument {
  /** XOF: the sum of `entries`' amounts, take-backs included. */
  allocated: number;
  /** Every entry naming the payment, in the order written (absent while there is none). */
  entries?: AllocatedEntry[];
  /** `settled`: created with the payment's success; `rebuilt`: built from the ledgers for a payment settled before summaries. */
  origin: 'settled' | 'rebuilt';
  updatedAt: Timestamp;
}

export interface AllocationSummary {
  allocated: number;
  entries: AllocatedEntry[];
  origin: AllocationSummaryDocument['origin'];
  /** Whether it is stored; a summary built from the ledgers is not, until the transaction writes it. */
  stored: boolean;
}

/** Thrown when a payment would have more entries than its summary may list: a defect, never written. */
export class TooManyEntries extends Error {
  constructor(paymentId: string, count: number, what = 'ledger entries', limit = MAX_ENTRIES_PER_PAYMENT) {
    super(`payment ${paymentId} would have ${count} ${what}, more than ${limit}`);
  }
}

const summaries = () => collection<AllocationSummaryDocument>(COLLECTIONS.paymentAllocations);
const total = (entries: AllocatedEntry[]) => entries.reduce((sum, entry) => sum + entry.montant, 0);

function fromDocument(stored: AllocationSummaryDocument): AllocationSummary {
  return { allocated: stored.allocated, entries: stored.entries ?? [], origin: stored.origin, stored: true };
}

/** The stored summary, read by id in `tx`; undefined for a payment that has none (not settled yet, or settled before summaries). */
export async function storedSummaryIn(tx: Transaction, paymentId: string): Promise<AllocationSummary | undefined> {
  const stored = (await tx.get(summaries().doc(paymentId))).data();
  return stored ? fromDocument(stored) : undefined;
}

/**
 * The summary of a payment settled before summaries, built from the entries naming it, queried in
 * `tx` (so that no entry of the payment lands meanwhile). Only such payments query, once: the
 * transaction writes what it built.
 */
export async function rebuiltSummaryIn(tx: Transaction, paymentId: string): Promise<AllocationSummary> {
  const found = await entriesOfPayment(paymentId, tx);
  // The query reads one more than the bound: past it, entries may have been left out.
  if (found.length > MAX_ENTRIES_PER_PAYMENT) throw new TooManyEntries(paymentId, found.length);
  const entries = found.map(({ uid, id, entry }) => ({ uid, id, type: entry.type, montant: entry.montant }));
  return { allocated: total(entries), entries, origin: 'rebuilt', stored: false };
}

/** The summary with `added`, written in `tx` (which read it): the same transaction as the entries it adds. */
export function writeSummary(tx: Transaction, paymentId: string, summary: AllocationSummary, added: AllocatedEntry[]): void {
  const entries = [...summary.entries, ...added];
  if (entries.length > MAX_ENTRIES_PER_PAYMENT) throw new TooManyEntries(paymentId, entries.length);
  const document: AllocationSummaryDocument = { allocated: summary.allocated + total(added), entries, origin: summary.origin, updatedAt: Timestamp.fromDate(now()) };
  tx.set(summaries().doc(paymentId), document);
}

/**
 * The summary created as the payment is settled `success`, with the entries written in that
 * transaction. Written without a read: nothing allocates a payment before its success, which is
 * entered once; merged with increments all the same, so that it could add to a summary, never
 * erase one.
 */
export function openSummary(tx: Transaction, paymentId: string, entries: AllocatedEntry[]): void {
  tx.set(
    summaries().doc(paymentId),
    {
      allocated: FieldValue.increment(total(entries)),
      ...(entries.length > 0 ? { entries: FieldValue.arrayUnion(...entries) } : {}),
      origin: 'settled',
      updatedAt: Timestamp.fromDate(now()),
    },
    { merge: true },
  );
}

/** The stored summary of a payment, read outside any transaction (the reconciliation compares it with the entries). */
export async function allocationSummaryOf(paymentId: string): Promise<AllocationSummary | undefined> {
  const stored = (await summaries().doc(paymentId).get()).data();
  return stored ? fromDocument(stored) : undefined;
}
