/**
 * The payment jobs: the poller (every minute) asks FeexPay about recent pending payments, and
 * the expiry task (queued at creation for PAYMENT_EXPIRE_SECONDS) ends a payment still pending,
 * after asking FeexPay one last time. Both settle through `settle`, like every other path.
 */
import * as logger from 'firebase-functions/logger';
import { PartnerError } from '../../adapters/http-client';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import type { PaymentDocument } from './model';
import * as repository from './repository';
import { checkWithProvider, settle } from './settlement';

const POLL_BATCH = 50;

/** Ends a payment still pending once its time is up: FeexPay's last word first, then `expired`. */
export async function expireIfDue(paymentId: string): Promise<PaymentDocument['statut'] | undefined> {
  const payment = await repository.findPayment(paymentId);
  if (!payment || payment.statut !== 'pending' || config().PAYMENT_LOCAL_EXPIRY_DISABLED) return payment?.statut;
  if (payment.expiresAt.toMillis() > now().getTime()) return payment.statut;
  const checked = await checkWithProvider(paymentId, payment, 'expiry');
  if (checked.payment.statut !== 'pending') return checked.payment.statut;
  return (await settle(paymentId, 'expired', 'expiry')).payment.statut;
}

/**
 * One run of the poller: the 50 pending payments due soonest (oldest-due first, so payments
 * started lately cannot crowd out those whose time is running out). Effects of successes are the
 * outbox's business (core/events): its sweep finishes what a crash left.
 */
export async function pollPendingPayments(): Promise<{ checked: number; settled: number }> {
  const pending = await repository.pendingByDue(POLL_BATCH);
  let settled = 0;
  for (const { id, payment } of pending) {
    try {
      const checked = await checkWithProvider(id, payment, 'poller');
      const statut = checked.payment.statut === 'pending' ? await expireIfDue(id) : checked.payment.statut;
      if (statut !== 'pending') settled += 1;
    } catch (error) {
      if (!(error instanceof PartnerError)) throw error;
      logger.warn('payment status unavailable during polling', { paymentId: id, error: error.message });
    }
  }
  return { checked: pending.length, settled };
}
