/**
 * Triggers, schedules and task queues: every function that is not HTTPS is declared here, and
 * index.ts exports them all. An HTTPS function's instance never loads this file (index.ts), so none
 * of them pays for firebase-functions' Firestore, scheduler and tasks modules. Each handler imports
 * its domain code on its first run. The global options (region) are index.ts's, set before it
 * loads this file.
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
import { type SecretName, withSecrets } from './core/secrets';
import { installSubscribers } from './install-subscribers';
import type { RoundTaskData } from './domains/logistics/deliveries/tasks';

// Every job may dispatch events (the trigger, the sweep, a payment settled by the poller).
installSubscribers();

/**
 * Mounts a function's secrets (Secret Manager in production, .secret.local in the emulator) and
 * runs its work allowed to read those only (core/secrets.ts): the emulator then fails where a
 * deployed function would. test/secrets.test.ts checks each list against what the code reads.
 */
function secretsOf(names: readonly SecretName[]) {
  return { secrets: names.map((name) => defineSecret(name)), run: <T>(work: () => Promise<T>) => withSecrets(names, work) };
}

const noSecrets = secretsOf([]);
const feexpay = secretsOf(['FEEXPAY_API_TOKEN']);

/** Hourly: ends the advertisements whose window is over and clears their listing flags. */
export const expireAdvertisements = onSchedule({ schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { expireEnded } = await import('./domains/catalog/publicites/service');
    const { expired } = await expireEnded();
    logger.info('advertisements expired', { expired });
  }),
);

/** Hourly: inspection reports the buyer did not decide on in VERIFICATION_DECISION_DAYS close as accepted. */
export const closeLapsedVerificationDecisions = onSchedule({ schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { closeLapsedDecisions } = await import('./domains/catalog/verification/buyer');
    logger.info('lapsed verification decisions closed', await closeLapsedDecisions());
  }),
);

/** Hourly: parts of sellers whose trial and subscription are over leave public view (their boosts end). */
export const hideLapsedSellerParts = onSchedule({ schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { hideLapsedSellerParts: hide } = await import('./domains/catalog/seller-parts');
    logger.info('lapsed sellers parts', await hide());
  }),
);

/** Every 10 minutes: listings viewed since the last run get their view count on the listing (`views`). */
export const rollUpViews = onSchedule({ schedule: '*/10 * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { rollUpViews: rollUp } = await import('./domains/catalog/views/service');
    logger.info('views rolled up', await rollUp());
  }),
);

/** Hourly: stored files nothing references, once their grace period is over, are deleted. */
export const cleanUploads = onSchedule({ schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { cleanUploads: clean } = await import('./domains/catalog/uploads/cleanup');
    logger.info('uploads cleaned', await clean());
  }),
);

/** Hourly: forwarders whose subscription ended leave the buyers' list. */
export const expireTransitaireListings = onSchedule({ schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { unlistExpired } = await import('./domains/transit/directory/service');
    logger.info('forwarder listings expired', await unlistExpired());
  }),
);

/** Every minute: asks FeexPay about the pending payments due soonest. */
export const pollPayments = onSchedule({ schedule: '* * * * *', timeZone: 'Africa/Porto-Novo', secrets: feexpay.secrets }, () =>
  feexpay.run(async () => {
    const { pollPendingPayments } = await import('./domains/payments/jobs');
    logger.info('pending payments polled', await pollPendingPayments());
  }),
);

/** Queued at a payment's creation, runs PAYMENT_EXPIRE_SECONDS later. */
export const expirePayment = onTaskDispatched<{ paymentId: string }>(
  { retryConfig: { maxAttempts: 5, minBackoffSeconds: 30 }, rateLimits: { maxConcurrentDispatches: 20 }, secrets: feexpay.secrets },
  (request) =>
    feexpay.run(async () => {
      const { expireIfDue } = await import('./domains/payments/jobs');
      await expireIfDue(request.data.paymentId);
    }),
);

/**
 * Queued by each round of offers of a delivery for `dureeOffreSecondes` later (domains/logistics/
 * deliveries/rounds.ts): if nobody accepted, the open offers expire and the next round widens the circle.
 */
export const deliveryRound = onTaskDispatched<RoundTaskData>(
  { retryConfig: { maxAttempts: 5, minBackoffSeconds: 10 }, rateLimits: { maxConcurrentDispatches: 20 } },
  (request) =>
    noSecrets.run(async () => {
      // An early task throws (roundTask): Cloud Tasks retries it rather than dropping the round.
      const { roundTask } = await import('./domains/logistics/deliveries/rounds');
      logger.info('delivery round', { ...request.data, outcome: await roundTask(request.data.deliveryId, request.data.round, request.data.roundBase) });
    }),
);

/** Queued when a courier proves a delivery by photo: closes it `livre` after DELIVERY_AUTO_CLOSE_SECONDS unless the buyer confirmed. */
export const closeDelivery = onTaskDispatched<{ deliveryId: string }>(
  { retryConfig: { maxAttempts: 5, minBackoffSeconds: 30 }, rateLimits: { maxConcurrentDispatches: 20 } },
  (request) =>
    noSecrets.run(async () => {
      // An early task throws (closeTask): Cloud Tasks retries it rather than leaving the delivery open.
      const { closeTask } = await import('./domains/logistics/deliveries/service');
      logger.info('delivery auto-close', { ...request.data, outcome: await closeTask(request.data.deliveryId) });
    }),
);

/** Status changes of transit missions -> the forwarder's realtime feed (`transit-mission-update`). */
export const transitMissionUpdates = onDocumentWritten('transitMissions/{missionId}', (event) =>
  noSecrets.run(async () => {
    const { onMissionWritten } = await import('./domains/transit/triggers');
    type Mission = import('./domains/transit/repository').MissionDocument;
    await onMissionWritten(
      event.id,
      event.params.missionId,
      event.data?.before.data() as Mission | undefined,
      event.data?.after.data() as Mission | undefined,
    );
  }),
);

/** One page of recipients of an admin broadcast; each page queues the next. */
export const sendAdminMessage = onTaskDispatched<{ messageId: string; cursor: string | null }>(
  { retryConfig: { maxAttempts: 5, minBackoffSeconds: 10 }, rateLimits: { maxConcurrentDispatches: 5 } },
  (request) =>
    noSecrets.run(async () => {
      const { sendPage } = await import('./domains/notifications/admin-messages/service');
      await sendPage(request.data.messageId, request.data.cursor);
    }),
);

/** Domain events (core/events): each new event is handed to its subscribers. */
export const dispatchEvents = onDocumentCreated('events/{eventId}', (event) =>
  noSecrets.run(async () => {
    const { dispatchEvent } = await import('./core/events');
    await dispatchEvent(event.params.eventId);
  }),
);

/** Every minute: events the trigger missed, runs whose lease ended (their worker died), retries due. */
export const sweepEvents = onSchedule({ schedule: '* * * * *', timeZone: 'Africa/Porto-Novo' }, () =>
  noSecrets.run(async () => {
    const { sweep } = await import('./core/events');
    logger.info('events swept', await sweep());
  }),
);

/** A new in-app notification is pushed to its recipient's devices (once: the notice is marked). */
export const pushNotifications = onDocumentCreated('users/{uid}/notifications/{notificationId}', (event) =>
  noSecrets.run(async () => {
    const { pushNotice } = await import('./domains/notifications/service');
    await pushNotice(event.params.uid, event.params.notificationId);
  }),
);

/** A queued template notice (WhatsApp) is sent: the one function holding the WhatsApp token for notices. */
const whatsapp = secretsOf(['WHATSAPP_ACCESS_TOKEN']);
// `retry`: a failed send (the partner down, a timeout) is tried again; the delivery gives up after a day.
export const sendTemplateNotices = onDocumentCreated({ document: 'templateNotices/{id}', secrets: whatsapp.secrets, retry: true }, (event) =>
  whatsapp.run(async () => {
    const { deliverTemplateNotice } = await import('./domains/notifications/template-delivery');
    await deliverTemplateNotice(event.params.id);
  }),
);

/**
 * Daily at 01:00 of the business time zone (BUSINESS_TIME_ZONE): the presence bonus of yesterday's
 * journals that have a position but no bonus (domains/agents/admin.ts; a second run credits nothing).
 */
export const backfillDailyPresence = onSchedule({ schedule: '0 1 * * *', timeZone: config().BUSINESS_TIME_ZONE }, () =>
  noSecrets.run(async () => {
    const { backfillPresence } = await import('./domains/agents/admin');
    logger.info('presence bonuses backfilled', await backfillPresence());
  }),
);

/**
 * Daily at 03:00 of the business time zone: the reconciliation of the money (domains/admin/
 * reconciliation), its report written to `reconciliationReports/{YYYY-MM-DD}`; it never writes money.
 */
export const reconcileMoney = onSchedule({ schedule: '0 3 * * *', timeZone: config().BUSINESS_TIME_ZONE, timeoutSeconds: 540, memory: '512MiB' }, () =>
  noSecrets.run(async () => {
    const { reconcileAndStore } = await import('./domains/admin/reconciliation/service');
    const outcome = await reconcileAndStore();
    if (outcome.breaks > 0) logger.error('money reconciliation found breaks', outcome);
    else logger.info('money reconciliation', outcome);
  }),
);
