import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest } from '../../core/pagination';
import { IDEMPOTENCY_KEY } from '../../core/request-headers';
import { ADMIN_ROLES, SENIOR_ADMIN_ROLES } from '../../core/roles';
import { USER_LIMITS } from '../../core/user-limits';
import {
  AdminStatusRequest,
  ClientRecord,
  FeexPayCallback,
  InitCard,
  NetworkParams,
  Payment,
  PaymentIdParams,
  PaymentInit,
  PaymentListQuery,
  PaymentStarted,
  PublicPaymentStatus,
  RequestToPay,
  WebhookQuery,
} from './schemas';
import { adminSetStatus } from './admin-status';
import { handleCallback } from './callback';
import { recordClientPayment } from './client-record';
import { initCard, initLink, requestToPay } from './start';
import { listPayments, publicStatus, viewPayment } from './view';

const tags = ['Payments'];
const startErrors = ['PAYMENT_TARGET_INVALID', 'AMOUNT_MISMATCH', 'IDEMPOTENCY_KEY_REUSED', 'PAYMENT_PROVIDER_UNAVAILABLE', 'RATE_LIMITED'] as const;
const started = { status: 201 as const, description: 'The pending payment and what the payer needs', data: PaymentStarted };
const idempotencyKey = (header: string | undefined) => (header && IDEMPOTENCY_KEY.test(header) ? header : undefined);
const startDescription =
  'The amount must equal the amount due for `metadata` (computed by the server). An `Idempotency-Key` header (8 to 100 letters, digits, - or _) returns the payment a retried request already made; a key whose request failed at the provider (502) may be used again. Starts are limited per payer account and per paying telephone (PAYMENT_RATE_LIMIT_*: 429 RATE_LIMITED).';

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/payments/init',
    operationId: 'startLinkPayment',
    headers: ['Idempotency-Key'],
    tags,
    summary: 'Starts a payment by FeexPay payment link',
    description: startDescription,
    access: 'profile',
    body: PaymentInit,
    errors: [...startErrors, 'PAYMENT_LINK_DISABLED'],
    success: started,
    handle: ({ caller, body, req }) => initLink(caller, body, idempotencyKey(req.get('idempotency-key'))),
  })
  .json({
    method: 'post',
    path: '/api/payments/requesttopay/:network',
    operationId: 'startMobileMoneyPayment',
    headers: ['Idempotency-Key'],
    tags,
    summary: 'Starts a mobile money payment on a network (mtn, moov, celtiis_bj, ... case-insensitive)',
    description: startDescription,
    access: 'profile',
    params: NetworkParams,
    body: RequestToPay,
    errors: [...startErrors, 'UNSUPPORTED_NETWORK', 'INVALID_TELEPHONE', 'UNSUPPORTED_COUNTRY'],
    success: started,
    handle: ({ caller, params, body, req }) => requestToPay(caller, params.network, body, idempotencyKey(req.get('idempotency-key'))),
  })
  .json({
    method: 'post',
    path: '/api/payments/initcard',
    operationId: 'startCardPayment',
    headers: ['Idempotency-Key'],
    tags,
    summary: 'Starts a card payment: the payer is sent to the aggregator’s page',
    description: startDescription,
    access: 'profile',
    body: InitCard,
    errors: startErrors,
    success: started,
    handle: ({ caller, body, req }) => initCard(caller, body, idempotencyKey(req.get('idempotency-key'))),
  })
  .json({
    method: 'post',
    path: '/api/payments/flutter/record',
    operationId: 'recordSdkPayment',
    tags,
    summary: 'Records a payment the native client made through the aggregator’s SDK',
    description:
      'Once per reference; settled only on the aggregator’s word (its status endpoint), never the client’s, and only when its transaction is this payment: the amount to the franc, XOF, our shop, live mode when live. A transaction that does not match is recorded `failed` with its `failureReason`. A reference FeexPay does not know is refused and nothing is written.',
    access: 'profile',
    // Each new reference is a FeexPay status call: counted before the reference is even read.
    userRateLimit: USER_LIMITS.paymentRecord,
    body: ClientRecord,
    errors: ['PAYMENT_TARGET_INVALID', 'AMOUNT_MISMATCH', 'PAYMENT_NOT_FOUND', 'PAYMENT_REFERENCE_UNKNOWN', 'PAYMENT_PROVIDER_UNAVAILABLE'],
    success: { status: 201, description: 'The recorded payment', data: PaymentStarted },
    handle: ({ caller, body }) => recordClientPayment(caller, body),
  })
  .json({
    method: 'post',
    path: '/api/payments/webhook',
    operationId: 'receivePaymentCallback',
    tags: ['Payments (aggregator)'],
    summary: 'FeexPay’s callback: the payment’s status is then asked from FeexPay, never taken from the body',
    description:
      'The callback URL carries FEEXPAY_CALLBACK_SECRET as `?secret=`; other calls are refused, and every call is refused while the secret is unset. FeexPay’s answer is then checked against the payment (amount, currency, shop, mode): a transaction that is not this payment fails it.',
    access: 'public',
    query: WebhookQuery,
    body: FeexPayCallback,
    errors: ['WEBHOOK_SIGNATURE_INVALID', 'PAYMENT_PROVIDER_UNAVAILABLE'],
    success: { description: 'Received', data: z.object({ received: z.literal(true), statut: z.string().nullable() }) },
    handle: ({ body, query }) => handleCallback(body, { secret: query.secret as string | undefined, payment: query.payment as string | undefined }),
  })
  .json({
    method: 'get',
    path: '/api/payments/public/status/:id',
    operationId: 'getPublicPaymentStatus',
    tags,
    summary: 'Public status of a payment: status and type only (no amount: anyone holding the id reads it)',
    access: 'public',
    params: PaymentIdParams,
    errors: ['PAYMENT_NOT_FOUND'],
    success: { description: 'The status', data: PublicPaymentStatus },
    handle: ({ params }) => publicStatus(params.id),
  })
  .list({
    method: 'get',
    path: '/api/payments',
    operationId: 'listPayments',
    tags,
    summary: 'The caller’s payments, newest first (admins: everyone’s, filtered)',
    access: 'profile',
    reads: pagedReads(),
    query: PaymentListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of payments', item: Payment },
    handle: ({ caller, query }) => listPayments(caller, query, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/payments/:id',
    operationId: 'getPayment',
    tags,
    summary: 'A payment, with its history (its payer or an admin)',
    access: 'profile',
    params: PaymentIdParams,
    errors: ['PAYMENT_NOT_FOUND'],
    success: { description: 'The payment', data: Payment },
    handle: ({ caller, params }) => viewPayment(caller, params.id),
  })
  .json({
    method: 'post',
    path: '/api/payments/admin/:id/status',
    operationId: 'setPaymentStatusAsAdmin',
    tags: ['Payments (admin)'],
    summary: 'Sets a payment’s status by hand, with a reason kept in its history and in the audit trail',
    description:
      'Follows the same table as every other path: a success is never downgraded. Any admin level may set `failed` or `expired`. `success` asks FeexPay first and is set only when its ' +
      'transaction is this payment (amount to the franc, XOF, our shop, live mode when live) and says success; otherwise it is refused (PAYMENT_PROVIDER_MISMATCH, PAYMENT_NOT_CONFIRMED with ' +
      '`details[0].reason` saying what FeexPay said, or 502 when FeexPay does not answer) and nothing is written. A principal or superAdmin may force it with `force: true` and its reason ' +
      '(other levels: 403 PAYMENT_FORCE_FORBIDDEN); the history entry says `forced`. Every change writes an audit entry (`payment.status_set`, `payment.status_forced`) in the same transaction.',
    access: 'profile',
    roles: ADMIN_ROLES,
    conditionalRoles: [{ roles: SENIOR_ADMIN_ROLES, when: 'the body says `force: true`', code: 'PAYMENT_FORCE_FORBIDDEN' }],
    // A `success` asks FeexPay first, from the quota the webhook and the poller depend on.
    userRateLimit: USER_LIMITS.paymentAdminCheck,
    params: PaymentIdParams,
    body: AdminStatusRequest,
    errors: ['PAYMENT_NOT_FOUND', 'INVALID_TRANSITION', 'PAYMENT_FORCE_FORBIDDEN', 'PAYMENT_NOT_CONFIRMED', 'PAYMENT_PROVIDER_MISMATCH', 'PAYMENT_PROVIDER_UNAVAILABLE'],
    success: { description: 'The payment', data: Payment },
    handle: ({ caller, params, body }) => adminSetStatus(caller, params.id, body),
  });
