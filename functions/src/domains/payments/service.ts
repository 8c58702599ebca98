/* eslint-disable boundaries/status-via-machine -- issue 35: this file's statuses move to their machine next */
/**
 * Payments. The amount is the server's (computed from what is paid); the aggregator is asked to
 * collect it; its verdict — from the webhook (re-checked with its status endpoint), the poller,
 * the expiry task, the native client's record or an admin — goes through `settle`
 * (settlement.ts), which claims the transition in a transaction, so each transition happens once
 * and each effect of a success is applied once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import * as feexpay from '../../adapters/payments/feexpay';
import { enqueue } from '../../adapters/tasks/queue';
import { PartnerError } from '../../adapters/http-client';
import type { ProfileCaller } from '../../core/auth';
import { audit } from '../../core/audit';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { isDocumentId } from '../../core/document-id';
import { COLLECTIONS } from '../../core/firestore';
import { nextState } from '../../core/fsm';
import { ApiError } from '../../core/errors';
import { type PageRequest, toPage } from '../../core/pagination';
import { isAdminRole, isSeniorAdminRole } from '../../core/roles';
import { optionalSecret, secret } from '../../core/secrets';
import { normalizeTelephone } from '../geo';
import type { PaymentDocument } from './model';
import { amountDueFor } from '../../core/payables';
import * as repository from './repository';
import type { ClientRecord, FeexPayCallback, InitCard, Payment, PaymentInit, RequestToPay } from './schemas';
import { NETWORKS } from './schemas';
import { checkWithProvider, providerWord, settle, settleOnAnswer } from './settlement';
import { assertStartAllowed } from './start-limits';
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
    refund: payment.refund ? { ...payment.refund, montant: payment.refund.montant ?? payment.montant } : null,
    failureReason: payment.failureReason ?? null,
    history: payment.history.map((entry) => ({
      at: entry.at.toDate().toISOString(),
      from: entry.from,
      to: entry.to,
      source: entry.source,
      ...(entry.reason ? { reason: entry.reason } : {}),
      ...(entry.forced ? { forced: true as const } : {}),
    })),
    createdAt: payment.createdAt.toDate().toISOString(),
  };
}

/** The amount is never the client's: it must equal what the server computes for the target. */
async function assertAmount(purpose: Purpose, payer: string): Promise<void> {
  const due = await amountDueFor(purpose.type, purpose.metadata, payer);
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
  const payment = pendingPayment(caller.uid, purpose, how.method, how.network, null);
  const created = await repository.createPayment(repository.newPaymentId(), payment, idempotency);
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

/**
 * An admin sets a payment's status, with a reason. Any admin level may mark it `failed` or
 * `expired`, and `success` when FeexPay confirms a matching successful transaction (asked first,
 * checked field by field like every other path). A success FeexPay does not vouch for is refused
 * (PAYMENT_PROVIDER_MISMATCH, PAYMENT_NOT_CONFIRMED, or 502 when it does not answer), unless a
 * principal or superAdmin forces it (`force`, DOMAIN.md "Admin powers"); other levels asking to
 * force get PAYMENT_FORCE_FORBIDDEN before anything is asked or written. Each change writes its
 * audit entry in the transaction that makes it; a refusal writes nothing.
 */
export async function adminSetStatus(caller: ProfileCaller, id: string, input: { statut: PaymentOutcome; reason: string; force?: boolean }) {
  const { statut: outcome, reason } = input;
  const force = input.force === true;
  if (force && !isSeniorAdminRole(caller.role)) throw new ApiError('PAYMENT_FORCE_FORBIDDEN');
  const payment = await repository.findPayment(id);
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
  // Nothing to ask FeexPay about when the table refuses the move anyway (a success is final).
  if (!nextState(PAYMENT_TRANSITIONS, payment.statut, outcome)) throw new ApiError('INVALID_TRANSITION');
  let forced = false;
  let provider: string | undefined;
  if (outcome === 'success') {
    const word = await providerWord(payment);
    provider = word.said;
    if (!word.confirmed) {
      if (!force) {
        if (word.said === 'unavailable') throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
        const detail = [{ field: 'provider', reason: word.said, hint: 'What FeexPay said of this payment’s transaction.' }];
        throw new ApiError(word.mismatch ? 'PAYMENT_PROVIDER_MISMATCH' : 'PAYMENT_NOT_CONFIRMED', detail);
      }
      forced = true;
    }
  }
  const result = await settle(id, outcome, 'admin', { by: caller.uid, reason, ...(forced ? { forced: true } : {}) }, (tx, current, next) =>
    audit(tx, {
      actor: caller,
      action: forced ? 'payment.status_forced' : 'payment.status_set',
      target: { collection: COLLECTIONS.payments, id },
      before: { statut: current.statut },
      after: { statut: next },
      reason,
      context: { montant: current.montant, type: current.type, ...(provider ? { provider } : {}) },
    }),
  );
  if (!result.changed) throw new ApiError('INVALID_TRANSITION');
  return toPayment(id, result.payment);
}

export async function publicStatus(id: string) {
  const payment = await repository.findPayment(id);
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
  return { id, statut: payment.statut, type: payment.type };
}

export async function viewPayment(caller: ProfileCaller, id: string) {
  const payment = await repository.findPayment(id);
  if (!payment || (payment.userId !== caller.uid && !isAdminRole(caller.role))) throw new ApiError('PAYMENT_NOT_FOUND');
  return toPayment(id, payment);
}

export async function listPayments(
  caller: ProfileCaller,
  filters: { statut?: string; type?: string; userId?: string; failureReason?: string },
  page: PageRequest,
) {
  const admin = isAdminRole(caller.role);
  const userId = admin ? filters.userId : caller.uid;
  const failureReason = admin ? filters.failureReason : undefined;
  const result = await repository.listPayments({ userId, statut: filters.statut, type: filters.type, failureReason }, page);
  return toPage(page, result.items.map(({ id, payment }) => toPayment(id, payment)), result.total);
}

/**
 * The native client's flow: the client paid through the aggregator's SDK and reports the
 * reference. FeexPay is asked first: a reference it does not know is refused and nothing is
 * written; one it cannot be asked about is refused too (502, the client tries again), so no
 * payment waits forever on junk. A known transaction is recorded once per reference and settled
 * on FeexPay's answer, checked field by field like every other path.
 */
export async function recordClientPayment(caller: ProfileCaller, input: z.output<typeof ClientRecord>) {
  const { reference, ...purpose } = input;
  const known = await repository.findByReference(reference);
  if (known) {
    if (known.payment.userId !== caller.uid) throw new ApiError('PAYMENT_NOT_FOUND');
    return { paymentId: known.id, statut: known.payment.statut, reference, paymentUrl: null };
  }
  await assertAmount(purpose, caller.uid);
  const answer = await feexpay.transactionStatus(reference).catch((error: unknown) => {
    if (!(error instanceof PartnerError)) throw error;
    throw new ApiError('PAYMENT_PROVIDER_UNAVAILABLE');
  });
  if (!answer) throw new ApiError('PAYMENT_REFERENCE_UNKNOWN');
  const payment = pendingPayment(caller.uid, purpose, 'mobile_money', 'client', reference);

  // One payment per reference, even for two records at once: the id comes from the reference.
  const id = `client_${createHash('sha256').update(reference).digest('hex').slice(0, 40)}`;
  // Two records at once meet in createPayment's transaction: the other record's payment comes back.
  const created = await repository.createPayment(id, payment);
  if (created.payment.userId !== caller.uid) throw new ApiError('PAYMENT_NOT_FOUND');
  const checked = await settleOnAnswer(created.id, created.payment, answer, 'client');
  return { paymentId: created.id, statut: checked.payment.statut, reference, paymentUrl: null };
}
