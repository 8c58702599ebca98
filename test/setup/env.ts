/**
 * Every test process talks to the emulators started by `npm test` (firebase emulators:exec sets
 * their hosts). Refuse to run elsewhere rather than touch a real project.
 */
process.env.GCLOUD_PROJECT ??= 'demo-marketplace';
if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error('Run the tests with `npm test` (or `npm run test:only -- <file>`): they need the emulator suite.');
}
