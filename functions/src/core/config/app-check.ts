/**
 * App attestation (Firebase App Check): whether it is enforced, which verifier checks the tokens, and
 * the debug tokens of the local one.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { INVALID, oneOf, setting } from './readers';

const DEBUG_TOKEN = /^[A-Za-z0-9._-]{16,200}$/;
/** A Firebase app id: `1:<project number>:<android|ios|web>:<hash>`. */
const APP_ID = /^\d+:\d+:(android|ios|web):[0-9A-Za-z]+$/;

/**
 * The `token=appId` pairs of APP_CHECK_DEBUG_TOKENS (comma-separated; tokens of 16 to 200 letters,
 * digits, `.`, `_` or `-`), or undefined when one is not such a pair.
 */
export function debugTokenPairs(raw: string): Array<[token: string, appId: string]> | undefined {
  const pairs = raw
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair): [string, string] => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
  return pairs.every(([token, appId]) => DEBUG_TOKEN.test(token) && APP_ID.test(appId)) ? pairs : undefined;
}

export const APP_CHECK_SETTINGS = {
  // App attestation (Firebase App Check: docs/api-conventions.md, App Check).
  /**
   * Refuse the apps' free actions and every signed-in request without a valid `X-Firebase-AppCheck`
   * (`APP_CHECK_FAILED`); a token that is sent is verified either way. Unset: enforced in a deployed
   * function, not under the Functions emulator nor in scripts (core/app-check.ts, `appCheckEnforced`).
   * The contract's name, read from the process's environment only (the tests, a variable set on the
   * function outside `.env`): firebase-tools refuses a `functions/.env*` file holding a key that starts
   * with `FIREBASE_` (a reserved prefix), so that file sets `APP_CHECK_ENFORCED` instead.
   */
  FIREBASE_APP_CHECK_ENFORCED: oneOf(['true', 'false'], undefined),
  /** The same switch under a name `functions/.env.<project>` may hold; FIREBASE_APP_CHECK_ENFORCED wins when both are set. */
  APP_CHECK_ENFORCED: oneOf(['true', 'false'], undefined),
  /**
   * `firebase` (the Admin SDK verifies tokens with Google's keys) or `local` (the emulator's and the
   * tests': the debug tokens of `APP_CHECK_DEBUG_TOKENS` only). A deployed function with `local` stops
   * at its first request naming it: its debug tokens are published.
   */
  APP_CHECK_DRIVER: oneOf(['firebase', 'local'], 'firebase'),
  /**
   * Local verifier only: `token=appId` pairs, comma-separated, each debug token standing for the
   * Firebase app id it names (`1:<project number>:<android|ios|web>:<hash>`; a `web` app is the
   * dashboard). The emulator's are in `functions/.env.demo-marketplace`.
   */
  APP_CHECK_DEBUG_TOKENS: setting('', (raw) => (debugTokenPairs(raw) ? raw : INVALID)),
};
