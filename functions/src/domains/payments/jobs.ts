/**
 * The payment jobs: the poller (every minute) asks FeexPay about recent pending payments, and
 * the expiry task (queued at creation for PAYMENT_EXPIRE_SECONDS) ends a payment still pending,
 * after asking FeexPay one last time. Both settle through `settle`, like every other path.
 */
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { PartnerError } from '../../adapters/http-client';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import type { PaymentDocument } from './model';
import * as repository from './repository';
import { checkWithProvider, settle } from './service';

const POLL_WINDOW_MS = 6 * 60 * 60 * 1000;
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

/** One run of the poller: the 50 most recent pending payments of the last 6 hours. */
export async function pollPendingPayments(): Promise<{ checked: number; settled: number }> {
  const since = Timestamp.fromMillis(now().getTime() - POLL_WINDOW_MS);
  const pending = await db()
    .collection(COLLECTIONS.payments)
    .where('statut', '==', 'pending')
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .limit(POLL_BATCH)
    .get();
  let settled = 0;
  for (const doc of pending.docs) {
    try {
      const payment = doc.data() as PaymentDocument;
      const checked = await checkWithProvider(doc.id, payment, 'poller');
      const statut = checked.payment.statut === 'pending' ? await expireIfDue(doc.id) : checked.payment.statut;
      if (statut !== 'pending') settled += 1;
    } catch (error) {
      if (!(error instanceof PartnerError)) throw error;
      logger.warn('payment status unavailable during polling', { paymentId: doc.id, error: error.message });
    }
  }
  return { checked: pending.size, settled };
}
