/**
 * In-app notifications, broadcasts, and the domain events' outbox.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer } from './readers';

export const NOTIFICATION_AND_EVENT_SETTINGS = {
  // Notifications.
  /** In-app notifications are deleted this long after they were written (TTL on `expireAt`). */
  NOTIFICATION_RETENTION_DAYS: integer(180, 1),
  /** Recipients of an admin broadcast written per task (1 to 450: one transaction). */
  ADMIN_MESSAGE_PAGE_SIZE: integer(200, 1, 450),
  /** Deliver broadcasts through the `sendAdminMessage` task queue (the in-process tests turn it off and run the pages themselves). */
  ADMIN_MESSAGE_TASKS_ENABLED: flag(true),

  // Domain events (core/events).
  /**
   * Hand each domain event to its subscribers in the process that emitted it, right after the commit
   * (the tests); otherwise the `dispatchEvents` trigger does.
   */
  EVENTS_DISPATCH_INLINE: flag(false),
  /**
   * A subscriber's run is leased this long; past it the sweep takes it again (its worker died). Also the
   * grace given to the trigger before the sweep hands out an event.
   */
  EVENT_LEASE_SECONDS: integer(120, 1),
  /** Runs of a subscriber for one event before it is parked for an admin. */
  EVENT_MAX_ATTEMPTS: integer(6, 1),
  /** Wait before the first retry of a failed run, doubled at each attempt. */
  EVENT_RETRY_BASE_SECONDS: integer(30, 1),
  /** Events and their runs are deleted this long after the event (TTL on `expireAt`). */
  EVENT_RETENTION_DAYS: integer(30, 1),
  /** Documents of the realtime feeds (`users/{uid}/realtime`) are deleted this long after they were written (TTL on `expireAt`). */
  REALTIME_FEED_TTL_DAYS: integer(7, 1),
};
