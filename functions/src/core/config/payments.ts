/**
 * Payments through FeexPay and their limits, and the prices that hold until an admin sets them.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer, text, oneOf, url } from './readers';

export const PAYMENT_SETTINGS = {
  // Payments through FeexPay.
  /** FeexPay API (request to pay, card, status). */
  FEEXPAY_BASE_URL: url('https://api.feexpay.me'),
  /** FeexPay payment-link API (`POST {base}/api/feexlink/api-create`). */
  FEEXPAY_LINK_BASE_URL: url('https://api.feexpay.me'),
  /** The shop identifier at FeexPay. */
  FEEXPAY_SHOP_ID: text(''),
  /**
   * `SANDBOX` or `LIVE`: the mode of payment links, and a `LIVE` service believes only `LIVE`
   * transactions. No default in a function (deployed or emulated): a function without it stops at its
   * first request naming it, since a live service that silently believed sandbox transactions would sell
   * for nothing. Scripts need it only to pay.
   */
  FEEXPAY_MODE: oneOf(['SANDBOX', 'LIVE'], undefined),
  /**
   * Public URL of `POST /api/payments/webhook` (`https://<site>/api/payments/webhook`): payment links
   * call it back (with `?secret=` and the payment's id); links fail until it is set.
   */
  FEEXPAY_CALLBACK_URL: url('', { orEmpty: true }),
  /** Turns `POST /api/payments/init` (payment links) off; mobile money and card still work. */
  FEEXPAY_PAYMENT_LINK_DISABLED: flag(false),
  /** Timeout of a FeexPay call; a timeout is "provider unavailable". */
  FEEXPAY_TIMEOUT_MS: integer(10000, 100),
  /** A pending payment's lifetime; it expires after it, checked with the aggregator one last time. */
  PAYMENT_EXPIRE_SECONDS: integer(900, 30),
  /** Never expire pending payments locally (the aggregator's word only). */
  PAYMENT_LOCAL_EXPIRY_DISABLED: flag(false),
  /** Queue one expiry task per payment (off: the poller alone expires payments). */
  PAYMENT_EXPIRY_TASKS_ENABLED: flag(true),
  /**
   * Limit payment starts (`/init`, `/initcard`, `/requesttopay/*`) per account and per paying telephone:
   * no prompt flood at a stranger's phone.
   */
  PAYMENT_RATE_LIMIT_ENABLED: flag(true),
  /** Payments one account may start per window. */
  PAYMENT_RATE_LIMIT_PER_USER: integer(10, 1),
  /** Mobile money prompts (and card payments) one telephone may receive per window, whoever starts them. */
  PAYMENT_RATE_LIMIT_PER_TELEPHONE: integer(5, 1),
  /** The window of the payment limits (1 hour). */
  PAYMENT_RATE_LIMIT_WINDOW_MS: integer(60 * 60 * 1000, 1000),

  // Prices until an admin sets them (XOF).
  /** Seller subscription, XOF per month of 30 days, until an admin sets it. */
  SUBSCRIPTION_PRICE_PER_MONTH: integer(5000, 0),
  /** Forwarder subscription, XOF per month of 30 days, until an admin sets it. */
  TRANSITAIRE_SUBSCRIPTION_PRICE_PER_MONTH: integer(5000, 0),
  /** Article verification, XOF, until an admin sets it. */
  VERIFICATION_PRICE: integer(20000, 0),
  /** Days of free seller access from sign-up. */
  SELLER_TRIAL_DAYS: integer(45, 0),
  /**
   * Sellers' parts shown again per transaction on a renewal, and per batch of the hourly
   * `hideLapsedSellerParts` job (1 to 450; a run does at most 10 batches).
   */
  SELLER_PARTS_BATCH_SIZE: integer(200, 1, 450),
};
