/**
 * Dashboard statistics from roll-ups (core/counter-rollups): the documents a 92-day range reads,
 * the answer the same before and after its days are rolled up, late bumps counted, and admins at
 * once writing a roll-up once.
 */
import { resetClock, setClock } from '../../functions/src/core/clock';
import { config } from '../../functions/src/core/config';
import { planRead, planReads } from '../../functions/src/core/counter-rollups';
import { countOnce, dayOf, LATE_AFTER_MS, lateMarks, ROLLUP_AFTER_MS, TOTAL } from '../../functions/src/core/counters';
import { addDays, daysBetween, startOfBusinessDay } from '../../functions/src/core/days';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { readCeilingOf } from '../../functions/src/core/read-ceiling';
import { userRegistered } from '../../functions/src/domains/admin/stats/counting';
import { router } from '../../functions/src/domains/admin/stats/routes';
import { ROLLUP, SCOPES } from '../../functions/src/domains/admin/stats/scopes';
import { STATS_DAY_READS } from '../../functions/src/domains/admin/stats/service';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { countReads } from '../helpers/reads';
import { countWrites } from '../helpers/writes';

jest.setTimeout(120_000);

const admins: TestUser[] = [];

beforeAll(async () => {
  await resetEmulators();
  // Made before any clock is set: their sign-ups fall on the real today, outside every range below.
  admins.push(...(await Promise.all(Array.from({ length: 10 }, () => createUser('admin')))));
});

afterEach(() => resetClock());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read the answer's shape
type Stats = Record<string, any>;

async function stats(query: string, admin = admins[0]!): Promise<Stats> {
  const res = await (await api()).get(`/api/admin/stats${query}`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A moment `minutes` after the business day `day` begins (Africa/Porto-Novo). */
const into = (day: string, minutes: number) => new Date(startOfBusinessDay(day, config().BUSINESS_TIME_ZONE).getTime() + minutes * 60_000);

/** A sign-up counted as the subscriber counts it, at noon of `day` in Porto-Novo. */
let signups = 0;
const signUp = (day: string) => countOnce(`rollup-signup-${(signups += 1)}`, userRegistered({ uid: `u${signups}`, role: 'acheteur', app: 'client', referrerId: null, referralCode: null, registeredAt: `${day}T11:00:00Z` } as never));

const rollups = async (period: string) => (await db().collection(COLLECTIONS.counterRollups).where('period', '==', period).get()).docs;

/** Sign-ups by day as the answer lists them, and its total: they must agree. */
function signupsOf(data: Stats): { total: number; byDay: Record<string, number> } {
  const rows = data.users.signups.byDay as Array<{ day: string; total: number }>;
  expect(data.users.signups.total).toBe(rows.reduce((total, row) => total + row.total, 0));
  return { total: data.users.signups.total, byDay: Object.fromEntries(rows.filter((row) => row.total).map((row) => [row.day, row.total])) };
}

describe('documents read', () => {
  /** Every shard of every day of the range and of the gauges, written: each lookup finds a document. */
  async function seedEveryShard(from: string, to: string) {
    const writes: Array<[FirebaseFirestore.DocumentReference, object]> = [];
    for (const [family, scope] of Object.entries(SCOPES)) {
      for (const period of [...daysBetween(from, to), TOTAL]) {
        for (let shard = 0; shard < scope.shards; shard++) {
          const values = family === 'users' ? { signups: { acheteur: 1 } } : family === 'payments' ? { revenue: { achat: 100 } } : { entered: { x: 1 } };
          writes.push([db().collection(COLLECTIONS.counters).doc(`${scope.name}__${period}__${shard}`), { scope: scope.name, period, shard, values }]);
        }
      }
    }
    for (let start = 0; start < writes.length; start += 400) {
      const batch = db().batch();
      for (const [ref, data] of writes.slice(start, start + 400)) batch.set(ref, data);
      await batch.commit();
    }
  }

  // docs/guides/admin.md, "Dashboard statistics": "Once its closed days are rolled up, a range reads at most 96 documents (92 days or one)".
  it('reads at most its declared ceiling for 92 days once the closed days are rolled up, the first request included in the same answer', async () => {
    const route = router.routes.find((candidate) => candidate.path === '/api/admin/stats')!;
    const ceiling = readCeilingOf(route as never, config())!;
    expect(ceiling).toBe(96);
    await seedEveryShard('2025-12-01', '2026-04-20');
    const ask = (query: string) => countReads(async () => (await api()).get(`/api/admin/stats${query}`).set(bearer(admins[0]!.token)));
    // The worst moment: half an hour into the 1st of a month, the previous month not closed yet.
    for (const [at, to] of [
      [into('2026-04-01', 30), '2026-04-01'],
      [into('2026-04-15', 600), '2026-04-15'],
      [into('2026-04-20', 600), '2026-03-31'],
    ] as const) {
      setClock(() => at);
      const query = `?from=${addDays(to, -91)}&to=${to}`;
      const first = await ask(query);
      expect(first.result.status).toBe(200);
      // Every day read: 2 sign-ups (a shard each), 800 XOF of revenue (8 shards).
      expect(first.result.body.data.days).toBe(92);
      expect(first.result.body.data.users.signups.total).toBe(184);
      expect(first.result.body.data.payments.revenue).toBe(92 * 800);
      const again = await ask(query);
      const seen = { at: at.toISOString(), to, reads: again.reads.total, byPath: again.reads.byPath };
      expect({ ...seen, withinCeiling: again.reads.total <= ceiling }).toEqual({ ...seen, withinCeiling: true });
      expect(again.result.body.data).toEqual(first.result.body.data);
    }
  });

  it('plans at most STATS_DAY_READS documents for the days of any range, at any moment of two years', () => {
    // A shorter range ending the same day plans a part of what the 92 days plan: the longest is enough.
    let most = 0;
    const hour = ROLLUP_AFTER_MS / 60_000;
    for (const end of daysBetween('2027-01-01', '2028-12-31')) {
      const days = daysBetween(addDays(end, -91), end);
      const start = into(end, 0).getTime();
      // Ending today at any hour, or days and weeks before today.
      for (const minutes of [0, 30, hour - 1, hour, hour + 1, 720, 1439, 1440 + 30, 1440 + hour + 1, 40 * 1440]) {
        most = Math.max(most, planReads(planRead(days, new Date(start + minutes * 60_000)), ROLLUP));
      }
    }
    expect(most).toBe(STATS_DAY_READS);
  });
});

// docs/guides/admin.md, "Dashboard statistics": "Totals over the range that are listed by day ... are the sums of the day rows they come with".
it('answers the same figures before and after the days are rolled up, totals equal to the days, over generated ranges', async () => {
  setClock(() => into('2026-09-10', 600));
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const days: string[] = [];
  for (let index = 0; index < 60; index++) days.push(addDays('2026-05-01', Math.floor(random() * 133)));
  await Promise.all(days.map((day) => signUp(day)));
  const ranges = Array.from({ length: 8 }, () => {
    const to = addDays('2026-09-10', -Math.floor(random() * 60));
    return { from: addDays(to, -Math.floor(random() * 92)), to };
  });
  const first: Stats[] = [];
  for (const { from, to } of ranges) first.push(await stats(`?from=${from}&to=${to}`));
  expect((await rollups('2026-06')).length).toBe(1);
  for (const [index, { from, to }] of ranges.entries()) {
    const after = await stats(`?from=${from}&to=${to}`);
    expect(after).toEqual(first[index]);
    const expected = days.filter((day) => day >= from && day <= to);
    expect(signupsOf(after).total).toBe(expected.length);
    for (const [day, total] of Object.entries(signupsOf(after).byDay)) expect(total).toBe(expected.filter((candidate) => candidate === day).length);
  }
});

describe('late bumps', () => {
  // functions/src/core/counter-rollups.ts, "Late bumps": "a bump on a day that may be rolled up already ... the bump is counted".
  it('counts a bump that lands after its day was rolled up, in a closed month and in a closed day of the current month', async () => {
    // Each counted on its day, as events are.
    for (const day of ['2027-01-20', '2027-03-03', '2027-03-10']) {
      setClock(() => into(day, 600));
      await signUp(day);
    }
    const range = '?from=2027-01-01&to=2027-03-10';
    expect(signupsOf(await stats(range)).byDay).toEqual({ '2027-01-20': 1, '2027-03-03': 1, '2027-03-10': 1 });
    expect((await rollups('2027-01')).map((doc) => doc.id)).toEqual(['stats__2027-01__v0']);
    expect((await rollups('2027-03-03')).map((doc) => doc.id)).toEqual(['stats__2027-03-03__v0']);

    // An event retried or replayed long after: its day is rolled up already.
    await Promise.all([signUp('2027-01-20'), signUp('2027-01-20'), signUp('2027-03-03')]);
    const late = (await db().collection(COLLECTIONS.counterLate).doc('stats__2027-01').get()).data();
    expect(late).toEqual({ group: 'stats', month: '2027-01', count: 2, days: { '2027-01-20': 2 } });
    const after = signupsOf(await stats(range));
    expect(after.byDay).toEqual({ '2027-01-20': 3, '2027-03-03': 2, '2027-03-10': 1 });
    expect(after.total).toBe(6);
    // A new version each, summed again; the first ones are left as they were.
    expect((await rollups('2027-01')).map((doc) => doc.id).sort()).toEqual(['stats__2027-01__v0', 'stats__2027-01__v2']);
    expect((await rollups('2027-03-03')).map((doc) => doc.id).sort()).toEqual(['stats__2027-03-03__v0', 'stats__2027-03-03__v1']);
    // Ranges over the same days agree: the month read whole or through part of it.
    expect(signupsOf(await stats('?from=2027-01-20&to=2027-01-20')).total).toBe(3);
  });

  it('reads yesterday from its shards for the hour after midnight, then from its roll-up, a bump at any time counted', async () => {
    setClock(() => into('2027-05-12', 20));
    await signUp('2027-05-11');
    // Within LATE_AFTER_MS of the day's end: no late mark (the day is not rolled up yet).
    expect(lateMarks(userRegistered({ uid: 'x', role: 'acheteur', registeredAt: '2027-05-11T11:00:00Z' } as never), into('2027-05-12', LATE_AFTER_MS / 60_000 - 1))).toEqual([]);
    expect(lateMarks(userRegistered({ uid: 'x', role: 'acheteur', registeredAt: '2027-05-11T11:00:00Z' } as never), into('2027-05-12', LATE_AFTER_MS / 60_000))).toHaveLength(1);
    expect(signupsOf(await stats('?from=2027-05-01&to=2027-05-12')).byDay).toEqual({ '2027-05-11': 1 });
    expect(await rollups('2027-05-11')).toHaveLength(0);
    await signUp('2027-05-11');
    expect((await db().collection(COLLECTIONS.counterLate).doc('stats__2027-05').get()).exists).toBe(false);

    setClock(() => into('2027-05-12', ROLLUP_AFTER_MS / 60_000));
    expect(signupsOf(await stats('?from=2027-05-01&to=2027-05-12')).byDay).toEqual({ '2027-05-11': 2 });
    expect((await rollups('2027-05-11')).map((doc) => doc.id)).toEqual(['stats__2027-05-11__v0']);
    await signUp('2027-05-11');
    expect(signupsOf(await stats('?from=2027-05-01&to=2027-05-12')).byDay).toEqual({ '2027-05-11': 3 });
  });

  it('loses no bump that lands while readers roll its month up', async () => {
    for (const day of daysBetween('2027-06-01', '2027-06-30')) {
      setClock(() => into(day, 600));
      await signUp(day);
    }
    setClock(() => into('2027-08-05', 600));
    const range = '?from=2027-06-01&to=2027-07-31';
    // Waves of late bumps, each at the same time as admins reading (and rolling up) the range.
    for (let wave = 0; wave < 5; wave++) {
      await Promise.all([
        ...Array.from({ length: 3 }, (_, index) => signUp(addDays('2027-06-01', wave * 6 + index * 2))),
        ...Array.from({ length: 3 }, (_, index) => signUp(addDays('2027-07-01', wave * 6 + index * 2))),
        ...admins.slice(0, 3).map((admin) => stats(range, admin)),
      ]);
    }
    const after = signupsOf(await stats(range));
    expect(after.total).toBe(60);
    expect([after.byDay['2027-06-03'], after.byDay['2027-06-02'], after.byDay['2027-06-29'], after.byDay['2027-07-29'], after.byDay['2027-07-30']]).toEqual([2, 1, 2, 1, undefined]);
  });
});

it('writes a month’s roll-up once when admins read it at the same time', async () => {
  for (const day of ['2027-10-02', '2027-10-17', '2027-10-31']) {
    setClock(() => into(day, 600));
    await signUp(day);
  }
  setClock(() => into('2027-11-05', 600));
  expect(await rollups('2027-10')).toHaveLength(0);
  const { result: answers, writes } = await countWrites(() => Promise.all(admins.map((admin) => stats('?from=2027-10-01&to=2027-10-31', admin))));
  for (const answer of answers) expect(answer).toEqual(answers[0]);
  expect(signupsOf(answers[0]!).total).toBe(3);
  // Every admin summed the month; one create succeeded, the others found it written.
  expect(writes.filter((path) => path.startsWith(`${COLLECTIONS.counterRollups}/`))).toEqual(['counterRollups/stats__2027-10__v0']);
  const [rollup, ...others] = await rollups('2027-10');
  expect(others).toHaveLength(0);
  expect(rollup!.get('values')['2027-10-17'].users).toEqual({ signups: { acheteur: 1 } });
  expect(Object.keys(rollup!.get('values'))).toHaveLength(31);
  expect(dayOf(rollup!.get('createdAt').toDate())).toBe('2027-11-05');
});
