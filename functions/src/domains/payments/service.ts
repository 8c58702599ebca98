/**
 * Payments. The amount is the server's (computed from what is paid); the aggregator is asked to
 * collect it; its verdict — from the webhook (re-checked with its status endpoint), the poller,
 * the expiry task, the native client's record or an admin — goes through `settle`, which claims
 * the transition in a transaction, so each transition happens once and each effect of a success
 * is applied once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import * as feexpay from '../../adapters/payments/feexpay';
import { enqueue } from '../../adapters/tasks/queue';
import { PartnerError } from '../../adapters/http-client';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { nextState } from '../../core/fsm';
import { type PageRequest, toPage } from '../../core/pagination';
import { isAdminRole } from '../../core/roles';
import { normalizeTelephone } from '../geo/telephone';
import { EFFECTS } from './effects';
import type { PaymentDocument, PaymentSource } from './model';
import * as repository from './repository';
import type { ClientRecord, FeexPayCallback, InitCard, Payment, PaymentInit, RequestToPay } from './schemas';
import { NETWORKS } from './schemas';
import { PAYMENT_TRANSITIONS, type PaymentOutcome } from './state';

type PaymentView = z.input<typeof Payment>;
type Purpose = z.output<typeof PaymentInit>;

export function toPayment(id: string, payment: PaymentDocument): PaymentView {
  return {
    id,
    userId: payment.userId,
    montant: payment.montant,
    reference: payment.reference,
    statut: payment.statut,
    type: payment.type,
    metadata: payment.metadata,
    method: payment.method,
    network: payment.network,
    lateSuccess: payment.lateSuccess,
    refund: payment.refund ?? null,
    history: payment.history.map((entry) => ({
      at: entry.at.toDate().toISOString(),
      from: entry.from,
      to: entry.to,
      source: entry.source,
      ...(entry.reason ? { reason: entry.reason } : {}),
    })),
    createdAt: payment.createdAt.toDate().toISOString(),
  };
}

/** The amount is never the client's: it must equal what the server computes for the target. */
async function assertAmount(purpose: Purpose, payer: string): Promise<void> {
  const due = await EFFECTS[purpose.type].amountDue(purpose.metadata, payer);
  if (due === undefined) throw new ApiError('PAYMENT_TARGET_INVALID');
  if (due !== purpose.montant) throw new ApiError('AMOUNT_MISMATCH');
}

export function networkOf(path: string): string {
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

/** A new payment, pending until the aggregator decides, expiring after PAYMENT_EXPIRE_SECONDS. */
function pendingPayment(
  userId: string,
  purpose: Purpose,
  method: PaymentDocument['method'],
  network: string | null,
  reference: string | null,
): PaymentDocument {
  const at = now();
  return {
    userId,
    montant: purpose.montant,
    reference,
    statut: 'pending',
    type: purpose.type,
    metadata: purpose.metadata,
    method,
    network,
    effects: {},
    history: [],
    lateSuccess: false,
    createdAt: Timestamp.fromDate(at),
    updatedAt: Timestamp.fromDate(at),
    expiresAt: Timestamp.fromMillis(at.getTime() + config().PAYMENT_EXPIRE_SECONDS * 1000),
  };
}

interface Start {
  method: PaymentDocument['method'];
  network: string | null;
  /** Calls the aggregator for the new payment; resolves with its reference and page. */
  call(paymentId: string): Promise<{ reference?: string; paymentUrl?: string }>;
}

/**
 * Creates the pending payment, then asks the aggregator. When the aggregator cannot be reached the
 * payment is `failed` and nothing else is touched (502). An Idempotency-Key returns the payment a
 * retried request already made, without asking the aggregator again.
 */
async function start(caller: ProfileCaller, purpose: Purpose, how: Start, idempotencyKey: string | undefined, fingerprint: unknown) {
  await assertAmount(purpose, caller.uid);
  const payment = pendingPayment(caller.uid, purpose, how.method, how.network, null);
  const created = await repository.createPayment(
    repository.newPaymentId(),
    payment,
    idempotencyKey ? { key: idempotencyKey, fingerprint: createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex') } : undefined,
  );
  if (!created.created) {
    return { paymentId: created.id, statut: created.payment.statut, reference: created.payment.reference, paymentUrl: null };
  }
  try {
    const { reference, paymentUrl } = await how.call(created.id);
    if (reference) await repository.setReference(created.id, reference, now());
    await scheduleExpiry(created.id);
    return { paymentId: created.id, statut: 'pending' as const, reference: reference ?? null, paymentUrl: paymentUrl ?? null };
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    logger.warn('payment aggregator unavailable', { paymentId: created.id, error: error.message });
    await settle(created.id, 'failed', 'provider', { reason: 'aggregator unavailable' });
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
  const phone = String(caller.profile.telephone ?? '').replace(/^\+/, '');
  return start(
    caller,
    purpose,
    {
      method: 'card',
      network: typeCard,
      call: (paymentId) => feexpay.initCard({ amount: purpose.montant, payer: payerOf(caller, phone), typeCard, callbackInfo: paymentId }),
    },
    idempotencyKey,
    { card: typeCard, ...input },
  );
}

export function initLink(caller: ProfileCaller, purpose: Purpose, idempotencyKey?: string) {
  if (config().FEEXPAY_PAYMENT_LINK_DISABLED) throw new ApiError('PAYMENT_LINK_DISABLED');
  return start(
    caller,
    purpose,
    {
      method: 'link',
      network: null,
      call: (paymentId) =>
        feexpay.createPaymentLink({
          amount: purpose.montant,
          description: `${purpose.type} ${paymentId}`,
          callbackUrl: `/api/payments/public/status/${paymentId}`,
          expireInSeconds: config().PAYMENT_EXPIRE_SECONDS,
        }),
    },
    idempotencyKey,
    { link: true, ...purpose },
  );
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

/**
 * The one way a payment's status changes. Moves it along the table when the outcome allows it
 * (a success is never downgraded; a success after failure or expiry is a late success), claims the
 * effects of a success in the same transaction, then applies those not applied yet.
 */
export async function settle(
  paymentId: string,
  outcome: PaymentOutcome,
  source: PaymentSource,
  audit: { by?: string; reason?: string } = {},
): Promise<{ payment: PaymentDocument; changed: boolean }> {
  const at = now();
  const result = await repository.claimChange(paymentId, (current) => {
    const next = nextState(PAYMENT_TRANSITIONS, current.statut, outcome);
    if (!next) return undefined;
    const effect = next === 'success' ? EFFECTS[current.type] : undefined;
    return {
      statut: next,
      lateSuccess: current.lateSuccess || (next === 'success' && current.statut !== 'pending'),
      history: [...current.history, { at: Timestamp.fromDate(at), from: current.statut, to: next, source, ...audit }],
      effects: effect ? { ...current.effects, [effect.name]: current.effects[effect.name] ?? 'claimed' } : current.effects,
      updatedAt: Timestamp.fromDate(at),
    };
  });
  if (result.payment.statut === 'success') await applyEffects(paymentId, result.payment);
  return result;
}

/** Applies the claimed effects that have not run yet; each is idempotent for its payment. */
async function applyEffects(paymentId: string, payment: PaymentDocument): Promise<void> {
  const effect = EFFECTS[payment.type];
  if (payment.effects[effect.name] !== 'claimed') return;
  const outcome = await effect.apply(paymentId, payment);
  await repository.markEffectDone(paymentId, effect.name, now(), outcome ? outcome.refund : undefined);
}

/** Asks the aggregator and settles accordingly; a pending answer changes nothing. */
export async function checkWithProvider(paymentId: string, payment: PaymentDocument, source: PaymentSource) {
  if (!payment.reference) return { payment, changed: false };
  const verdict = await feexpay.transactionStatus(payment.reference);
  return verdict === 'pending' ? { payment, changed: false } : settle(paymentId, verdict, source);
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * FeexPay's callback. Not signed, so a wrong shared secret drops it and a right one only says
 * "ask me": the status comes from FeexPay's status endpoint, never from the callback body.
 */
export async function handleCallback(body: z.output<typeof FeexPayCallback>, secret: string | undefined) {
  const expected = process.env.FEEXPAY_CALLBACK_SECRET;
  if (expected && !sameSecret(secret, expected)) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
  const found = body.reference
    ? await repository.findByReference(body.reference)
    : body.callback_info
      ? await repository.findPayment(body.callback_info).then((payment) => (payment ? { id: body.callback_info!, payment } : undefined))
      : undefined;
  if (!found) return { received: true as const, statut: null };
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

export async function adminSetStatus(caller: ProfileCaller, id: string, outcome: PaymentOutcome, reason: string) {
  const result = await settle(id, outcome, 'admin', { by: caller.uid, reason });
  if (!result.changed) throw new ApiError('INVALID_TRANSITION');
  return toPayment(id, result.payment);
}

export async function publicStatus(id: string) {
  const payment = await repository.findPayment(id);
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
  return { id, statut: payment.statut, type: payment.type, montant: payment.montant };
}

export async function viewPayment(caller: ProfileCaller, id: string) {
  const payment = await repository.findPayment(id);
  if (!payment || (payment.userId !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('PAYMENT_NOT_FOUND');
  return toPayment(id, payment);
}

export async function listPayments(caller: ProfileCaller, filters: { statut?: string; type?: string; userId?: string }, page: PageRequest) {
  const userId = isAdminRole(caller.role) ? filters.userId : caller.uid;
  const result = await repository.listPayments({ userId, statut: filters.statut, type: filters.type }, page);
  return toPage(page, result.items.map(({ id, payment }) => toPayment(id, payment)), result.total);
}

/**
 * The native client's flow: the client paid through the aggregator's SDK and reports the
 * reference. The payment is recorded once per reference, and settled only on the aggregator's
 * word, never the client's.
 */
export async function recordClientPayment(caller: ProfileCaller, input: z.output<typeof ClientRecord>) {
  const { reference, ...purpose } = input;
  const known = await repository.findByReference(reference);
  if (known) {
    if (known.payment.userId !== caller.uid) throw new ApiError('PAYMENT_NOT_FOUND');
    return { paymentId: known.id, statut: known.payment.statut, reference, paymentUrl: null };
  }
  await assertAmount(purpose, caller.uid);
  const payment = pendingPayment(caller.uid, purpose, 'mobile_money', 'client', reference);

  // One payment per reference, even for two records at once: the id comes from the reference.
  const id = `client_${createHash('sha256').update(reference).digest('hex').slice(0, 40)}`;
  const created = await repository.createPayment(id, payment).catch(async (error: { code?: number }) => {
    if (error.code !== 6) throw error; // ALREADY_EXISTS: the other record won
    return { id, payment: (await repository.findPayment(id))!, created: false };
  });
  try {
    const checked = await checkWithProvider(created.id, created.payment, 'client');
    return { paymentId: created.id, statut: checked.payment.statut, reference, paymentUrl: null };
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    // Recorded and pending: the poller asks again.
    return { paymentId: created.id, statut: 'pending' as const, reference, paymentUrl: null };
  }
}
