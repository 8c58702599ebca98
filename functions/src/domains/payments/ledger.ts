/**
 * A payment's money in the ledgers (README, "Money"): every wallet entry that allocates a
 * payment's money names it, and goes through here. The rule (DOMAIN.md, "Money conservation"):
 * what a payment's entries add up to, plus its refund, never exceeds its amount; and once its whole
 * amount goes back, every credit it made is taken back.
 *  - `prepareAllocation` credits a payment's money to sellers, couriers, agents and the platform,
 *    in the caller's transaction, only while the payment is a success whose money did not all go
 *    back (a cancel landing just before the credit pays nobody: both read the payment).
 *  - `takeBackAll` is what a whole refund does in its own transaction (refunds.ts).
 * It imports the wallet's surface only: no FeexPay, no secret.
 */
import type { Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { entriesOfPayment, type Posting, preparePostings, reversalOf } from '../wallet';
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
 * Reads, in `tx`, what crediting `postings` out of payment `paymentId` needs; every posting gets
 * the payment's id. Call it among the transaction's reads and `write` among its writes.
 */
export async function prepareAllocation(tx: Transaction, paymentId: string, postings: Posting[]): Promise<Allocation> {
  const [payment, entries] = await Promise.all([paymentIn(tx, paymentId), entriesOfPayment(paymentId, tx)]);
  if (!payment || payment.statut !== 'success') return nothing;
  const refunded = payment.refund?.montant ?? (payment.refund ? payment.montant : 0);
  if (refunded >= payment.montant) return nothing;
  const named = postings.map((posting) => ({ ...posting, entry: { ...posting.entry, paymentId } }));
  const prepared = await preparePostings(tx, named);
  const before = entries.reduce((sum, { entry }) => sum + entry.montant, 0);
  const adding = prepared.fresh.reduce((sum, posting) => sum + posting.entry.montant, 0);
  if (before + adding + refunded > payment.montant) {
    const detail = { montant: payment.montant, allocated: before, adding, refunded };
    logger.error('allocation refused: more than the payment brought', { paymentId, ...detail });
    throw new OverAllocation(paymentId, detail);
  }
  return { allowed: true, ...prepared };
}

/** `prepareAllocation` and its writes at once, for a transaction with nothing else to write. */
export async function allocate(tx: Transaction, paymentId: string, postings: Posting[]): Promise<Posting[] | undefined> {
  const allocation = await prepareAllocation(tx, paymentId, postings);
  if (!allocation.allowed) return undefined;
  allocation.write();
  return allocation.fresh;
}

/**
 * The take-back of every credit payment `paymentId` made and that was not taken back yet (the
 * platform's revenue and the agents' commissions included): read now, written by the returned writer.
 */
export async function takeBackAll(tx: Transaction, paymentId: string): Promise<() => void> {
  const entries = await entriesOfPayment(paymentId, tx);
  const reversed = new Set(entries.filter(({ entry }) => entry.type === 'reprise').map(({ uid, entry }) => `${uid}/${entry.reference}`));
  const reversals = entries
    .filter(({ uid, id, entry }) => entry.type !== 'reprise' && !reversed.has(`${uid}/${id}`))
    .map(({ uid, id, entry }) => reversalOf(uid, id, entry, 'Remboursement'));
  const { write } = await preparePostings(tx, reversals);
  return write;
}
