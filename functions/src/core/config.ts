/**
 * Every setting of the service, typed, with its default: the declarations by area (config/*.ts),
 * assembled here, and read once per instance.
 *
 * Values come from the environment: Firebase loads `functions/.env`, `.env.<project>` and, in the
 * emulator, `.env.local` into it (the params mechanism of Cloud Functions). Secrets are declared
 * with `defineSecret` by the adapter that needs them and never appear here.
 * The spec's setting names are kept as they are.
 *
 * Each setting's doc comment is its meaning, and the `//` line before a run of settings names their
 * group: `npm run openapi` writes docs/settings.md from them, in the order of the areas below
 * (cli/write-settings.ts follows the spreads), and test/platform/reference-pages.test.ts fails on a
 * setting without one.
 */
import { AGENT_SETTINGS } from './config/agents';
import { APP_CHECK_SETTINGS } from './config/app-check';
import { CATALOG_SETTINGS, DEVELOPMENT_SIGNING_KEY } from './config/catalog';
import { FAIR_EXCHANGE_SETTINGS } from './config/fair-exchange';
import { GENERAL_SETTINGS } from './config/general';
import { MESSAGING_SETTINGS } from './config/messaging';
import { NOTIFICATION_AND_EVENT_SETTINGS } from './config/notifications-and-events';
import { PAYMENT_SETTINGS } from './config/payments';
import { RATE_LIMIT_SETTINGS } from './config/rate-limits';
import { INVALID, type Setting } from './config/readers';
import { RECONCILIATION_SETTINGS } from './config/reconciliation';
import { runsAsFunction, runsDeployed } from './config/runtime';
import { TRICYCLE_AND_DELIVERY_SETTINGS } from './config/tricycles-and-deliveries';
import { WEB_SETTINGS } from './config/web';
import { ZONE_AND_COURIER_SETTINGS } from './config/zones-and-couriers';

export { debugTokenPairs } from './config/app-check';
export { runsDeployed } from './config/runtime';

/** Every setting, in the order of docs/settings.md's sections. */
const SETTINGS = {
  ...GENERAL_SETTINGS,
  ...RATE_LIMIT_SETTINGS,
  ...MESSAGING_SETTINGS,
  ...WEB_SETTINGS,
  ...CATALOG_SETTINGS,
  ...PAYMENT_SETTINGS,
  ...AGENT_SETTINGS,
  ...TRICYCLE_AND_DELIVERY_SETTINGS,
  ...FAIR_EXCHANGE_SETTINGS,
  ...NOTIFICATION_AND_EVENT_SETTINGS,
  ...RECONCILIATION_SETTINGS,
  ...ZONE_AND_COURIER_SETTINGS,
  ...APP_CHECK_SETTINGS,
};

export type Settings = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never };

let cached: Settings | undefined;

/** Reads the environment once; a bad value stops the function at its first request, loudly. */
export function config(): Settings {
  if (!cached) {
    const values: Record<string, unknown> = {};
    const invalid: string[] = [];
    for (const [name, { fallback, read }] of Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>) {
      const raw = process.env[name];
      const value = raw === undefined ? fallback : read(raw);
      if (value === INVALID) invalid.push(name);
      else values[name] = value;
    }
    // Settings that have a default in scripts and tests but none in a function.
    if (runsAsFunction() && values.FEEXPAY_MODE === undefined && !invalid.includes('FEEXPAY_MODE')) invalid.push('FEEXPAY_MODE');
    // The local driver's development key is public: links it signed outside the emulator could be forged.
    if (runsDeployed() && values.STORAGE_DRIVER === 'local' && values.STORAGE_LOCAL_SIGNING_KEY === DEVELOPMENT_SIGNING_KEY) invalid.push('STORAGE_LOCAL_SIGNING_KEY');
    // The local App Check verifier takes published debug tokens: outside the emulator it would let anyone in.
    if (runsDeployed() && values.APP_CHECK_DRIVER === 'local') invalid.push('APP_CHECK_DRIVER');
    if (invalid.length) throw new Error(`Invalid configuration: ${invalid.join(', ')}`);
    cached = values as Settings;
  }
  return cached;
}

/**
 * Settings that are not function settings: the scripts beside the emulator read them from the shell,
 * and nothing deploys them. Here so that docs/settings.md names them with the others.
 */
export const SCRIPT_SETTINGS = {
  /**
   * The local scheduler's (`npm start`; docs/operations.md, Scheduled jobs): how many times as fast as real time its
   * clock runs the schedules (`60`: a minute a second); `0` turns it off. The end-to-end group runs it
   * at 12 whatever this says. Never deployed: production has Cloud Scheduler.
   */
  SCHEDULER_TIME_FACTOR: { default: '1', readBy: 'scripts/local-scheduler.cjs' },
} as const;

/** Tests change the environment, then call this so the next `config()` reads it again. */
export function reloadConfig(): void {
  cached = undefined;
}

/** Names and defaults, for docs/settings.md and the pages that quote settings at their defaults. */
export function describeSettings(): Array<{ name: string; default: unknown }> {
  return Object.entries(SETTINGS).map(([name, { fallback }]) => ({ name, default: fallback }));
}
