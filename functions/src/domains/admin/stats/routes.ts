/** `/api/admin/stats`: the dashboard's figures for a range of days, read from counters. */
import { ApiRouter } from '../../../core/http';
import { fixedReads } from '../../../core/read-ceiling';
import { ADMIN_ROLES } from '../../../core/roles';
import { DashboardStats, DEFAULT_RANGE_DAYS, FIRST_STATS_DAY, MAX_RANGE_DAYS, StatsQuery } from './schemas';
import { dashboardStats, STATS_DAY_READS, STATS_GAUGE_READS } from './service';

const tags = ['Dashboard statistics (admin)'];

export const router = new ApiRouter().json({
  method: 'get',
  path: '/api/admin/stats',
  operationId: 'getAdminStats',
  tags,
  summary: 'Dashboard figures: users, listings, payments, missions, orders and deliveries, now and over a range of days',
  description: [
    `A range of business days (BUSINESS_TIME_ZONE), both included: by default the last ${DEFAULT_RANGE_DAYS}; \`from\` alone runs to today; at most ${MAX_RANGE_DAYS} (STATS_RANGE_TOO_LONG), \`from\` not after \`to\` (STATS_RANGE_INVERTED), no day before ${FIRST_STATS_DAY} nor after today (STATS_RANGE_OUT_OF_BOUNDS).`,
    'Totals over the range (`signups.total` and `byRole`, `revenue`) are the sums of the day rows listed with them.',
    '`current` figures are gauges (how many are in each status or role now); the others are what happened in the range.',
    'Every figure comes from counters the subscribers of the domain events keep (docs/guides/admin.md, "Dashboard statistics"), read by id, never a collection: the gauges, the days not closed yet (today, and yesterday for an hour after midnight), and a roll-up per closed month and per closed day of the current month.',
  ].join(' '),
  access: 'profile',
  roles: ADMIN_ROLES,
  query: StatsQuery,
  reads: fixedReads(
    STATS_GAUGE_READS + STATS_DAY_READS,
    `the ${STATS_GAUGE_READS} shards of the gauges, and for the days at most ${STATS_DAY_READS}: the ${STATS_GAUGE_READS} shards of each day not closed yet (today, and yesterday for an hour after midnight), a roll-up per closed month and per closed day of a month still open, and the late mark of each month with a closed day. The first request that needs a closed day or month not rolled up yet also reads its days' shards once (${STATS_GAUGE_READS} a day) and writes the roll-up.`,
  ),
  errors: ['STATS_RANGE_INVERTED', 'STATS_RANGE_TOO_LONG', 'STATS_RANGE_OUT_OF_BOUNDS'],
  success: { description: 'The figures', data: DashboardStats },
  handle: ({ query }) => dashboardStats(query),
});
