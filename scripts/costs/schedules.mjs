/**
 * The schedules' standing cost: each scheduled function fired once at rest (on the demo data, after
 * the flows), as Cloud Scheduler fires it, counted like a flow, and multiplied by its runs a day.
 * What a schedule does for one flow (a sweep that finds a run stuck) shows up only when a flow
 * leaves work behind, which no flow here does: at rest is what every day pays.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionsRequire, origin } from './suite.mjs';
import { tally } from './tally.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { scheduledFunctions, nextTime, emulatorTrigger } = createRequire(join(root, 'package.json'))('./scripts/local-scheduler.cjs');

/** How many times `job` runs in the 24 hours from now. */
function runsPerDay(job) {
  const start = Date.now();
  let runs = 0;
  for (let at = nextTime(job, start); at < start + 86_400_000; at = nextTime(job, at)) runs += 1;
  return runs;
}

export async function scheduleShare({ log, kindOf, quietNow }) {
  const jobs = scheduledFunctions(functionsRequire('./dist/index.js'));
  const fire = emulatorTrigger({ origin: await origin('functions'), project: process.env.GCLOUD_PROJECT });
  const perJob = [];
  const perDay = { reads: 0, writes: 0, deletes: 0, invocations: 0 };
  for (const job of jobs) {
    const mark = log.mark();
    await fire(job, new Date());
    await quietNow();
    const counts = tally(log.since(mark), kindOf);
    const runs = runsPerDay(job);
    perJob.push({ name: job.name, schedule: job.schedule, runs, counts });
    for (const field of Object.keys(perDay)) perDay[field] += counts[field] * runs;
  }
  return { perJob, perDay };
}
