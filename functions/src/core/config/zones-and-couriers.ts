/**
 * Delivery zones and their fees, and the couriers' positions.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { integer } from './readers';

export const ZONE_AND_COURIER_SETTINGS = {
  // Delivery zones and fees (domains/logistics/zones).
  /**
   * Delivery zones that may exist at once, active or not (1 to 500); creation refuses more
   * (`DELIVERY_ZONES_LIMIT`). A lookup, a quote and an order with delivery read every active zone: this
   * bounds them.
   */
  DELIVERY_ZONES_MAX: integer(100, 1, 500),
  /**
   * Public zone lookups and fee quotes together per client IP and window of `AUTH_RATE_LIMIT_WINDOW_MS`
   * (off with `AUTH_RATE_LIMIT_ENABLED`).
   */
  DELIVERY_QUOTE_RATE_LIMIT_MAX: integer(120, 1),
  // Couriers (logistics/livreurs).
  /**
   * A courier's location is written at most once per this many seconds (`POST
   * /api/livreurs/me/location`); updates in between are answered `written: false`, not stored.
   */
  LIVREUR_LOCATION_INTERVAL_SECONDS: integer(15, 1, 3600),
  /** An online courier whose last position is older is offered no delivery (its app died without going offline). */
  LIVREUR_POSITION_TTL_MINUTES: integer(30, 1),
};
