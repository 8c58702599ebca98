/**
 * Tricycles near a buyer, and the offer rounds of a delivery.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer, decimal } from './readers';

export const TRICYCLE_AND_DELIVERY_SETTINGS = {
  // Tricycles (logistics/tricycles).
  /** A tricycle driver's GPS stream stores at most one position per this many seconds; the others are answered `throttled`. */
  TRICYCLE_LOCATION_INTERVAL_SECONDS: integer(10, 0),
  /**
   * An online tricycle driver whose last position is older is neither found nearby nor contactable (its
   * app died without going offline).
   */
  TRICYCLE_POSITION_TTL_MINUTES: integer(15, 1),
  /** A buyer opens a contact closed (or declined) a moment ago again only this long after: no notice flood by open-close loops. */
  TRICYCLE_CONTACT_REOPEN_SECONDS: integer(120, 0, 86_400),
  /** Radius of the nearby tricycle search when the buyer gives none (km). */
  TRICYCLE_SEARCH_RADIUS_KM: decimal(5, 0.1, 50),
  /** Online drivers read per geohash cell of a nearby search (core/nearby: 2 to 6 cells for 5 km, at most 64, `MAX_COVERING_CELLS`). */
  TRICYCLE_NEARBY_PER_CELL: integer(100, 1, 1000),
  /** Driver documents one nearby search reads at most, whatever its radius: cells are read nearest first until it is spent. */
  TRICYCLE_NEARBY_MAX_READS: integer(500, 1, 10_000),
  // Deliveries (domains/logistics/deliveries): the offer rounds (the close of a delivery proved by photo: DELIVERY_DISPUTE_WINDOW_HOURS below).
  /** Radius added to the delivery settings' `rayonKm` at each new round of offers of a delivery (km). */
  DELIVERY_ROUND_RADIUS_STEP_KM: decimal(5, 0, 200),
  /** Rounds of offers before a delivery stays `commande` with `sansLivreur` (the buyer told, admins relaunch it). */
  DELIVERY_MAX_ROUNDS: integer(3, 1, 20),
  /** Online couriers offered a delivery per round, nearest first. */
  DELIVERY_OFFERS_PER_ROUND: integer(20, 1, 100),
  /** Queue the `deliveryRound` and `closeDelivery` tasks (the in-process tests turn it off and call the handlers with the clock moved). */
  DELIVERY_TASKS_ENABLED: flag(true),
  /**
   * Wrong handover codes a delivery takes before code entry is locked (`DELIVERY_CODE_LOCKED`); then
   * only the buyer's confirmation, a photo proof or an admin closes it.
   */
  DELIVERY_CODE_MAX_ATTEMPTS: integer(5, 1, 100),
  /** Deliveries a courier may hold at once (`assigne`, `en_cours`); one more accept: `DELIVERY_COURIER_BUSY`. */
  DELIVERY_MAX_ACTIVE_PER_COURIER: integer(5, 1, 100),
};
