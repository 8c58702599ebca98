/**
 * The local scheduler (scripts/local-scheduler.cjs) that fires the scheduled functions under
 * `npm start` and in the end-to-end group, since the Functions emulator never does: it reads the
 * schedules our functions declare, fires each at the times of its schedule in its time zone (on an
 * injected clock here: no waiting), faster by SCHEDULER_TIME_FACTOR, never two calls of one job at
 * once, and finds each function's key in the emulator. test/e2e/scheduler.test.ts shows it through
 * the real Functions emulator.
 */
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { emulatorTrigger, LocalScheduler, type ScheduledJob, scheduledFunctions, type SchedulerClock, timeFactor } from '../../scripts/local-scheduler.cjs';

/** A clock whose time moves only when told, running each timer due on the way at its own time. */
function manualClock(startIso: string) {
  let now = Date.parse(startIso);
  let sequence = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      sequence += 1;
      timers.set(sequence, { at: now + ms, run });
      return sequence;
    },
    clearTimeout: (timer) => timers.delete(timer as number),
  };
  async function advanceTo(iso: string) {
    const until = Date.parse(iso);
    for (;;) {
      // Promises settled since (a call that ended) take effect before the next timer, as on a real clock.
      await new Promise((resolve) => setImmediate(resolve));
      const [id, due] = [...timers].sort(([a, x], [b, y]) => x.at - y.at || a - b)[0] ?? [];
      if (id === undefined || due!.at > until) break;
      timers.delete(id);
      now = due!.at;
      due!.run();
    }
    now = until;
  }
  return { clock, advanceTo, timers: () => timers.size };
}

/** Records each call: the job's name and its schedule time. */
function recorder() {
  const calls: Array<[string, string]> = [];
  const fire = async (job: ScheduledJob, scheduleTime: Date) => {
    calls.push([job.name, scheduleTime.toISOString()]);
  };
  return { calls, fire };
}

const quiet = { warn: jest.fn(), error: jest.fn() };
beforeEach(() => jest.clearAllMocks());

const everyMinute: ScheduledJob = { name: 'sweepEvents', region: 'europe-west1', schedule: '* * * * *', timeZone: 'Africa/Porto-Novo' };
const hourly: ScheduledJob = { name: 'cleanUploads', region: 'europe-west1', schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' };
// 01:00 in Porto-Novo (UTC+1) is midnight UTC.
const daily: ScheduledJob = { name: 'backfillDailyPresence', region: 'europe-west1', schedule: '0 1 * * *', timeZone: 'Africa/Porto-Novo' };

describe('the declarations it reads', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const functions = require('../../functions/src/index') as Record<string, unknown>;

  it('are our onSchedule functions, each with the schedule, time zone and region it declares for Cloud Scheduler', () => {
    const jobs = scheduledFunctions(functions);
    expect(jobs).toEqual(
      expect.arrayContaining([
        { name: 'sweepEvents', region: 'europe-west1', schedule: '* * * * *', timeZone: 'Africa/Porto-Novo' },
        { name: 'pollPayments', region: 'europe-west1', schedule: '* * * * *', timeZone: 'Africa/Porto-Novo' },
        { name: 'backfillDailyPresence', region: 'europe-west1', schedule: '0 1 * * *', timeZone: 'Africa/Porto-Novo' },
        { name: 'reconcileMoney', region: 'europe-west1', schedule: '0 3 * * *', timeZone: 'Africa/Porto-Novo' },
        { name: 'expireAdvertisements', region: 'europe-west1', schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' },
        { name: 'cleanUploads', region: 'europe-west1', schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' },
      ]),
    );
    // HTTPS functions, triggers and task queues are not Cloud Scheduler's.
    const names = jobs.map((job) => job.name);
    for (const other of ['core', 'payments', 'dispatchEvents', 'pushNotifications', 'expirePayment', 'deliveryRound']) expect(names).not.toContain(other);
  });

  it('are all read by its cron parser: a scheduler of them starts', () => {
    const jobs = scheduledFunctions(functions);
    expect(jobs.length).toBeGreaterThanOrEqual(9);
    const scheduler = new LocalScheduler({ jobs, fire: async () => undefined, clock: manualClock('2026-11-27T10:00:30Z').clock, log: quiet });
    scheduler.start();
    expect(scheduler.upcoming().find((job) => job.name === 'reconcileMoney')?.next.toISOString()).toBe('2026-11-28T02:00:00.000Z');
    scheduler.stop();
  });

  it('refuses, by the function’s name, a schedule in App Engine’s syntax, which it would have to guess at', () => {
    const legacy = onSchedule({ schedule: 'every 5 minutes', region: 'europe-west1' }, async () => undefined);
    const jobs = scheduledFunctions({ legacyJob: legacy });
    expect(jobs).toEqual([{ name: 'legacyJob', region: 'europe-west1', schedule: 'every 5 minutes', timeZone: 'UTC' }]);
    expect(() => new LocalScheduler({ jobs, fire: async () => undefined, log: quiet })).toThrow(/legacyJob: schedule "every 5 minutes".*unix-cron/);
  });
});

describe('its timing', () => {
  it('fires each job at the times of its schedule, in its time zone, with the schedule time Cloud Scheduler sends', async () => {
    const { clock, advanceTo } = manualClock('2026-11-27T10:00:30Z');
    const { calls, fire } = recorder();
    const scheduler = new LocalScheduler({ jobs: [everyMinute, daily], fire, clock, log: quiet });
    scheduler.start();
    await advanceTo('2026-11-27T10:03:30Z');
    expect(calls).toEqual([
      ['sweepEvents', '2026-11-27T10:01:00.000Z'],
      ['sweepEvents', '2026-11-27T10:02:00.000Z'],
      ['sweepEvents', '2026-11-27T10:03:00.000Z'],
    ]);
    await advanceTo('2026-11-28T00:00:10Z');
    expect(calls.filter(([name]) => name === 'backfillDailyPresence')).toEqual([['backfillDailyPresence', '2026-11-28T00:00:00.000Z']]);
    expect(calls.filter(([name]) => name === 'sweepEvents')).toHaveLength(14 * 60);
    scheduler.stop();
  });

  it('runs the schedules’ clock SCHEDULER_TIME_FACTOR times as fast: at 60, a minute a second, an hour a minute, a day 24 minutes', async () => {
    const { clock, advanceTo } = manualClock('2026-11-27T10:00:30Z');
    const { calls, fire } = recorder();
    const scheduler = new LocalScheduler({ jobs: [everyMinute, hourly, daily], fire, clock, timeFactor: timeFactor('60'), log: quiet });
    scheduler.start();
    // The schedules' 10:01:00 is 30 s of their clock away: half a second.
    await advanceTo('2026-11-27T10:00:32.600Z');
    expect(calls).toEqual([
      ['sweepEvents', '2026-11-27T10:00:30.500Z'],
      ['sweepEvents', '2026-11-27T10:00:31.500Z'],
      ['sweepEvents', '2026-11-27T10:00:32.500Z'],
    ]);
    // 11:00 is 59 min 30 s away on the schedules' clock: 59.5 s.
    await advanceTo('2026-11-27T10:02:00Z');
    expect(calls.filter(([name]) => name === 'cleanUploads')).toEqual([['cleanUploads', '2026-11-27T10:01:29.500Z']]);
    // Midnight UTC is 13 h 59 min 30 s away: 839.5 s.
    await advanceTo('2026-11-27T10:15:00Z');
    expect(calls.filter(([name]) => name === 'backfillDailyPresence')).toEqual([['backfillDailyPresence', '2026-11-27T10:14:29.500Z']]);
    scheduler.stop();
  });

  it('never calls a job while its last call runs: those times are skipped, said once, and not caught up', async () => {
    const { clock, advanceTo } = manualClock('2026-11-27T10:00:30Z');
    const calls: string[] = [];
    let finish: () => void = () => undefined;
    const fire = (_job: ScheduledJob, scheduleTime: Date) => {
      calls.push(scheduleTime.toISOString());
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const scheduler = new LocalScheduler({ jobs: [everyMinute], fire, clock, log: quiet });
    scheduler.start();
    await advanceTo('2026-11-27T10:04:30Z');
    expect(calls).toEqual(['2026-11-27T10:01:00.000Z']);
    expect(quiet.warn).toHaveBeenCalledTimes(1);
    expect(quiet.warn).toHaveBeenCalledWith(expect.stringContaining('sweepEvents is still running'));
    finish();
    await advanceTo('2026-11-27T10:05:30Z');
    expect(calls).toEqual(['2026-11-27T10:01:00.000Z', '2026-11-27T10:05:00.000Z']);
    scheduler.stop();
  });

  it('logs a failed call and calls the job again at its next time', async () => {
    const { clock, advanceTo } = manualClock('2026-11-27T10:00:30Z');
    const calls: string[] = [];
    const fire = async (_job: ScheduledJob, scheduleTime: Date) => {
      calls.push(scheduleTime.toISOString());
      if (calls.length === 1) throw new Error('the function answered 500');
    };
    const scheduler = new LocalScheduler({ jobs: [everyMinute], fire, clock, log: quiet });
    scheduler.start();
    await advanceTo('2026-11-27T10:02:30Z');
    expect(calls).toEqual(['2026-11-27T10:01:00.000Z', '2026-11-27T10:02:00.000Z']);
    expect(quiet.error).toHaveBeenCalledWith('scheduler: sweepEvents failed: the function answered 500');
    scheduler.stop();
  });

  it('leaves no timer once stopped, and calls nothing more', async () => {
    const { clock, advanceTo, timers } = manualClock('2026-11-27T10:00:30Z');
    const { calls, fire } = recorder();
    const scheduler = new LocalScheduler({ jobs: [everyMinute, daily], fire, clock, log: quiet });
    scheduler.start();
    expect(timers()).toBe(2);
    scheduler.stop();
    expect(timers()).toBe(0);
    await advanceTo('2026-11-28T10:00:00Z');
    expect(calls).toEqual([]);
  });

  it.each([
    [undefined, 1],
    ['', 1],
    ['60', 60],
    ['0.5', 0.5],
    ['0', 0],
  ])('reads SCHEDULER_TIME_FACTOR=%p as %p', (value, factor) => {
    expect(timeFactor(value)).toBe(factor);
  });

  it.each(['-1', 'fast', 'Infinity'])('refuses SCHEDULER_TIME_FACTOR=%p', (value) => {
    expect(() => timeFactor(value)).toThrow(/SCHEDULER_TIME_FACTOR must be a number >= 0/);
  });
});

describe('its calls through the Functions emulator', () => {
  /** The Functions emulator's answers: its list of keys for an unknown one, 200 for a known one. */
  function emulator(keys: string[]) {
    const requests: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetch = (async (url: string, init: RequestInit) => {
      requests.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
      const key = decodeURIComponent(url.split('/').pop()!);
      if (keys.includes(key)) return new Response('', { status: 200 });
      return new Response(`Function ${key} does not exist, valid functions are: ${keys.join(', ')}`, { status: 404 });
    }) as typeof globalThis.fetch;
    return { fetch, requests };
  }

  it('posts to the latest generation of the function’s trigger key, with Cloud Scheduler’s headers', async () => {
    // The emulator's hub turned its background triggers off and on: generation 1 serves, 0 is off.
    const { fetch, requests } = emulator(['europe-west1-core', 'europe-west1-sweepEvents-0', 'europe-west1-pollPayments-1', 'europe-west1-sweepEvents-1', 'europe-west1-sweepEventsX-2']);
    const fire = emulatorTrigger({ origin: 'http://127.0.0.1:5001', project: 'demo-marketplace', fetch });
    await expect(fire(everyMinute, new Date('2026-11-27T10:01:00Z'))).resolves.toBe(200);
    expect(requests.at(-1)).toEqual({
      url: 'http://127.0.0.1:5001/functions/projects/demo-marketplace/triggers/europe-west1-sweepEvents-1',
      headers: { 'X-CloudScheduler-JobName': 'firebase-schedule-sweepEvents-europe-west1', 'X-CloudScheduler-ScheduleTime': '2026-11-27T10:01:00.000Z' },
    });
  });

  it('fails, naming it, when the emulator serves no such function', async () => {
    const { fetch } = emulator(['europe-west1-core']);
    const fire = emulatorTrigger({ origin: 'http://127.0.0.1:5001', project: 'demo-marketplace', fetch });
    await expect(fire(everyMinute, new Date())).rejects.toThrow('serves no europe-west1-sweepEvents');
  });
});
