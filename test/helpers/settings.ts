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
