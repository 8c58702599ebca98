/**
 * The counter sets of the dashboard (core/counters), one per family of events, and their shards.
 *
 * Shards come from an estimate of today's traffic: a family's
 * changes a day today x 100, spread over the day, x 20 for the busiest minutes (a campaign, the
 * expiry job settling a backlog), against about one write a second per document. Every change
 * writes its day's document and the `total` document of its set, so both take that rate.
 *   users        60/day  -> 6,000/day x100 -> 0.07/s, peak 1.4/s -> 2 shards
 *   listings    100/day  -> 10,000/day     -> 0.12/s, peak 2.3/s -> 3 shards
 *   payments    300/day  -> 30,000/day     -> 0.35/s, peak 6.9/s -> 8 shards
 *   missions     20/day  -> 2,000/day      -> 0.02/s, peak 0.5/s -> 1 shard
 *   orders       60/day  -> 6,000/day      -> 0.07/s, peak 1.4/s -> 2 shards
 *   deliveries  100/day  -> 10,000/day     -> 0.12/s, peak 2.3/s -> 3 shards
 * 19 documents a day in all: closed days are read from roll-ups instead (ROLLUP, core/counter-rollups).
 */
import type { RollupGroup } from '../../../core/counter-rollups';
import type { CounterScope } from '../../../core/counters';

/** The roll-up group of the dashboard's day counters: a closed day of every family in one document. */
const GROUP = 'stats';

export const SCOPES = {
  users: { name: 'stats.users', shards: 2, rollup: GROUP },
  listings: { name: 'stats.listings', shards: 3, rollup: GROUP },
  payments: { name: 'stats.payments', shards: 8, rollup: GROUP },
  missions: { name: 'stats.missions', shards: 1, rollup: GROUP },
  orders: { name: 'stats.orders', shards: 2, rollup: GROUP },
  deliveries: { name: 'stats.deliveries', shards: 3, rollup: GROUP },
} as const satisfies Record<string, CounterScope>;

export type Family = keyof typeof SCOPES;

/** The families' day counters, rolled up together: `values.{day}.{family}` in each roll-up. */
export const ROLLUP: RollupGroup = { name: GROUP, members: SCOPES };
