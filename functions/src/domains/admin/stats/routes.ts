/** `/api/admin/stats`: the dashboard's figures for a range of days, read from counters. */
import { ApiRouter } from '../../../core/http';
import { ADMIN_ROLES } from '../../../core/roles';
import { DashboardStats, DEFAULT_RANGE_DAYS, FIRST_STATS_DAY, MAX_RANGE_DAYS, StatsQuery } from './schemas';
import { dashboardStats } from './service';

const tags = ['Dashboard statistics (admin)'];

export const router = new ApiRouter().json({
  method: 'get',
  path: '/api/admin/stats',
  tags,
  summary: 'Dashboard figures: users, listings, payments, missions, orders and deliveries, now and over a range of days',
  description: [
    `A range of business days (BUSINESS_TIME_ZONE), both included: by default the last ${DEFAULT_RANGE_DAYS}; \`from\` alone runs to today; at most ${MAX_RANGE_DAYS} (STATS_RANGE_TOO_LONG), \`from\` not after \`to\` (STATS_RANGE_INVERTED), no day before ${FIRST_STATS_DAY} nor after today (STATS_RANGE_OUT_OF_BOUNDS).`,
    'Totals over the range (`signups.total` and `byRole`, `revenue`) are the sums of the day rows listed with them.',
    '`current` figures are gauges (how many are in each status or role now); the others are what happened in the range.',
    'Every figure comes from counters the subscribers of the domain events keep (README, "Dashboard statistics"): the request reads (days + 1) x 19 counter documents by id, never a collection.',
  ].join(' '),
  access: 'profile',
  roles: ADMIN_ROLES,
  query: StatsQuery,
  errors: ['STATS_RANGE_INVERTED', 'STATS_RANGE_TOO_LONG', 'STATS_RANGE_OUT_OF_BOUNDS'],
  success: { description: 'The figures', data: DashboardStats },
  handle: ({ query }) => dashboardStats(query),
});
