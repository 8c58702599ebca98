/**
 * The commercial agents: what they earn until an admin sets the referral tariff, where a presence counts, their
 * targets and demonstrations.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { integer, decimal } from './readers';

export const AGENT_SETTINGS = {
  // Commercial agents (domains/agents): amounts until an admin sets the referral tariff, and the targets.
  /** Earned by an agent for each user who signs up with its code (XOF), until an admin sets the referral tariff. */
  AGENT_REFERRAL_SIGNUP_XOF: integer(150, 0),
  /** Percent of a referred user's subscription payment earned by its agent (rounded up to the franc), until an admin sets the tariff. */
  AGENT_COMMISSION_SUBSCRIPTION_PCT: decimal(10, 0, 100),
  /** Percent of a referred user's advertisement payment earned by its agent (rounded up to the franc), until an admin sets the tariff. */
  AGENT_COMMISSION_PUBLICITE_PCT: decimal(10, 0, 100),
  /**
   * Presence bonus of an agent's day whose journal has a GPS position that earns (inside the agent's
   * zone when an admin set one, on the land of a served country, accurate enough), once per agent and
   * business day.
   */
  AGENT_DAILY_PRESENCE_BONUS_XOF: integer(2000, 0),
  /** A position whose accuracy the app gives as worse than this (metres) earns no presence bonus (`precision_insuffisante`). */
  AGENT_PRESENCE_MAX_ACCURACY_M: integer(200, 1),
  /**
   * A position this close (metres, 0 to 20000) to the land of a served country counts as on it: the
   * 1:50m borders are generalized at the coast.
   */
  AGENT_PRESENCE_COAST_TOLERANCE_M: integer(1000, 0, 20_000),
  /** Prospects an agent should approach per day: the target shown in the dashboards' `daily.objectifs`. */
  AGENT_TARGET_PROSPECTS_PER_DAY: integer(20, 0),
  /** Subscriptions an agent must have sold before a withdrawal (a target of `daily.objectifs`). */
  AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS: integer(4, 0),
  /** Advertisement campaigns an agent must have sold before a withdrawal (a target of `daily.objectifs`). */
  AGENT_WITHDRAWAL_MIN_CAMPAIGNS: integer(4, 0),
  /**
   * A demonstration event of the same `eventType` and session seen again within this window (ms) is
   * answered `deduplicated` and ignored.
   */
  DEMO_EVENT_DEDUP_MS: integer(30000, 0),
  /** At most one demonstration counts per agent and user within this interval (minutes). */
  DEMO_COOLDOWN_MINUTES: integer(15, 0),
};
