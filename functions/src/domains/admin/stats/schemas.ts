import { z } from 'zod';
import { DayKey } from '../../../core/days';

/** The longest range one request answers: its closed days come from roll-ups (service.ts, STATS_DAY_READS). */
export const MAX_RANGE_DAYS = 92;
/** The range when none is given: the last 30 business days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/**
 * The first day a range may start on: nothing was counted before it, and a floor keeps day keys
 * four-digit years (the calendar's year 0 turned into `-000001-12` keys and a range that was not one).
 */
export const FIRST_STATS_DAY = '2020-01-01';

export const StatsQuery = z.strictObject({
  from: DayKey.optional().meta({
    description: `First business day of the range, \`YYYY-MM-DD\`, not before ${FIRST_STATS_DAY} (default: ${DEFAULT_RANGE_DAYS - 1} days before \`to\`, or ${FIRST_STATS_DAY} if later).`,
    example: '2026-11-01',
  }),
  to: DayKey.optional().meta({ description: 'Last business day of the range, included, not after today (default: today in BUSINESS_TIME_ZONE, also when `from` alone is given).', example: '2026-11-22' }),
});

const counts = z.record(z.string(), z.number().int()).meta({ description: 'A count per key; every known key is present (0 when nothing was counted).' });

const Current = z.object({ total: z.number().int(), byStatus: counts }).meta({ description: 'Now: how many are in each status (gauges kept since counting began).' });

const StatusFamily = z.object({
  current: Current,
  entered: counts.meta({ description: 'In the range: how many entered each status.' }),
});

export const DashboardStats = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    users: z.object({
      current: z.object({ total: z.number().int(), byRole: counts, blocked: z.number().int() }),
      signups: z.object({
        total: z.number().int(),
        byRole: counts,
        byDay: z.array(z.object({ day: z.string(), total: z.number().int(), byRole: counts })).meta({ description: 'Every day of the range, in order.' }),
      }),
    }),
    listings: StatusFamily.extend({
      created: z.number().int().meta({ description: 'Listings created in the range.' }),
      deleted: z.number().int().meta({ description: 'Listings deleted in the range.' }),
    }),
    payments: z.object({
      current: z.object({ byType: z.record(z.string(), counts).meta({ description: 'Per payment type, how many payments are in each status now.' }) }),
      byType: z.record(
        z.string(),
        z.object({
          entered: counts.meta({ description: 'Payments of this type that entered each status in the range (`pending`: started).' }),
          revenue: z.number().meta({ description: 'XOF of this type’s payments that succeeded in the range.' }),
          refunds: z.object({ count: z.number().int(), montant: z.number() }).meta({ description: 'Successful payments marked for refund in the range, and the XOF to give back.' }),
        }),
      ),
      revenue: z.number().meta({ description: 'XOF of every payment that succeeded in the range.' }),
      revenueByDay: z.array(z.object({ day: z.string(), revenue: z.number() })),
      refunds: z.object({ count: z.number().int(), montant: z.number() }),
    }),
    missions: StatusFamily,
    orders: StatusFamily,
    deliveries: StatusFamily,
  })
  .meta({ id: 'DashboardStats', description: 'Figures of the dashboard, from counters kept by event subscribers (never a scan).' });
