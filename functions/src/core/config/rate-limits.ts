/**
 * The rate limits: per address on the authentication routes, and per user on the free actions.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer } from './readers';

export const RATE_LIMIT_SETTINGS = {
  // Authentication rate limit, shared by every instance through Firestore.
  /** Turns on the rate limits of `/api/auth/*`, `/api/push-otp/*` (per address and per account) and the per-address ones of public routes. */
  AUTH_RATE_LIMIT_ENABLED: flag(true),
  /** Requests per client IP and window on the auth routes. */
  AUTH_RATE_LIMIT_MAX: integer(40, 1),
  /** The window of the per-address rate limits (15 minutes). */
  AUTH_RATE_LIMIT_WINDOW_MS: integer(15 * 60 * 1000, 1000),
  /**
   * Requests of the auth and code routes per telephone and per account (each counted) and window of
   * `AUTH_RATE_LIMIT_WINDOW_MS`, whatever address they come from (docs/api-conventions.md, Limits keyed by account).
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT_MAX: integer(10, 1),
  /** `POST /api/notifications/test` per client IP and window of `AUTH_RATE_LIMIT_WINDOW_MS`. */
  TEST_NOTIFICATION_RATE_LIMIT_MAX: integer(10, 1),

  // Per-user limits of free actions (core/user-limits.ts holds their windows): each message,
  // contact or request is pushed to someone or read from many documents, and costs the sender nothing.
  /** Turns on the per-user limits of free actions (docs/api-conventions.md, Per-user limits); off in the tests except theirs. */
  USER_RATE_LIMIT_ENABLED: flag(true),
  /** Chat messages per user and 10 minutes. */
  CHAT_MESSAGE_RATE_LIMIT_MAX: integer(60, 1),
  /** Chat rooms opened (or found) per user and hour. */
  CHAT_ROOM_RATE_LIMIT_MAX: integer(30, 1),
  /** Tricycle contacts per buyer and hour. */
  TRICYCLE_CONTACT_RATE_LIMIT_MAX: integer(20, 1),
  /** Driver requests created per buyer and day (from 00:00 UTC). */
  DRIVER_REQUEST_RATE_LIMIT_MAX: integer(10, 1),
  /** Driver requests a driver accepts per day (from 00:00 UTC). */
  DRIVER_ACCEPT_RATE_LIMIT_MAX: integer(10, 1),
  /** Demonstration events per user and hour. */
  DEMO_EVENT_RATE_LIMIT_MAX: integer(120, 1),
  /** Searches per signed-in user and minute, all search routes together. */
  SEARCH_RATE_LIMIT_MAX: integer(60, 1),
  /** Searches without a token (the public listing searches) per client address and minute: many users may share one address. */
  SEARCH_RATE_LIMIT_PER_IP_MAX: integer(300, 1),
  /**
   * Payments recorded from the native SDK (`POST /api/payments/flutter/record`) per user and hour: each new
   * reference costs a FeexPay status call, from the quota the webhook and the poller depend on.
   */
  PAYMENT_RECORD_RATE_LIMIT_MAX: integer(10, 1),
  /** Payment status changes (`POST /api/payments/admin/{id}/status`) per admin and hour: a `success` is asked of FeexPay first. */
  PAYMENT_ADMIN_CHECK_RATE_LIMIT_MAX: integer(60, 1),
  /** Broadcasts per admin and day (from 00:00 UTC): each one pushes to every user of its audience. */
  ADMIN_MESSAGE_RATE_LIMIT_MAX: integer(20, 1),
};
