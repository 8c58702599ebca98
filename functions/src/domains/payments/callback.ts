/**
 * FeexPay's callback: a shared secret lets it say "ask me", and the payment's status comes from
 * FeexPay's status endpoint, settled like every other path (settlement.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import { PartnerError } from '../../adapters/http-client';
import { now } from '../../core/clock';
import { isDocumentId } from '../../core/document-id';
import { ApiError } from '../../core/errors';
import { optionalSecret } from '../../core/secrets';
import * as repository from './repository';
import type { FeexPayCallback } from './schemas';
import { checkWithProvider } from './settlement';

/**
 * The callback secret. Unset is a deployment mistake that must not open the webhook to anyone:
 * it is logged and every callback is refused (fail closed).
 */
function callbackSecret(): string | undefined {
  const value = optionalSecret('FEEXPAY_CALLBACK_SECRET');
  if (!value) logger.error('FEEXPAY_CALLBACK_SECRET is not set: every payment callback is refused');
  return value;
}

function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * FeexPay's callback. Not signed, so a wrong shared secret drops it and a right one only says
 * "ask me": the status comes from FeexPay's status endpoint, never from the callback body.
 */
export async function handleCallback(body: z.output<typeof FeexPayCallback>, query: { secret?: string; payment?: string }) {
  if (!sameSecret(query.secret, callbackSecret())) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
  // Echoed by FeexPay from what we gave it; anything else names none of our payments.
  const named = body.callback_info ?? query.payment;
  const paymentId = named && isDocumentId(named) ? named : undefined;
  const byReference = body.reference ? await repository.findByReference(body.reference) : undefined;
  let found = byReference ?? (paymentId ? await repository.findPayment(paymentId).then((payment) => (payment ? { id: paymentId, payment } : undefined)) : undefined);
  if (!found) return { received: true as const, statut: null };
  // A payment whose start got no answer learns its reference here; FeexPay's answer for that
  // reference is then checked against the payment like any other.
  if (!found.payment.reference && body.reference) found = { id: found.id, payment: await repository.adoptReference(found.id, body.reference, now()) };
  try {
    const result = await checkWithProvider(found.id, found.payment, 'webhook');
    return { received: true as const, statut: result.payment.statut };
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    // FeexPay will call again, and the poller asks on its own: nothing is lost.
    logger.warn('payment status unavailable during callback', { paymentId: found.id, error: error.message });
    throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}
