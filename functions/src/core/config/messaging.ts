/**
 * One-time codes and the channels that carry them and the notices to a user's telephone: WhatsApp
 * templates and push.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer, text, oneOf, url } from './readers';

export const MESSAGING_SETTINGS = {
  // One-time codes for password reset.
  /** Digits of a one-time code. */
  OTP_LENGTH: integer(6, 4),
  /** Lifetime of a code (10 minutes). */
  OTP_TTL_MS: integer(10 * 60 * 1000, 1000),
  /** Wrong guesses before a code is locked. */
  OTP_MAX_ATTEMPTS: integer(5, 1),
  /** Least time between two codes for one account. */
  OTP_RESEND_INTERVAL_MS: integer(60 * 1000, 0),
  /** Most codes per account and hour. */
  OTP_MAX_SENDS_PER_HOUR: integer(5, 1),
  /**
   * Wrong codes per account and business day (`BUSINESS_TIME_ZONE`), across codes; then reset is refused
   * until the next day (`OTP_DAILY_LIMIT`).
   */
  OTP_MAX_FAILED_PER_DAY: integer(10, 1),
  /** Send the code by push when the messaging channel fails (at once, or later by a `failed` status). */
  RESET_PUSH_FALLBACK: flag(false),
  /**
   * Send a telephone proof's code by push when the messaging channel fails; off because a push reaches
   * the device that asked, which proves nothing about the number.
   */
  PHONE_PROOF_PUSH_FALLBACK: flag(false),

  // Messaging channel (WhatsApp Cloud API authentication template, or the local recorder).
  /** `whatsapp` (Cloud API) or `local` (records messages in `localMessages`; the emulator's). */
  MESSAGING_DRIVER: oneOf(['whatsapp', 'local'], 'whatsapp'),
  /** Graph API base URL. */
  WHATSAPP_API_BASE_URL: url('https://graph.facebook.com'),
  /** Graph API version. */
  WHATSAPP_API_VERSION: text('v21.0', { pattern: /^v\d+\.\d+$/ }),
  /** The sending number's id. */
  WHATSAPP_PHONE_NUMBER_ID: text(''),
  /** Approved authentication template: the code is its body parameter and its copy-code button parameter. */
  WHATSAPP_OTP_TEMPLATE: text('password_reset_code', { min: 1 }),
  /** Template language for French-speaking users (English requests use `en`). */
  WHATSAPP_TEMPLATE_LANGUAGE: text('fr', { min: 2 }),
  /** Timeout of a Graph API call. */
  WHATSAPP_TIMEOUT_MS: integer(5000, 100),
  /** Approved template telling a buyer its verification report is ready (one body parameter, the listing's title); empty: not sent. */
  WHATSAPP_VERIFICATION_REPORT_TEMPLATE: text(''),

  // Push notifications (FCM, or the local recorder).
  /** `fcm` (Admin SDK messaging) or `local` (records pushes in `localPushes`; the emulator's). */
  PUSH_DRIVER: oneOf(['fcm', 'local'], 'fcm'),
  /** Sends of a push when FCM answers with a passing error; dead tokens are pruned, never retried. */
  PUSH_MAX_ATTEMPTS: integer(3, 1),
};
