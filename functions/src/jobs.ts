/**
 * Triggers, schedules and task queues: every function that is not HTTPS is built here, and
 * index.ts exports them all. The domains declare theirs in their modules (`jobs`, core/module.ts);
 * the outbox's own two (core/events) are declared below. An HTTPS function's instance never loads
 * this file (index.ts), so none of them pays for firebase-functions' Firestore, scheduler and tasks
 * modules. Each job imports its domain code on its first run. The global options (region) are
 * index.ts's, set before it loads this file.
 *
 * Schedules are unix-cron, Cloud Scheduler's own format (it also takes App Engine's "every N
 * minutes", which has no well-kept parser): the local scheduler of `npm start` and the end-to-end
 * tests (scripts/local-scheduler.cjs) reads these declarations with a cron parser and refuses any
 * other syntax. Hourly jobs run at minute 0 of the hour.
 */
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { defineSecret } from 'firebase-functions/params';
import { config } from './core/config';
import type { JobDeclaration } from './core/module';
import { type SecretName, withSecrets } from './core/secrets';
import { installErrorCodes } from './error-codes';
import { installSubscribers } from './install-subscribers';
import { declaredJobs } from './modules';

// `npm run bench:cost` counts each job's operations in the emulator suite, which asks for it with
// COST_LOG_DIR (dev/cost-log.ts); a deployed instance never has it, and never loads that file.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- conditional on purpose, see above
const costLog = process.env.COST_LOG_DIR ? (require('./dev/cost-log') as typeof import('./dev/cost-log')) : undefined;
costLog?.startCostLog();
// Every job may dispatch events (the trigger, the sweep, a payment settled by the poller).
installSubscribers();
// A job's run may meet any domain's ApiError: its status and messages are the declared ones, as in the apps.
installErrorCodes();

/**
 * Mounts a function's secrets (Secret Manager in production, .secret.local in the emulator) and
 * runs its work allowed to read those only (core/secrets.ts): the emulator then fails where a
 * deployed function would. test/platform/secrets.test.ts checks each list against what the code reads.
 */
function secretsOf(names: readonly SecretName[]) {
  const run = <T>(work: () => Promise<T>) => {
    costLog?.logInvocation();
    return withSecrets(names, work);
  };
  return { secrets: names.map((name) => defineSecret(name)), run };
}

const noSecrets = secretsOf([]);
/**
 * One deployed function from a module's declaration: its trigger, its secrets mounted and the
 * only ones its run may read.
 */
function deployed(job: JobDeclaration) {
  const { secrets, run } = secretsOf(job.secrets ?? []);
  switch (job.kind) {
    case 'schedule': {
      const timeZone = job.timeZone === 'business' ? config().BUSINESS_TIME_ZONE : job.timeZone;
      const options = { schedule: job.schedule, timeZone, ...(job.timeoutSeconds ? { timeoutSeconds: job.timeoutSeconds } : {}), ...(job.memory ? { memory: job.memory } : {}) };
      return onSchedule(secrets.length ? { ...options, secrets } : options, () => run(() => job.run()));
    }
    case 'task':
      return onTaskDispatched({ retryConfig: job.retryConfig, rateLimits: job.rateLimits, ...(secrets.length ? { secrets } : {}) }, (request) =>
        run(() => job.run(request.data as never)),
      );
    case 'document': {
      const options = { document: job.document, ...(secrets.length ? { secrets } : {}), ...(job.retry ? { retry: true } : {}) };
      const params = (event: { params: object }) => event.params as Record<string, string>;
      // A creation hands the new document; a write hands both sides.
      if (job.on === 'created') {
        return onDocumentCreated(options, (event) => run(() => job.run({ id: event.id, params: params(event), before: undefined, after: event.data?.data() })));
      }
      return onDocumentWritten(options, (event) =>
        run(() => job.run({ id: event.id, params: params(event), before: event.data?.before.data(), after: event.data?.after.data() })),
      );
    }
  }
}

/** Domain events (core/events): each new event is handed to its subscribers. */
const dispatchEvents = onDocumentCreated('events/{eventId}', (event) =>
  noSecrets.run(async () => {
    const { dispatchEvent } = await import('./core/events');
    await dispatchEvent(event.params.eventId);
  }),
);

/** Every minute: events the trigger missed, runs whose lease ended (their worker died), retries due. */
const sweepEvents = onSchedule({ schedule: '* * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { sweep } = await import('./core/events');
    logger.info('events swept', await sweep());
  }),
);

/** Every job of every module (modules.ts), and the outbox's: what index.ts exports beside the HTTPS functions. */
export const functions = {
  ...Object.fromEntries(declaredJobs().map(({ name, job }) => [name, deployed(job)])),
  dispatchEvents,
  sweepEvents,
};
