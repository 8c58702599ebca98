/**
 * The dashboard's figures for a range of business days, read from the counters the subscribers keep
 * (subscribers.ts): the days from their roll-ups where closed (core/counter-rollups: a document per
 * closed month, one per closed day of the open month) and from their shards otherwise, and each
 * family's `total` shards (the gauges), by id, whatever the number of events behind them.
 */
import type { z } from 'zod';
import { now } from '../../../core/clock';
import { readDays } from '../../../core/counter-rollups';
import { type CounterValues, dayOf, readPeriods, sumValues, TOTAL } from '../../../core/counters';
import { addDays, daysApart, daysBetween } from '../../../core/days';
import { ApiError } from '../../../core/errors';
import { ROLES } from '../../../core/roles';
import { DEFAULT_RANGE_DAYS, type DashboardStats, FIRST_STATS_DAY, MAX_RANGE_DAYS } from './schemas';
import { type Family, ROLLUP, SCOPES } from './scopes';
import { DELIVERY_STATUSES, LISTING_STATUSES, MISSION_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from './statuses';

type Stats = z.input<typeof DashboardStats>;

/**
 * The most documents a range's days read once its closed days are rolled up (core/counter-rollups,
 * planReads): 2 days not closed yet (today, and yesterday for the hour after midnight) x 19 shards,
 * 30 roll-ups of the closed days of a month still open, 3 of closed months and the late marks of
 * the 4 months with a closed day: 75 at worst (the hour after midnight on the 1st of a month, the
 * previous month not closed yet). test/admin/admin-stats-rollups.test.ts checks it over every range end
 * of two years.
 */
export const STATS_DAY_READS = 75;
/** The gauges: every family's `total` shards. */
export const STATS_GAUGE_READS = Object.values(SCOPES).reduce((total, scope) => total + scope.shards, 0);

/**
 * The range asked for, with its defaults: `to` is today unless given (`from` alone runs to today),
 * `from` DEFAULT_RANGE_DAYS - 1 days before `to` unless given (not before FIRST_STATS_DAY). Refused:
 * a day before FIRST_STATS_DAY or after today (days not counted yet would read as zeros), an
 * inverted range, a range longer than MAX_RANGE_DAYS. Every day is a four-digit-year key, once.
 */
export function rangeOf(query: { from?: string; to?: string }): { from: string; to: string; days: string[] } {
  const today = dayOf(now());
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && (day < FIRST_STATS_DAY || day > today)) {
      throw new ApiError('STATS_RANGE_OUT_OF_BOUNDS', [{ field: `query.${field}`, reason: 'out_of_bounds', hint: `Between ${FIRST_STATS_DAY} and today (${today}); asked for ${day}.` }]);
    }
  }
  const to = query.to ?? today;
  const earliest = addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const from = query.from ?? (earliest < FIRST_STATS_DAY ? FIRST_STATS_DAY : earliest);
  if (from > to) throw new ApiError('STATS_RANGE_INVERTED', [{ field: 'query.from', reason: 'after_to', hint: `from (${from}) must not be after to (${to}).` }]);
  // Counted before listing them: a range of centuries is refused without building it.
  const length = daysApart(from, to) + 1;
  if (length > MAX_RANGE_DAYS) throw new ApiError('STATS_RANGE_TOO_LONG', [{ field: 'query.to', reason: 'too_long', hint: `At most ${MAX_RANGE_DAYS} days; asked for ${length}.` }]);
  return { from, to, days: daysBetween(from, to) };
}

/** A number at a path of summed values (0 when nothing was counted there). */
function at(values: CounterValues | undefined, ...path: string[]): number {
  let node: number | CounterValues | undefined = values;
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'number' ? node : 0;
}

function countsOf(keys: readonly string[], values: CounterValues | undefined, ...path: string[]): Record<string, number> {
  return Object.fromEntries(keys.map((key) => [key, at(values, ...path, key)]));
}

const sum = (record: Record<string, number>) => Object.values(record).reduce((total, value) => total + value, 0);

const FAMILIES = Object.keys(SCOPES) as Family[];

/**
 * Each family's gauges (`total`), its values by day, and the range's values summed from those same
 * days (never read a second time): a total and the days listed with it cannot disagree.
 */
async function read(days: string[]): Promise<Record<Family, { total: CounterValues; range: CounterValues; byDay: Map<string, CounterValues> }>> {
  const [byDay, totals] = await Promise.all([readDays(ROLLUP, days), Promise.all(FAMILIES.map((family) => readPeriods(SCOPES[family], [TOTAL])))]);
  return Object.fromEntries(
    FAMILIES.map((family, index) => {
      const values = new Map(days.map((day) => [day, byDay.get(day)![family]!]));
      return [family, { total: totals[index]!.get(TOTAL)!, range: sumValues(values.values()), byDay: values }];
    }),
  ) as Record<Family, { total: CounterValues; range: CounterValues; byDay: Map<string, CounterValues> }>;
}

function statusFamily(keys: readonly string[], counters: { total: CounterValues; range: CounterValues }) {
  const byStatus = countsOf(keys, counters.total, 'byStatus');
  return { current: { total: sum(byStatus), byStatus }, entered: countsOf(keys, counters.range, 'entered') };
}

export async function dashboardStats(query: { from?: string; to?: string }): Promise<Stats> {
  const { from, to, days } = rangeOf(query);
  const { users, listings, payments, missions, orders, deliveries } = await read(days);
  const byRole = countsOf(ROLES, users.total, 'byRole');
  // The range's sign-ups and revenue are the sums of the rows shown for its days, never a second
  // reading of the counters: a total and the days it sums cannot disagree.
  const signupsByDay = days.map((day) => {
    const roles = countsOf(ROLES, users.byDay.get(day), 'signups');
    return { day, total: sum(roles), byRole: roles };
  });
  const signupsByRole = Object.fromEntries(ROLES.map((role) => [role, signupsByDay.reduce((total, row) => total + row.byRole[role]!, 0)]));
  const revenueByDay = days.map((day) => ({ day, revenue: sum(countsOf(PAYMENT_TYPES, payments.byDay.get(day), 'revenue')) }));
  const byType = Object.fromEntries(
    PAYMENT_TYPES.map((type) => [
      type,
      {
        entered: countsOf(PAYMENT_STATUSES, payments.range, 'entered', type),
        revenue: at(payments.range, 'revenue', type),
        refunds: { count: at(payments.range, 'refunds', 'count', type), montant: at(payments.range, 'refunds', 'amount', type) },
      },
    ]),
  );
  const refunds = Object.values(byType).reduce((total, entry) => ({ count: total.count + entry.refunds.count, montant: total.montant + entry.refunds.montant }), { count: 0, montant: 0 });
  return {
    from,
    to,
    days: days.length,
    users: {
      current: { total: sum(byRole), byRole, blocked: at(users.total, 'blocked') },
      signups: { total: signupsByDay.reduce((total, row) => total + row.total, 0), byRole: signupsByRole, byDay: signupsByDay },
    },
    listings: { ...statusFamily(LISTING_STATUSES, listings), created: at(listings.range, 'created'), deleted: at(listings.range, 'deleted') },
    payments: {
      current: { byType: Object.fromEntries(PAYMENT_TYPES.map((type) => [type, countsOf(PAYMENT_STATUSES, payments.total, 'byStatus', type)])) },
      byType,
      revenue: revenueByDay.reduce((total, row) => total + row.revenue, 0),
      revenueByDay,
      refunds,
    },
    missions: statusFamily(MISSION_STATUSES, missions),
    orders: statusFamily(ORDER_STATUSES, orders),
    deliveries: statusFamily(DELIVERY_STATUSES, deliveries),
  };
}
