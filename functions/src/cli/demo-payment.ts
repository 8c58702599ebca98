/**
 * The demo data's payments made real: the payment document a payer's success leaves, settled
 * `success` by the one settle path (so its revenue, its `payment.succeeded` and its status events
 * are those of a real payment), under a fixed id the seeds and their tests name. The money of the
 * demo data then balances: `npm run reconcile` after `npm start` checks it. Once: a payment already
 * there is left as it is.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../core/clock';
import type { PaymentType } from '../domains/payments/model';
import { createPayment } from '../domains/payments/repository';
import { settle } from '../domains/payments/settlement';

export async function demoPayment(id: string, userId: string, type: PaymentType, montant: number, metadata: Record<string, string>): Promise<string> {
  const at = Timestamp.fromDate(now());
  const { created } = await createPayment(id, {
    userId,
    montant,
    reference: null,
    type,
    metadata,
    method: 'mobile_money',
    network: 'mtn',
    history: [],
    lateSuccess: false,
    createdAt: at,
    updatedAt: at,
    expiresAt: at,
  });
  if (created) await settle(id, 'success', 'admin', { reason: 'données de démonstration' });
  return id;
}
