/**
 * Counters kept by subscribers (core/counters): an event counted once however often its run
 * repeats, shards summed back, periods read by id, and a day of the business time zone.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { countOnce, dayOf, readPeriods, sumValues, TOTAL } from '../../functions/src/core/counters';
import { daysBetween } from '../../functions/src/core/days';
import { resetEmulators } from '../helpers/emulators';

const SCOPE = { name: 'test.orders', shards: 4 };

beforeAll(async () => {
  await resetEmulators();
});

it('counts a run once, however often it is applied, and at the same time', async () => {
  const write = { scope: SCOPE, period: '2026-11-20', deltas: { 'byStatus.paid': 1, 'revenue.commande': 1500 } };
  const results = await Promise.all([countOnce('evt-1__stats', [write]), countOnce('evt-1__stats', [write]), countOnce('evt-1__stats', [write])]);
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await countOnce('evt-1__stats', [write])).toBe(false);
  const periods = await readPeriods(SCOPE, ['2026-11-20']);
  expect(periods.get('2026-11-20')).toEqual({ byStatus: { paid: 1 }, revenue: { commande: 1500 } });
});

it('sums every shard of a period, and answers an empty map for a period with nothing', async () => {
  await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      countOnce(`evt-shard-${index}__stats`, [
        { scope: SCOPE, period: '2026-11-21', deltas: { 'byStatus.paid': 1 } },
        { scope: SCOPE, period: TOTAL, deltas: { 'byStatus.paid': 1, 'byStatus.pending': -1 } },
      ]),
    ),
  );
  const shardDocs = await db().collection(COLLECTIONS.counters).where('period', '==', '2026-11-21').get();
  expect(shardDocs.size).toBeGreaterThan(1);
  expect(shardDocs.size).toBeLessThanOrEqual(SCOPE.shards);
  const periods = await readPeriods(SCOPE, ['2026-11-21', '2026-11-22', TOTAL]);
  expect(periods.get('2026-11-21')).toEqual({ byStatus: { paid: 40 } });
  expect(periods.get('2026-11-22')).toEqual({});
  expect(periods.get(TOTAL)).toEqual({ byStatus: { paid: 40, pending: -40 } });
  expect(sumValues([periods.get('2026-11-20') ?? {}, periods.get('2026-11-21')!])).toEqual({ byStatus: { paid: 40 } });
});

it('refuses a path that would escape its map, before writing anything', async () => {
  await expect(countOnce('evt-bad__stats', [{ scope: SCOPE, period: '2026-11-23', deltas: { 'byStatus.a/b': 1 } }])).rejects.toThrow('counter path');
  expect((await db().collection(COLLECTIONS.counterRuns).doc('evt-bad__stats').get()).exists).toBe(false);
});

it('files a moment under its day in Benin, and lists the days of a range', () => {
  expect(dayOf(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  expect(dayOf(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-22');
  expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
});
