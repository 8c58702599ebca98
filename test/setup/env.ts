/**
 * Every test process talks to the emulators started by `npm test` (firebase emulators:exec sets
 * their hosts). Refuse to run elsewhere rather than touch a real project.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CHECK_DEBUG_TOKENS } from '../helpers/app-check';

/** Set per group in jest.config.js. */
declare const EMULATOR_PROJECT_PER_WORKER: boolean;

// The parallel group: each worker has its own emulator project (`demo-` keeps every SDK offline),
// so files of different workers never see each other's documents or accounts. The main-project
// group keeps the project emulators:exec gives, the one the Functions emulator serves.
// TEST_PROJECT_SUFFIX lets two checkouts share one running emulator suite (each its own projects).
const suffix = process.env.TEST_PROJECT_SUFFIX ?? '';
const project = EMULATOR_PROJECT_PER_WORKER ? `demo-marketplace-w${process.env.JEST_WORKER_ID}${suffix}` : (process.env.GCLOUD_PROJECT ?? 'demo-marketplace');
process.env.GCLOUD_PROJECT = project;
// firebase-admin takes its project from FIREBASE_CONFIG (emulators:exec sets it to the main project)
// before GCLOUD_PROJECT. This runs before any test file loads firebase-admin.
process.env.FIREBASE_CONFIG = JSON.stringify({ projectId: project });
if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error('Run the tests with `npm test` (or `npm run test:only -- <file>`): they need the emulator suite.');
}

// The service's partners are local in tests: messages and pushes are recorded, secrets are test values.
Object.assign(process.env, {
  MESSAGING_DRIVER: 'local',
  PUSH_DRIVER: 'local',
  STORAGE_DRIVER: 'local',
  STORAGE_LOCAL_DIR: join(tmpdir(), `marketplace-test-uploads-${process.pid}`),
  // A function outside the emulator has no default key (docs/settings.md); tests that play one (K_SERVICE) need theirs.
  STORAGE_LOCAL_SIGNING_KEY: 'test-storage-signing-key',
  OTP_HMAC_SECRET: 'test-otp-hmac-key',
  WHATSAPP_ACCESS_TOKEN: 'test-whatsapp-token',
  MESSAGING_APP_SECRET: 'test-messaging-app-secret',
  MESSAGING_WEBHOOK_VERIFY_TOKEN: 'test-verify-token',
  CAPTCHA_SECRET: 'test-captcha-secret',
  FEEXPAY_API_TOKEN: 'test-feexpay-token',
  FEEXPAY_CALLBACK_SECRET: 'test-callback-secret',
  FEEXPAY_SHOP_ID: 'test-shop',
  FEEXPAY_MODE: 'SANDBOX',
  // In-process tests must not queue tasks that the Functions emulator would run against their data
  // on its own clock; the end-to-end test proves the queue.
  PAYMENT_EXPIRY_TASKS_ENABLED: 'false',
  ADMIN_MESSAGE_TASKS_ENABLED: 'false',
  DELIVERY_TASKS_ENABLED: 'false',
  // No trigger sees in-process tests' data: events are handed to their subscribers at once.
  EVENTS_DISPATCH_INLINE: 'true',
  // Tests sign up many accounts from one address, pay from a few telephones, and search and chat
  // faster than any person; the rate limit tests turn the limits back on.
  AUTH_RATE_LIMIT_ENABLED: 'false',
  PAYMENT_RATE_LIMIT_ENABLED: 'false',
  USER_RATE_LIMIT_ENABLED: 'false',
  // App Check not enforced, as in the emulator: the tests' requests are not about attestation, as they
  // are not about limits; test/platform/app-check.test.ts turns it on, with the local verifier and the
  // debug tokens of test/helpers/app-check.ts (the driver stays Firebase's here, as a function that
  // plays a deployed one must have it).
  FIREBASE_APP_CHECK_ENFORCED: 'false',
  APP_CHECK_DEBUG_TOKENS: APP_CHECK_DEBUG_TOKENS,
});
