/**
 * The error codes of the payments domain (payments and the admins’ powers over them): each with its
 * HTTP status, its messages and, in its doc comment, when it is answered (core/error-codes.ts says
 * how the tables are merged; docs/error-codes.md is generated from them). The manifest (module.ts)
 * carries the table.
 */
import type { CodesOf, ErrorTable } from '../../core/error-codes';

export const errors = {
  // Payments
  /** A mobile money network outside DOMAIN.md's list. */
  UNSUPPORTED_NETWORK: {
    status: 400,
    fr: 'Ce réseau de paiement n’est pas pris en charge.',
    en: 'This payment network is not supported.',
  },
  /** The amount sent is not the amount due, which the server computes. */
  AMOUNT_MISMATCH: {
    status: 400,
    fr: 'Le montant ne correspond pas au montant dû.',
    en: 'The amount does not match the amount due.',
  },
  /** Payment links are turned off (`FEEXPAY_PAYMENT_LINK_DISABLED`). */
  PAYMENT_LINK_DISABLED: {
    status: 400,
    fr: 'Le paiement par lien est désactivé. Payez par mobile money ou par carte.',
    en: 'Payment links are turned off. Pay by mobile money or card.',
  },
  /** No such payment, or not the caller's. */
  PAYMENT_NOT_FOUND: {
    status: 404,
    fr: 'Paiement introuvable.',
    en: 'Payment not found.',
  },
  /** `flutter/record` of a reference FeexPay knows no transaction for; nothing is written. */
  PAYMENT_REFERENCE_UNKNOWN: {
    status: 404,
    fr: 'Le prestataire de paiement ne connaît aucune transaction avec cette référence.',
    en: 'The payment provider knows no transaction with this reference.',
  },
  /** What is paid does not exist, is not the caller's, or no longer awaits payment. */
  PAYMENT_TARGET_INVALID: {
    status: 409,
    fr: 'Ce qui doit être payé n’existe pas, n’est pas à vous ou n’attend plus de paiement.',
    en: 'What is to be paid does not exist, is not yours or no longer awaits payment.',
  },
  /** An `Idempotency-Key` already used for a different request. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    fr: 'Cette clé d’idempotence a déjà servi pour une autre demande.',
    en: 'This idempotency key was already used for another request.',
  },
  /** FeexPay is down or answered 5xx; the payment is `failed`, nothing else changed. */
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    fr: 'Le service de paiement ne répond pas. Réessayez dans quelques minutes.',
    en: 'The payment service does not answer. Try again in a few minutes.',
  },
  // Admin powers (DOMAIN.md): a success FeexPay does not vouch for, and who may force one
  /**
   * An admin setting a payment to `success` that FeexPay does not confirm: no reference, a reference it
   * does not know, or its verdict is pending or failed (`details[0].reason`); nothing is written.
   */
  PAYMENT_NOT_CONFIRMED: {
    status: 409,
    fr: 'Le prestataire de paiement ne confirme pas la réussite de ce paiement.',
    en: 'The payment provider does not confirm this payment as successful.',
  },
  /**
   * An admin setting a payment to `success` whose FeexPay transaction is not this payment
   * (`details[0].reason`: `amount_mismatch`, `shop_mismatch`, `currency_mismatch`, `mode_mismatch`,
   * `reference_mismatch`); nothing is written.
   */
  PAYMENT_PROVIDER_MISMATCH: {
    status: 409,
    fr: 'La transaction du prestataire de paiement n’est pas ce paiement (montant, devise, boutique ou mode différents).',
    en: 'The payment provider’s transaction is not this payment (amount, currency, shop or mode differ).',
  },
  /** `force: true` on a payment's admin status from an admin level other than `principal` and `superAdmin`. */
  PAYMENT_FORCE_FORBIDDEN: {
    status: 403,
    fr: 'Seul un principal ou un superAdmin peut forcer la réussite d’un paiement sans la confirmation du prestataire.',
    en: 'Only a principal or superAdmin may force a payment’s success without the payment provider’s confirmation.',
  },
} as const satisfies ErrorTable;

declare module '../../core/error-codes' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the table
  interface ErrorCatalog extends CodesOf<'payments', typeof errors> {}
}
