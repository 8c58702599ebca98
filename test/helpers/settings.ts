/** Changes settings for one test and puts them back after it. */
import { reloadConfig } from '../../functions/src/core/config';
import { resetClock, setClock } from '../../functions/src/core/clock';

const saved = new Map<string, string | undefined>();

export function useSettings(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    process.env[name] = value;
  }
  reloadConfig();
}

export function restoreSettings(): void {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved.clear();
  reloadConfig();
}

/** Time stands still at `start` until moved with the returned function. */
export function frozenClock(start = new Date()): (ms: number) => Date {
  let current = start.getTime();
  setClock(() => new Date(current));
  return (ms: number) => {
    current += ms;
    return new Date(current);
  };
}

export { resetClock };

/**
 * For a file of tests that count requests against the rate limits: each test runs at one frozen
 * instant, a minute into the hour. The limits count in fixed windows from the epoch, and a test's
 * requests made across a window's end would be counted in two windows; a minute into the hour is
 * the start of every window length that divides an hour. Settings and time are put back after each.
 */
export function oneInstantPerTestInAWindow(): void {
  beforeEach(() => {
    frozenClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000));
  });
  restoreSettingsAndClockAfterEach();
}

/** For a file whose tests change settings or time: both are put back after each test. */
export function restoreSettingsAndClockAfterEach(): void {
  afterEach(() => {
    resetClock();
    restoreSettings();
  });
}

/**
 * Requests as a deployed function receives them: the platform (K_SERVICE, as Cloud Run sets it)
 * appended the caller's address to X-Forwarded-For, so a test's header plays Google's front end
 * (and Hosting's edge). Off the platform, X-Forwarded-For is the client's own and is ignored.
 */
export function asDeployed(): void {
  useSettings({ K_SERVICE: 'core' });
}
