/**
 * Starting a payment through the aggregator: a mobile money request, a card, or a payment link.
 * The pending payment is created first, then FeexPay is asked to collect it; its verdict comes
 * later (callback.ts, the poller, the expiry task) and goes through `settle` (settlement.ts).
 */
import { createHash } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import * as feexpay from '../../adapters/payments/feexpay';
import { enqueue } from '../../adapters/tasks/queue';
import { PartnerError } from '../../adapters/http-client';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { secret } from '../../core/secrets';
import { normalizeTelephone } from '../geo';
import type { PaymentDocument } from './model';
import { assertAmount, newPayment, type Purpose } from './new-payment';
import * as repository from './repository';
import type { InitCard, RequestToPay } from './schemas';
import { NETWORKS } from './schemas';
import { settle } from './settlement';
import { assertStartAllowed } from './start-limits';

function networkOf(path: string): string {
  const network = path.toLowerCase();
  if (!(NETWORKS as readonly string[]).includes(network)) throw new ApiError('UNSUPPORTED_NETWORK');
  return network;
}

function payerOf(caller: ProfileCaller, phoneNumber: string): feexpay.Payer {
  return {
    firstName: String(caller.profile.prenoms ?? ''),
    lastName: String(caller.profile.nom ?? ''),
    email: caller.email ?? `${caller.uid}@users.marketplace.invalid`,
    phoneNumber,
  };
}

interface Start {
  method: PaymentDocument['method'];
  network: string | null;
  /** The telephone the aggregator will prompt (E.164), counted by the per-telephone limit. */
  payerTelephone: string | null;
  /** Calls the aggregator for the new payment; resolves with its reference and page. */
  call(paymentId: string): Promise<{ reference?: string; paymentUrl?: string }>;
}

/**
 * Creates the pending payment, then asks the aggregator. When the aggregator cannot be reached the
 * payment is `failed` and nothing else is touched (502). An Idempotency-Key returns the payment a
 * retried request already made, as it is now (paid, too), without asking the aggregator again or
 * checking the amount against a target that no longer awaits payment.
 */
async function start(caller: ProfileCaller, purpose: Purpose, how: Start, idempotencyKey: string | undefined, fingerprint: unknown) {
  const idempotency = idempotencyKey ? { key: idempotencyKey, fingerprint: createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex') } : undefined;
  const made = idempotency ? await repository.paymentOfKey(caller.uid, idempotency) : undefined;
  if (made) return { paymentId: made.id, statut: made.payment.statut, reference: made.payment.reference, paymentUrl: null };
  await assertAmount(purpose, caller.uid);
  await assertStartAllowed(caller.uid, how.payerTelephone);
  const payment = newPayment(caller.uid, purpose, how.method, how.network, null);
  const created = await repository.createPayment(repository.newPaymentId(), payment, idempotency);
  if (!created.created) {
    return { paymentId: created.id, statut: created.payment.statut, reference: created.payment.reference, paymentUrl: null };
  }
  try {
    const { reference, paymentUrl } = await how.call(created.id);
    if (reference) await repository.setReference(created.id, reference, now());
    await scheduleExpiry(created.id);
    return { paymentId: created.id, statut: created.payment.statut, reference: reference ?? null, paymentUrl: paymentUrl ?? null };
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    if (error.status === undefined) {
      // No answer (a timeout, a cut connection, a reply without reference): FeexPay may have
      // prompted the payer all the same. The payment stays pending, its key keeps pointing at it (a
      // retry gets it back rather than a second prompt), FeexPay's callback names it by
      // `callback_info`, and its expiry ends it if nothing comes.
      logger.warn('payment aggregator did not answer', { paymentId: created.id, error: error.message });
      await scheduleExpiry(created.id);
      throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
    logger.warn('payment aggregator refused or is down', { paymentId: created.id, error: error.message });
    await settle(created.id, 'failed', 'provider', { reason: 'aggregator unavailable' });
    // Nothing was asked of the payer: the client may retry with the same key.
    if (idempotency) await repository.releaseIdempotencyKey(caller.uid, idempotency.key, created.id);
    throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

export function requestToPay(caller: ProfileCaller, networkPath: string, input: z.output<typeof RequestToPay>, idempotencyKey?: string) {
  const network = networkOf(networkPath);
  const { telephone, pays, otp, ...purpose } = input;
  const phone = normalizeTelephone(telephone, pays);
  return start(
    caller,
    purpose,
    {
      method: 'mobile_money',
      network,
      payerTelephone: phone.e164,
      call: (paymentId) =>
        feexpay.requestToPay({
          network,
          amount: purpose.montant,
          payer: payerOf(caller, phone.e164.slice(1)),
          description: `${purpose.type} ${paymentId}`,
          callbackInfo: paymentId,
          otp,
        }),
    },
    idempotencyKey,
    { network, ...input },
  );
}

export function initCard(caller: ProfileCaller, input: z.output<typeof InitCard>, idempotencyKey?: string) {
  const { typeCard, ...purpose } = input;
  const telephone = String(caller.profile.telephone ?? '');
  const phone = telephone.replace(/^\+/, '');
  return start(
    caller,
    purpose,
    {
      method: 'card',
      network: typeCard,
      payerTelephone: telephone || null,
      call: (paymentId) => feexpay.initCard({ amount: purpose.montant, payer: payerOf(caller, phone), typeCard, callbackInfo: paymentId }),
    },
    idempotencyKey,
    { card: typeCard, ...input },
  );
}

export function initLink(caller: ProfileCaller, purpose: Purpose, idempotencyKey?: string) {
  if (config().FEEXPAY_PAYMENT_LINK_DISABLED) throw new ApiError('PAYMENT_LINK_DISABLED');
  // Read before anything is written: a service without a callback URL refuses, it does not leave a payment behind.
  const callback = linkCallbackBase();
  return start(
    caller,
    purpose,
    {
      method: 'link',
      network: null,
      payerTelephone: null,
      call: (paymentId) => {
        callback.searchParams.set('payment', paymentId);
        return feexpay.createPaymentLink({
          amount: purpose.montant,
          description: `${purpose.type} ${paymentId}`,
          callbackUrl: callback.toString(),
          expireInSeconds: config().PAYMENT_EXPIRE_SECONDS,
        });
      },
    },
    idempotencyKey,
    { link: true, ...purpose },
  );
}

/**
 * Where FeexPay calls back when a link is paid: our webhook, with the shared secret like every
 * callback; the payment's id is added (links carry no `callback_info`).
 */
function linkCallbackBase(): URL {
  const base = config().FEEXPAY_CALLBACK_URL;
  if (!base) throw new Error('Invalid configuration: FEEXPAY_CALLBACK_URL (payment links need the public webhook URL)');
  const url = new URL(base);
  url.searchParams.set('secret', secret('FEEXPAY_CALLBACK_SECRET'));
  return url;
}

/**
 * Queues the payment's expiry task. A failure to queue is logged, not fatal: the poller also
 * expires payments whose time is up.
 */
async function scheduleExpiry(paymentId: string): Promise<void> {
  if (config().PAYMENT_LOCAL_EXPIRY_DISABLED || !config().PAYMENT_EXPIRY_TASKS_ENABLED) return;
  try {
    await enqueue('expirePayment', { paymentId }, config().PAYMENT_EXPIRE_SECONDS, `expire-${paymentId}`);
  } catch (error) {
    logger.warn('payment expiry not queued', { paymentId, error: String(error) });
  }
}
