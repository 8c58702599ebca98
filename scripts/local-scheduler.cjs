#!/usr/bin/env node
/**
 * The local Cloud Scheduler: fires every scheduled function of the built functions on its own
 * schedule, through the Functions emulator, for `npm start` (scripts/demo.mjs) and the end-to-end
 * test group (test/setup/serial-runner.js). The Functions emulator never does it (firebase-tools
 * issue 2034): without a Pub/Sub emulator it ignores the `onSchedule` functions, and with one it
 * only subscribes them to their topic, which nothing publishes to; and a v2 schedule's message
 * would not reach the function anyway (firebase-tools 14.18 answers "Unsupported trigger
 * signature: http" for it, docs/platform-notes.md).
 *
 * What it does, as Cloud Scheduler does for a v2 scheduled function (an HTTP target):
 *  - reads the schedules from the functions' own declarations, the `__endpoint.scheduleTrigger`
 *    that firebase-functions attaches to each `onSchedule` function and that deploy reads to
 *    create the Cloud Scheduler jobs: no second list to keep;
 *  - computes each next time with a kept cron parser (cron-parser) in the declared time zone.
 *    Declarations are unix-cron, Cloud Scheduler's own format (functions/src/jobs.ts): a schedule
 *    in App Engine's syntax ("every 5 minutes") is refused by name at start, not guessed at;
 *  - at that time, POSTs to the function with Cloud Scheduler's headers (`X-CloudScheduler-JobName`,
 *    `X-CloudScheduler-ScheduleTime`, the time the call was due), which `onSchedule` reads into its
 *    event. A job whose call is still running when its next time comes skips that time (and says so);
 *    times the machine missed (asleep, busy) are not caught up.
 *
 * SCHEDULER_TIME_FACTOR (default 1) runs its clock faster for demos: 60 makes a minute of the
 * schedules pass in a second (an every-minute job fires every second, an hourly one every minute, a
 * daily one every 24 minutes); 0 turns it off. Only this script reads it: it is a development tool,
 * never deployed (production has Cloud Scheduler).
 *
 * Run as a script, it reads the built functions (`npm run build`) with the settings the emulator
 * gives them (scripts/emulator-env.mjs), finds the Functions emulator through the emulator hub that
 * `firebase emulators:exec` names (else firebase.json), and runs until SIGINT or SIGTERM, or until
 * the script that started it with an IPC channel is gone.
 */
'use strict';

const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { CronExpressionParser } = require('cron-parser');

const ROOT = resolve(__dirname, '..');
/** Node's timers take at most about 24.8 days; a longer wait is made of several. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Cloud Scheduler's default time zone for a job that names none. */
const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The scheduled functions among a functions module's exports, with what they declare for
 * deployment: name, region, schedule and time zone.
 */
function scheduledFunctions(moduleExports) {
  return Object.entries(moduleExports)
    .filter(([, fn]) => fn?.__endpoint?.scheduleTrigger)
    .map(([name, fn]) => {
      const { schedule, timeZone } = fn.__endpoint.scheduleTrigger;
      // Without one, deploy and the emulator put a function in us-central1.
      const region = fn.__endpoint.region?.[0] ?? 'us-central1';
      if (typeof schedule !== 'string' || typeof region !== 'string' || (timeZone != null && typeof timeZone !== 'string')) {
        throw new Error(`${name}: its schedule, time zone or region is not a plain value (${JSON.stringify(fn.__endpoint.scheduleTrigger)})`);
      }
      return { name, region, schedule, timeZone: timeZone ?? DEFAULT_TIME_ZONE };
    });
}

/** The first time of a job's schedule strictly after `afterMs` (epoch ms), in its time zone. */
function nextTime(job, afterMs) {
  return CronExpressionParser.parse(job.schedule, { currentDate: new Date(afterMs), tz: job.timeZone }).next().getTime();
}

/** Checks that the parser reads the job's schedule; throws naming the function when it does not. */
function checkSchedule(job) {
  try {
    nextTime(job, Date.now());
  } catch (error) {
    throw new Error(
      `${job.name}: schedule "${job.schedule}" (${job.timeZone}) is not one the local scheduler reads: ` +
        `declare it in unix-cron, as Cloud Scheduler takes it (${error instanceof Error ? error.message : error})`,
    );
  }
}

/** SCHEDULER_TIME_FACTOR as a number: 1 when unset, 0 for off; anything else is refused. */
function timeFactor(value) {
  if (value === undefined || value === '') return 1;
  const factor = Number(value);
  if (!Number.isFinite(factor) || factor < 0) {
    throw new Error(`SCHEDULER_TIME_FACTOR must be a number >= 0 (1: real time, 60: a minute per second, 0: off), not "${value}"`);
  }
  return factor;
}

const systemClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer),
};

/**
 * Fires each job at the times of its schedule. With a time factor f, the schedules run on a clock
 * that starts at the real time of `start()` and goes f times as fast: a job is due when that clock
 * reaches its next time. `fire(job, scheduleTime)` makes the call and answers a promise; its
 * failure is logged, and the job fires again at its next time. The clock is injected (tests).
 */
class LocalScheduler {
  constructor({ jobs, fire, timeFactor: factor = 1, clock = systemClock, log = console }) {
    if (!(factor > 0)) throw new Error('the time factor of a running scheduler is a number > 0');
    for (const job of jobs) checkSchedule(job);
    this.jobs = jobs;
    this.fire = fire;
    this.factor = factor;
    this.clock = clock;
    this.log = log;
    /** Per job name: its next time on the schedules' clock, its timer, whether a call is running. */
    this.state = new Map();
    this.origin = undefined;
  }

  /** The schedules' clock at a real time, and back. */
  virtual(realMs) {
    return this.origin + (realMs - this.origin) * this.factor;
  }

  real(virtualMs) {
    return this.origin + (virtualMs - this.origin) / this.factor;
  }

  start() {
    if (this.origin !== undefined) return;
    this.origin = this.clock.now();
    for (const job of this.jobs) {
      this.state.set(job.name, { next: 0, timer: undefined, running: false, skipping: false });
      this.arm(job, this.origin);
    }
  }

  stop() {
    for (const entry of this.state.values()) if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
    this.state.clear();
  }

  /** Each job and the real time of its next call. */
  upcoming() {
    return this.jobs.map((job) => ({ ...job, next: new Date(this.real(this.state.get(job.name).next)) }));
  }

  /** Sets the job's timer for its first time after `afterVirtual` on the schedules' clock. */
  arm(job, afterVirtual) {
    const entry = this.state.get(job.name);
    entry.next = nextTime(job, afterVirtual);
    this.wait(job, entry);
  }

  wait(job, entry) {
    const delay = Math.min(Math.max(0, this.real(entry.next) - this.clock.now()), MAX_TIMER_MS);
    entry.timer = this.clock.setTimeout(() => this.due(job), delay);
  }

  due(job) {
    const entry = this.state.get(job.name);
    if (!entry) return; // stopped
    entry.timer = undefined;
    const now = this.clock.now();
    // A wait longer than one timer: not there yet.
    if (now < this.real(entry.next)) return this.wait(job, entry);
    if (entry.running) {
      // Said once per call that outlasts its next times, not at every tick it swallows.
      if (!entry.skipping) this.log.warn(`scheduler: ${job.name} is still running; its calls are skipped until it ends`);
      entry.skipping = true;
    } else {
      entry.running = true;
      // Cloud Scheduler's schedule time: when the call was due (on the real clock), not when it left.
      const scheduleTime = new Date(this.real(entry.next));
      Promise.resolve()
        .then(() => this.fire(job, scheduleTime))
        .catch((error) => this.log.error(`scheduler: ${job.name} failed: ${error instanceof Error ? error.message : error}`))
        .finally(() => {
          entry.running = false;
          entry.skipping = false;
        });
    }
    // The next time after this one, or after now when the machine was late: missed times are not caught up.
    this.arm(job, Math.max(entry.next, this.virtual(now)));
  }
}

/**
 * Calls scheduled functions the way Cloud Scheduler calls a v2 one, through the Functions
 * emulator at `origin` for `project`. The emulator serves a scheduled function on its route for
 * background triggers, under a key that ends with its generation of triggers (it grows when the
 * emulator reloads them, as the hub's enableBackgroundTriggers does); the emulator lists its keys
 * when asked for one it lacks, so each call looks its key up first. That list and route are
 * firebase-tools' (pinned exactly in package.json); test/e2e/scheduler.test.ts fails if they move.
 */
function emulatorTrigger({ origin, project, fetch = globalThis.fetch }) {
  const triggers = `${origin}/functions/projects/${encodeURIComponent(project)}/triggers`;

  async function keyOf(job) {
    const answer = await fetch(`${triggers}/local-scheduler-lookup`, { method: 'POST' });
    const listed = /valid functions are: (.*)$/s.exec(await answer.text());
    const pattern = new RegExp(`^${escapeRegExp(`${job.region}-${job.name}`)}-(\\d+)$`);
    const keys = (listed?.[1] ?? '').split(', ').map((key) => [key, pattern.exec(key.trim())]).filter(([, match]) => match);
    if (!keys.length) throw new Error(`the Functions emulator at ${origin} serves no ${job.region}-${job.name} (${answer.status})`);
    return keys.sort(([, a], [, b]) => Number(b[1]) - Number(a[1]))[0][0].trim();
  }

  return async function fire(job, scheduleTime) {
    const answer = await fetch(`${triggers}/${encodeURIComponent(await keyOf(job))}`, {
      method: 'POST',
      headers: {
        // The job name Firebase gives a function's Cloud Scheduler job.
        'X-CloudScheduler-JobName': `firebase-schedule-${job.name}-${job.region}`,
        'X-CloudScheduler-ScheduleTime': scheduleTime.toISOString(),
      },
    });
    const body = await answer.text();
    // 204: the emulator's background triggers are turned off (its hub's disableBackgroundTriggers).
    if (answer.status !== 200 && answer.status !== 204) throw new Error(`the function answered ${answer.status} ${body.slice(0, 200)}`);
    return answer.status;
  };
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The Functions emulator's address: from the hub that emulators:exec names, else firebase.json. */
async function functionsEmulatorOrigin(env) {
  let functions;
  if (env.FIREBASE_EMULATOR_HUB) {
    functions = (await (await fetch(`http://${env.FIREBASE_EMULATOR_HUB}/emulators`)).json()).functions;
  }
  functions ??= JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).emulators.functions;
  const host = functions.host.includes(':') ? `[${functions.host}]` : functions.host;
  return `http://${host}:${functions.port}`;
}

async function main() {
  const factor = timeFactor(process.env.SCHEDULER_TIME_FACTOR);
  if (factor === 0) {
    console.log('Scheduler: off (SCHEDULER_TIME_FACTOR=0): no scheduled function fires.');
    return;
  }
  // The settings the emulator gives the functions: a declaration may read one (a time zone).
  const { withEmulatorEnv, PROJECT } = await import('./emulator-env.mjs');
  Object.assign(process.env, withEmulatorEnv(process.env));
  // The built entry that the emulator and deploy load (functions/package.json's main).
  const jobs = scheduledFunctions(require(join(ROOT, 'functions')));
  const origin = await functionsEmulatorOrigin(process.env);
  const scheduler = new LocalScheduler({ jobs, fire: emulatorTrigger({ origin, project: process.env.GCLOUD_PROJECT ?? PROJECT }), timeFactor: factor });
  scheduler.start();
  const speed = factor === 1 ? 'in real time' : `${factor} times as fast as real time (SCHEDULER_TIME_FACTOR)`;
  console.log(`Scheduler: ${jobs.length} scheduled functions fire through the Functions emulator (${origin}), ${speed}:`);
  for (const job of scheduler.upcoming()) console.log(`  ${job.name.padEnd(34)} ${job.schedule.padEnd(11)} ${job.timeZone}, next ${job.next.toISOString()}`);
  console.log('  (the emulator\'s "function ignored because the pubsub emulator does not exist" is about Pub/Sub: these fire all the same)');
  const stop = () => {
    scheduler.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  // Started by a script with an IPC channel (npm start's, the end-to-end group's): it is told the
  // scheduler runs, and the scheduler is gone with it.
  if (process.send) {
    process.on('disconnect', stop);
    process.send('started');
  }
}

module.exports = { scheduledFunctions, nextTime, timeFactor, LocalScheduler, emulatorTrigger, functionsEmulatorOrigin };

if (require.main === module) {
  main().catch((error) => {
    console.error(`Scheduler: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
