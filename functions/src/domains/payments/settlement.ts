/**
 * Settlement: the one way a payment's status changes, and the check of FeexPay's answer that
 * comes before. Every path that learns an outcome (webhook, poller, expiry task, native client
 * record, admin) ends here, so each transition happens once. A success emits `payment.succeeded`
 * in the same transaction: the domains that sold the thing subscribe to it (the outbox guarantees
 * their effect), and it is dispatched in this process right after the commit, so the payer sees
 * the effect in the answer. The jobs import this module alone: it reads no secret but FeexPay's token.
 */
import type { Transaction } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { PartnerError } from '../../adapters/http-client';
import * as feexpay from '../../adapters/payments/feexpay';
import { now } from '../../core/clock';
import { emit } from '../../core/events';
import { mismatchOf } from './answer-check';
import { openLedger } from './ledger';
import type { MismatchReason, PaymentDocument, PaymentSource, PaymentType } from './model';
import * as repository from './repository';
import { paymentMachine } from './machine';
import type { PaymentOutcome, PaymentStatus } from './state';

/**
 * Payment types that buy a service of the platform: their whole amount is its revenue (agents'
 * commissions are paid out of it). Goods (`achat`, `commande`) are allocated to their sellers and
 * couriers by commerce and logistics instead.
 */
const SERVICE_TYPES: ReadonlySet<PaymentType> = new Set(['abonnement', 'abonnement_transitaire', 'publicite', 'verification']);

/**
 * The one way a payment's status changes. Moves it along the table when the outcome allows it
 * (a success is never downgraded; a success after failure or expiry is a late success); the move to
 * `success` emits `payment.succeeded` in the same transaction, once.
 */
export async function settle(
  paymentId: string,
  outcome: PaymentOutcome,
  source: PaymentSource,
  audit: { by?: string; reason?: string; mismatch?: MismatchReason; forced?: boolean } = {},
  /** Also written in the transaction that makes the change, and only then (the admin's audit entry). */
  alsoIn?: (tx: Transaction, current: PaymentDocument, next: PaymentStatus) => void,
): Promise<{ payment: PaymentDocument; changed: boolean }> {
  const at = now();
  const { mismatch, ...said } = audit;
  return repository.claimChange(paymentId, (current, tx) => {
    const next = paymentMachine.next(current.statut, outcome);
    if (!next) return undefined;
    alsoIn?.(tx, current, next);
    if (next === 'success') {
      const { type, userId, montant, metadata } = current;
      emit(tx, 'payment.succeeded', paymentId, { paymentId, type, userId, montant, metadata }, { inline: true });
      // A service sold (subscription, boost, inspection) is the platform's revenue from the moment
      // it is paid; a refund takes it back (ledger.ts). Every payment's allocation summary begins
      // here, before any subscriber can allocate it. Once: a status is entered once.
      const revenue = SERVICE_TYPES.has(type) ? [{ type: 'revenu' as const, montant, reference: paymentId, description: `Paiement ${type} ${paymentId}` }] : [];
      openLedger(tx, paymentId, revenue);
    }
    const moved = paymentMachine.move(tx, { id: paymentId, from: current.statut, event: outcome, at, history: current.history, context: { payment: current, source, said } });
    return {
      ...moved,
      lateSuccess: current.lateSuccess || (next === 'success' && current.statut !== 'pending'),
      ...(mismatch ? { failureReason: mismatch } : {}),
    };
  });
}

/**
 * Asks the aggregator and settles accordingly, believing its verdict only when the transaction
 * is this payment's, field by field (answer-check.ts); otherwise the payment fails with the
 * reason. A pending answer, or a reference FeexPay does not know yet, changes nothing.
 */
export async function checkWithProvider(paymentId: string, payment: PaymentDocument, source: PaymentSource) {
  if (!payment.reference) return { payment, changed: false };
  const answer = await feexpay.transactionStatus(payment.reference);
  if (!answer) return { payment, changed: false };
  return settleOnAnswer(paymentId, payment, answer, source);
}

export function settleOnAnswer(paymentId: string, payment: PaymentDocument, answer: feexpay.TransactionAnswer, source: PaymentSource) {
  const mismatch = mismatchOf(payment, answer);
  if (mismatch) {
    logger.warn('payment answer does not match the payment', { paymentId, mismatch });
    return settle(paymentId, 'failed', source, { reason: mismatch, mismatch });
  }
  return answer.verdict === 'pending' ? { payment, changed: false } : settle(paymentId, answer.verdict, source);
}

/**
 * FeexPay's word on a payment, for an admin asked to set it `success`: `confirmed` only when
 * FeexPay knows its reference, its transaction is this payment field by field (answer-check.ts,
 * as on every other path) and it says success. Otherwise what it said: no reference to ask about,
 * an unknown reference, a mismatch (its reason), its verdict, or `unavailable` (it did not answer).
 */
export type ProviderWord =
  | { confirmed: true; said: 'success' }
  | { confirmed: false; said: 'no_reference' | 'unknown_reference' | 'unavailable' | 'pending' | 'failed' | MismatchReason; mismatch: boolean };

export async function providerWord(payment: PaymentDocument): Promise<ProviderWord> {
  if (!payment.reference) return { confirmed: false, said: 'no_reference', mismatch: false };
  let answer: feexpay.TransactionAnswer | undefined;
  try {
    answer = await feexpay.transactionStatus(payment.reference);
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    logger.warn('payment status unavailable for an admin', { reference: payment.reference, error: error.message });
    return { confirmed: false, said: 'unavailable', mismatch: false };
  }
  if (!answer) return { confirmed: false, said: 'unknown_reference', mismatch: false };
  const mismatch = mismatchOf(payment, answer);
  if (mismatch) return { confirmed: false, said: mismatch, mismatch: true };
  return answer.verdict === 'success' ? { confirmed: true, said: 'success' } : { confirmed: false, said: answer.verdict, mismatch: false };
}
