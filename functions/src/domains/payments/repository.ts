/** Firestore access of payments. Status changes are claimed in transactions, through their machines (machine.ts). */
import { createHash } from 'node:crypto';
import { type Query, Timestamp } from 'firebase-admin/firestore';
import { ApiError } from '../../core/errors';
import { emit } from '../../core/events';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS } from '../../core/firestore';
import { readPage, type PageRequest } from '../../core/pagination';
import { paymentMachine, refundMarkMachine } from './machine';
import type { NewPayment, PaymentDocument } from './model';
import { PAYMENT_FIRST_STATUS, REFUND_MARK_FIRST_STATUS } from './state';
import { newDocumentId } from '../../core/ids';

const payments = () => collection<PaymentDocument>(COLLECTIONS.payments);

/** `paymentKeys/{sha256(user:key)}`: the payment an Idempotency-Key made, and its request's fingerprint. */
interface PaymentKeyDocument {
  paymentId: string;
  fingerprint: string;
  createdAt: Timestamp;
}

const paymentKeys = () => collection<PaymentKeyDocument>(COLLECTIONS.paymentKeys);

export function newPaymentId(): string {
  return newDocumentId(payments());
}

/**
 * Creates a payment, or with an idempotency key returns the payment that key already made. The
 * key remembers a fingerprint of the request: the same key for another request is refused.
 */
export async function createPayment(
  id: string,
  fields: NewPayment,
  idempotency?: { key: string; fingerprint: string },
): Promise<{ id: string; payment: PaymentDocument; created: boolean }> {
  const ref = payments().doc(id);
  if (!idempotency) {
    // A payment already there (two records of one reference at once) is answered as not created.
    return runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      if (existing) return { id, payment: existing, created: false };
      const payment = started(tx, id, fields);
      tx.create(ref, payment);
      return { id, payment, created: true };
    });
  }
  const keyRef = paymentKeys().doc(idempotencyDocId(fields.userId, idempotency.key));
  return runTransaction(async (tx) => {
    const known = (await tx.get(keyRef)).data();
    if (known) {
      if (known.fingerprint !== idempotency.fingerprint) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      // The key and its payment are created in one transaction.
      const existing = await tx.get(payments().doc(known.paymentId));
      return { id: known.paymentId, payment: existing.data()!, created: false };
    }
    const payment = started(tx, id, fields);
    tx.create(ref, payment);
    tx.create(keyRef, { paymentId: id, fingerprint: idempotency.fingerprint, createdAt: payment.createdAt });
    return { id, payment, created: true };
  });
}

/**
 * The payment an idempotency key already made, read before anything else of a start: a retry
 * after the payment moved on (paid, expired) gets it back as it is now, where the amount check
 * would refuse a target that no longer awaits payment, and takes no start slot. The same key for
 * another request is refused. Two reads by id; the creation's transaction still decides a race.
 */
export async function paymentOfKey(userId: string, idempotency: { key: string; fingerprint: string }): Promise<{ id: string; payment: PaymentDocument } | undefined> {
  const known = (await paymentKeys().doc(idempotencyDocId(userId, idempotency.key)).get()).data();
  if (!known) return undefined;
  if (known.fingerprint !== idempotency.fingerprint) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  const payment = (await payments().doc(known.paymentId).get()).data();
  return payment ? { id: known.paymentId, payment } : undefined;
}

/** A new payment in its first status, said with its creation (the dashboard counts payments by status). After the transaction's reads. */
function started(tx: FirebaseFirestore.Transaction, id: string, fields: NewPayment): PaymentDocument {
  return { ...fields, ...paymentMachine.start(tx, { id, to: PAYMENT_FIRST_STATUS, at: fields.createdAt.toDate(), context: { payment: fields, source: 'init' } }) };
}

/** The payment's `refund` map: the mark's status (its machine's answer), why, and how much goes back. */
function refundMark(tx: FirebaseFirestore.Transaction, id: string, reason: string, montant: number, at: Date): NonNullable<PaymentDocument['refund']> {
  return { reason, ...refundMarkMachine.start(tx, { id, to: REFUND_MARK_FIRST_STATUS, event: 'mark', at }), montant };
}

/** Frees a key whose request failed at the provider before the payer was asked: a retry may use it. */
export async function releaseIdempotencyKey(userId: string, key: string, paymentId: string): Promise<void> {
  const keyRef = paymentKeys().doc(idempotencyDocId(userId, key));
  await runTransaction(async (tx) => {
    const known = await tx.get(keyRef);
    if (known.data()?.paymentId === paymentId) tx.delete(keyRef);
  });
}

function idempotencyDocId(userId: string, key: string): string {
  return createHash('sha256').update(`${userId}:${key}`).digest('hex');
}

export async function findPayment(id: string): Promise<PaymentDocument | undefined> {
  return (await payments().doc(id).get()).data();
}

export async function findByReference(reference: string): Promise<{ id: string; payment: PaymentDocument } | undefined> {
  const snapshot = await payments().where('reference', '==', reference).limit(1).get();
  const doc = snapshot.docs[0];
  return doc ? { id: doc.id, payment: doc.data() } : undefined;
}

/** Sets the reference of a payment that has none yet (a later one never replaces it); the payment as stored. */
export async function adoptReference(id: string, reference: string, at: Date): Promise<PaymentDocument> {
  const ref = payments().doc(id);
  return runTransaction(async (tx) => {
    // A payment the caller has just read: payments are never deleted.
    const current = (await tx.get(ref)).data()!;
    if (current.reference) return current;
    tx.update(ref, { reference, updatedAt: Timestamp.fromDate(at) });
    return { ...current, reference };
  });
}

export async function setReference(id: string, reference: string, at: Date): Promise<void> {
  await payments().doc(id).update({ reference, updatedAt: Timestamp.fromDate(at) });
}

/**
 * The one read-modify-write of a payment's status: `decide` sees the fresh document and returns
 * the changes, or nothing when there is nothing to do. Parallel callers are serialized by the
 * transaction, so exactly one of them makes a given transition.
 */
export async function claimChange(
  id: string,
  decide: (current: PaymentDocument, tx: FirebaseFirestore.Transaction) => Partial<PaymentDocument> | undefined,
): Promise<{ payment: PaymentDocument; changed: boolean }> {
  const ref = payments().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) throw new ApiError('PAYMENT_NOT_FOUND');
    const changes = decide(current, tx);
    if (!changes) return { payment: current, changed: false };
    tx.update(ref, changes);
    return { payment: { ...current, ...changes }, changed: true };
  });
}

/**
 * Marks a successful payment's money to go back, with the first reason given (what it paid for
 * was lost, cancelled or already paid). Idempotent: a later call keeps the first reason. A refund
 * of the whole payment takes back, in the same transaction, every credit the payment made
 * (`takeBacks`, payments/ledger.ts): nobody keeps money that went back.
 */
export async function markForRefund(
  id: string,
  reason: string,
  at: Date,
  montant: number | undefined,
  takeBacks: (tx: FirebaseFirestore.Transaction, paymentId: string, whole: boolean) => Promise<() => void>,
): Promise<void> {
  const ref = payments().doc(id);
  await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || current.refund) return;
    // Never more than was paid, never less than nothing: whole francs.
    const amount = Math.max(0, Math.min(current.montant, Math.round(montant ?? current.montant)));
    const full = amount === current.montant;
    const writeTakeBacks = await takeBacks(tx, id, full);
    writeTakeBacks();
    tx.update(ref, { refund: refundMark(tx, id, reason, amount, at), updatedAt: Timestamp.fromDate(at) });
    emit(tx, 'payment.refund_marked', id, { paymentId: id, type: current.type, userId: current.userId, montant: amount, full, reason, at: at.toISOString() });
  });
}

/**
 * A refund mark written in the caller's transaction, for a caller that allocated the money's way
 * back itself in the same transaction (a dispute's decision: refunds.ts). Reads the payment now;
 * undefined when it is not a success or already carries a mark (the first mark stays).
 */
export async function prepareRefundMark(tx: FirebaseFirestore.Transaction, id: string, reason: string, montant: number, at: Date): Promise<(() => void) | undefined> {
  const ref = payments().doc(id);
  const current = (await tx.get(ref)).data();
  if (!current || current.statut !== 'success' || current.refund) return undefined;
  const amount = Math.max(0, Math.min(current.montant, Math.round(montant)));
  return () => {
    tx.update(ref, { refund: refundMark(tx, id, reason, amount, at), updatedAt: Timestamp.fromDate(at) });
    emit(tx, 'payment.refund_marked', id, { paymentId: id, type: current.type, userId: current.userId, montant: amount, full: amount === current.montant, reason, at: at.toISOString() });
  };
}

/** A payment read in `tx`: ledger allocations check it before crediting anyone. */
export async function paymentIn(tx: FirebaseFirestore.Transaction, id: string): Promise<PaymentDocument | undefined> {
  return (await tx.get(payments().doc(id))).data();
}

/** Equality filters then newest first: one (field, createdAt desc) index per filter field. */
export async function listPayments(filters: { userId?: string; statut?: string; type?: string; failureReason?: string }, page: PageRequest) {
  let query: Query<PaymentDocument> = payments();
  for (const [field, value] of Object.entries(filters)) if (value !== undefined) query = query.where(field, '==', value);
  query = query.orderBy('createdAt', 'desc');
  const { docs, total } = await readPage(query, page);
  return { items: docs.map((doc) => ({ id: doc.id, payment: doc.data() })), total };
}

/** Pending payments, the soonest due first: junk started lately cannot push real ones out of a run. */
export async function pendingByDue(limit: number): Promise<Array<{ id: string; payment: PaymentDocument }>> {
  const snapshot = await payments().where('statut', '==', 'pending').orderBy('expiresAt', 'asc').limit(limit).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, payment: doc.data() }));
}

