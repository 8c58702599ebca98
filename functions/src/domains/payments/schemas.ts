import { z } from 'zod';
import { documentId, isDocumentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { CountryCode, TelephoneInput } from '../geo';
import { MISMATCH_REASONS, PAYMENT_TYPES } from './model';
import { PAYMENT_STATUSES } from './state';

/** DOMAIN.md's networks for `requesttopay/{network}`; the path is matched case-insensitively. */
export const NETWORKS = [
  'mtn', 'moov', 'celtiis_bj', 'coris', 'togocom_tg', 'moov_tg', 'mtn_ci', 'moov_ci', 'orange_ci',
  'wave_ci', 'orange_sn', 'wave_sn', 'free_sn', 'moov_bf', 'orange_bf',
] as const;

const purpose = {
  type: z.enum(PAYMENT_TYPES),
  // min(1): whole francs, documented `minimum: 1` (an exclusive 0 reads as "0 allowed" to clients that ignore exclusiveMinimum).
  montant: z.number().int().min(1).meta({ description: 'XOF (at least 1); must equal the amount due, computed by the server.' }),
  metadata: z
    // Values name documents (`achatId`, `publiciteId`, `articleId`) or counts (`months`).
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().min(1).max(200).refine(isDocumentId, { message: 'Not a document id.' }))
    .refine((value) => Object.keys(value).length <= 10, { message: 'At most 10 entries.' })
    .meta({ description: 'What is paid: `publiciteId` for `publicite`; the other types name their object likewise.' }),
};

export const PaymentInit = z.strictObject(purpose).meta({ id: 'PaymentInit', description: 'A payment by payment link.' });
export const RequestToPay = z.strictObject({
  ...purpose,
  telephone: TelephoneInput.meta({ description: 'The mobile money number that pays.' }),
  pays: CountryCode.optional(),
  otp: z.string().regex(/^\d{4,8}$/).optional().meta({ description: 'For networks that ask for one (Orange...).' }),
});
export const ClientRecord = z.strictObject({
  ...purpose,
  reference: z.string().min(4).max(200).meta({ description: 'The aggregator’s reference of the transaction the native client made.' }),
});
export const InitCard = z.strictObject({ ...purpose, typeCard: z.enum(['VISA', 'MASTERCARD']) });
export const NetworkParams = z.strictObject({ network: z.string().min(2).max(20) });
export const PaymentIdParams = z.strictObject({ id: documentId('PAYMENT_NOT_FOUND') });

export const PaymentStarted = z.object({
  paymentId: z.string(),
  statut: z.enum(PAYMENT_STATUSES),
  reference: z.string().nullable(),
  paymentUrl: z.string().nullable().meta({ description: 'Page to send the payer to (card, payment link), when there is one.' }),
});

export const Payment = z
  .object({
    id: z.string(),
    userId: z.string(),
    montant: z.number().int(),
    reference: z.string().nullable(),
    statut: z.enum(PAYMENT_STATUSES),
    type: z.enum(PAYMENT_TYPES),
    metadata: z.record(z.string(), z.string()),
    method: z.enum(['mobile_money', 'card', 'link']),
    network: z.string().nullable(),
    lateSuccess: z.boolean(),
    refund: z
      .object({
        reason: z.string(),
        statut: z.literal('a_rembourser'),
        montant: z.number().int().meta({ description: 'XOF to give back: the whole payment, or less when a delivery’s outcome keeps its fee (docs/guides/logistics.md, "Deliveries").' }),
      })
      .nullable()
      .meta({ description: 'Money to give back: what was paid for went to another payer, was cancelled, or was already paid by another payment.' }),
    failureReason: z
      .enum(MISMATCH_REASONS)
      .nullable()
      .meta({ description: 'Why FeexPay’s answer was not believed: its transaction is not this payment (reference, amount, currency, shop or mode). The payment is `failed` and had no effect.' }),
    history: z.array(
      z.object({
        at: z.string(),
        from: z.string(),
        to: z.string(),
        source: z.string(),
        reason: z.string().optional(),
        forced: z.literal(true).optional().meta({ description: 'A success an admin forced without FeexPay’s matching answer (see the audit trail).' }),
      }),
    ),
    createdAt: z.string(),
  })
  .meta({ id: 'Payment' });

/**
 * What anyone holding a payment's id reads: no amount. A seller finds the id of an order's payment on
 * its wallet entries; with the amount it would learn the order's total, and so the other sellers' share.
 */
export const PublicPaymentStatus = z.object({ id: z.string(), statut: z.enum(PAYMENT_STATUSES), type: z.enum(PAYMENT_TYPES) });

export const PaymentListQuery = PaginationQuery.extend({
  statut: z.enum(PAYMENT_STATUSES).optional(),
  type: z.enum(PAYMENT_TYPES).optional(),
  userId: z.string().min(1).max(128).optional().meta({ description: 'Admins only: someone else’s payments.' }),
  failureReason: z.enum(MISMATCH_REASONS).optional().meta({ description: 'Admins: the payments FeexPay’s answer did not match, by reason.' }),
});

export const AdminStatusRequest = z.strictObject({
  statut: z.enum(['success', 'failed', 'expired']),
  reason: z.string().trim().min(5).max(500).meta({ description: 'Why: kept in the payment’s history and in the audit trail.' }),
  force: z
    .boolean()
    .optional()
    .meta({
      description:
        '`success` only: set it even though FeexPay does not confirm a matching successful transaction (principal and superAdmin only: PAYMENT_FORCE_FORBIDDEN for other admin levels). Without it such a success is refused.',
    }),
});

/** FeexPay's callback: read loosely (it adds fields), acted on only after asking FeexPay. */
export const FeexPayCallback = z.looseObject({
  reference: z.string().min(1).max(200).optional(),
  status: z.string().max(50).optional(),
  callback_info: z.string().max(200).optional(),
});
export const WebhookQuery = z.looseObject({
  secret: z.string().max(200).optional(),
  payment: z.string().max(200).optional().meta({ description: 'The payment a payment link’s callback is for (links carry no `callback_info`).' }),
});
