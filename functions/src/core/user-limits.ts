/**
 * The free actions limited per user (docs/api-conventions.md, "Per-user limits"): each one costs its sender nothing
 * and someone else a push, a contact, a read of many documents, or a call to a partner whose quota
 * others depend on. A route opts in with `userRateLimit: USER_LIMITS.<action>`; the settings hold the
 * counts, the windows are chosen here for each action (a conversation's pace, a day of driver
 * bookings, a map that refreshes).
 */
import { config } from './config';
import type { UserRateLimitPolicy } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const USER_LIMITS = {
  chatMessage: {
    scope: 'chat-message',
    setting: 'CHAT_MESSAGE_RATE_LIMIT_MAX',
    max: () => config().CHAT_MESSAGE_RATE_LIMIT_MAX,
    windowMs: 10 * MINUTE,
    window: '10 minutes',
  },
  chatRoom: {
    scope: 'chat-room',
    setting: 'CHAT_ROOM_RATE_LIMIT_MAX',
    max: () => config().CHAT_ROOM_RATE_LIMIT_MAX,
    windowMs: HOUR,
    window: 'hour',
  },
  tricycleContact: {
    scope: 'tricycle-contact',
    setting: 'TRICYCLE_CONTACT_RATE_LIMIT_MAX',
    max: () => config().TRICYCLE_CONTACT_RATE_LIMIT_MAX,
    windowMs: HOUR,
    window: 'hour',
  },
  driverRequest: {
    scope: 'driver-request',
    setting: 'DRIVER_REQUEST_RATE_LIMIT_MAX',
    max: () => config().DRIVER_REQUEST_RATE_LIMIT_MAX,
    windowMs: 24 * HOUR,
    window: 'day (from 00:00 UTC)',
  },
  /**
   * A driver taking a request: accepting shows its exact place, and giving it back reopens it, so
   * accept-and-release would otherwise read every open request's address.
   */
  driverAccept: {
    scope: 'driver-accept',
    setting: 'DRIVER_ACCEPT_RATE_LIMIT_MAX',
    max: () => config().DRIVER_ACCEPT_RATE_LIMIT_MAX,
    windowMs: 24 * HOUR,
    window: 'day (from 00:00 UTC)',
  },
  demoEvent: {
    scope: 'demo-event',
    setting: 'DEMO_EVENT_RATE_LIMIT_MAX',
    max: () => config().DEMO_EVENT_RATE_LIMIT_MAX,
    windowMs: HOUR,
    window: 'hour',
  },
  /**
   * A payment the native client reports: a reference not seen yet is looked up at FeexPay, whose
   * quota the webhook and the poller share, so junk references must not be free.
   */
  paymentRecord: {
    scope: 'payment-record',
    setting: 'PAYMENT_RECORD_RATE_LIMIT_MAX',
    max: () => config().PAYMENT_RECORD_RATE_LIMIT_MAX,
    windowMs: HOUR,
    window: 'hour',
  },
  /** An admin's status change of a payment: a `success` is asked of FeexPay first, from the same quota. */
  paymentAdminCheck: {
    scope: 'payment-admin-check',
    setting: 'PAYMENT_ADMIN_CHECK_RATE_LIMIT_MAX',
    max: () => config().PAYMENT_ADMIN_CHECK_RATE_LIMIT_MAX,
    windowMs: HOUR,
    window: 'hour',
  },
  /** An admin's broadcast: a task queued, then a push to every user of the audience. */
  adminMessage: {
    scope: 'admin-message',
    setting: 'ADMIN_MESSAGE_RATE_LIMIT_MAX',
    max: () => config().ADMIN_MESSAGE_RATE_LIMIT_MAX,
    windowMs: 24 * HOUR,
    window: 'day (from 00:00 UTC)',
  },
  /** Every search route shares one count: a client that floods one search cannot move to the next. */
  search: {
    scope: 'search',
    setting: 'SEARCH_RATE_LIMIT_MAX',
    max: () => config().SEARCH_RATE_LIMIT_MAX,
    anonymous: { setting: 'SEARCH_RATE_LIMIT_PER_IP_MAX', max: () => config().SEARCH_RATE_LIMIT_PER_IP_MAX },
    windowMs: MINUTE,
    window: 'minute',
  },
} as const satisfies Record<string, UserRateLimitPolicy>;
