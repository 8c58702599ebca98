/**
 * What every new payment starts from, whoever starts it (a start through the aggregator, the
 * native client's record): the amount checked against what is due, and the payment's fields.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { amountDueFor } from '../../core/payables';
import type { NewPayment, PaymentDocument } from './model';
import type { PaymentInit } from './schemas';

export type Purpose = z.output<typeof PaymentInit>;

/** The amount is never the client's: it must equal what the server computes for the target. */
export async function assertAmount(purpose: Purpose, payer: string): Promise<void> {
  const due = await amountDueFor(purpose.type, purpose.metadata, payer);
  if (due === undefined) throw new ApiError('PAYMENT_TARGET_INVALID');
  if (due !== purpose.montant) throw new ApiError('AMOUNT_MISMATCH');
}

/**
 * A new payment's fields, expiring after PAYMENT_EXPIRE_SECONDS; its machine starts it `pending`
 * (until the aggregator decides) in the transaction that creates it (repository.ts).
 */
export function newPayment(userId: string, purpose: Purpose, method: PaymentDocument['method'], network: string | null, reference: string | null): NewPayment {
  const at = now();
  return {
    userId,
    montant: purpose.montant,
    reference,
    type: purpose.type,
    metadata: purpose.metadata,
    method,
    network,
    history: [],
    lateSuccess: false,
    createdAt: Timestamp.fromDate(at),
    updatedAt: Timestamp.fromDate(at),
    expiresAt: Timestamp.fromMillis(at.getTime() + config().PAYMENT_EXPIRE_SECONDS * 1000),
  };
}
