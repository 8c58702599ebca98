/**
 * Statistics of verification requests from counters (core/counters), never from a scan: the
 * subscriber of `verification.status_changed` moves the gauge of each status (-1 from, +1 to) and,
 * when a report is attached, adds one report and its seconds since the payment. Requests change
 * status a few times a day: one shard.
 */
import { type CounterValues, countOnce, readPeriods, TOTAL } from '../../../core/counters';
import type { DeliveredEvent } from '../../../core/events';
import { INSPECTION_STATUSES } from './state';

export const VERIFICATION_COUNTERS = { name: 'stats.verifications', shards: 1 };

export async function countChange({ id, payload }: DeliveredEvent<'verification.status_changed'>, subscriberName: string): Promise<void> {
  const deltas: Record<string, number> = { [`byStatus.${payload.to}`]: 1 };
  if (payload.from) deltas[`byStatus.${payload.from}`] = -1;
  else deltas.opened = 1;
  if (payload.to === 'rapport_disponible') {
    deltas.reports = 1;
    deltas.reportSeconds = Math.max(0, Math.round((Date.parse(payload.at) - Date.parse(payload.requestedAt)) / 1000));
  }
  await countOnce(`${id}__${subscriberName}`, [{ scope: VERIFICATION_COUNTERS, period: TOTAL, deltas }]);
}

const numberAt = (values: CounterValues, key: string) => (typeof values[key] === 'number' ? (values[key] as number) : 0);

export async function verificationStats() {
  const values = (await readPeriods(VERIFICATION_COUNTERS, [TOTAL])).get(TOTAL)!;
  const byStatusValues = (values.byStatus ?? {}) as CounterValues;
  const byStatus = Object.fromEntries(INSPECTION_STATUSES.map((statut) => [statut, numberAt(byStatusValues, statut)]));
  const reports = numberAt(values, 'reports');
  return {
    byStatus: byStatus as Record<(typeof INSPECTION_STATUSES)[number], number>,
    total: numberAt(values, 'opened'),
    reports,
    averageSecondsToReport: reports > 0 ? Math.round(numberAt(values, 'reportSeconds') / reports) : null,
  };
}
