/**
 * Sending a request again when the failure was passing: the network dropped before any answer, the
 * service asked to slow down (429, with `Retry-After`) or was unavailable (503, `Retry-After` too
 * when it says one). Only a request that
 * is safe to repeat is sent again: a read (GET, HEAD, OPTIONS), or a write that carries an
 * `Idempotency-Key`, which the service answers with the first request's outcome instead of doing it
 * twice. Any other write is sent once: the app decides, since the first one may have been done.
 *
 * The waits grow exponentially with full jitter (a random wait between 0 and the step's ceiling), so
 * that the apps a failure hit together do not come back together.
 */

export interface RetryOptions {
  /** Requests sent in all, the first included (default 3; 1 sends each request once). */
  maxAttempts?: number;
  /** The first wait's ceiling (ms, default 300); each next one doubles it. */
  baseDelayMs?: number;
  /** The ceiling of any wait (ms, default 10 000). A 429 whose `Retry-After` asks longer is answered as it is. */
  maxDelayMs?: number;
  /** Waits `ms` (tests give one that does not). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1): the jitter (Math.random by default). */
  random?: () => number;
  /** The current time in ms, to read a `Retry-After` given as a date (Date.now by default). */
  now?: () => number;
}

type Fetch = (request: Request) => Promise<Response>;

const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PASSING_STATUSES = new Set([429, 503]);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether sending `request` twice does what sending it once does. */
export function isRepeatable(request: Request): boolean {
  return REPEATABLE_METHODS.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');
}

/**
 * fetch's own failure, before any answer (no connection, connection lost): a TypeError, named
 * rather than tested with instanceof, since a fetch polyfill or another realm has its own class.
 * An abort (AbortError) is the app's decision, not a failure to retry.
 */
const isNetworkFailure = (error: unknown) => (error as { name?: unknown } | null)?.name === 'TypeError';

/** `Retry-After` in ms (seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(response: Response, now: () => number): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/** The wait before attempt `attempt + 1` (attempt counts from 1): full jitter under a doubling ceiling. */
export function backoffMs(attempt: number, options: Required<Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(options.random() * ceiling);
}

/** `fetch`, sending a repeatable request again after a passing failure, at most `maxAttempts` times in all. */
export function retryingFetch(fetch: Fetch, options: RetryOptions = {}): Fetch {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
  const timing = { baseDelayMs: options.baseDelayMs ?? 300, maxDelayMs: options.maxDelayMs ?? 10_000, random: options.random ?? Math.random };
  const sleep = options.sleep ?? wait;
  const now = options.now ?? Date.now;

  return async (request) => {
    if (maxAttempts === 1 || !isRepeatable(request)) return fetch(request);
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= maxAttempts;
      // Each attempt sends its own copy: a body is read once.
      const sent = last ? request : request.clone();
      let response: Response;
      try {
        response = await fetch(sent);
      } catch (error) {
        if (last || !isNetworkFailure(error)) throw error;
        await sleep(backoffMs(attempt, timing));
        continue;
      }
      if (last || !PASSING_STATUSES.has(response.status)) return response;
      // A 429 says when to come back; a 503 may too.
      const asked = retryAfterMs(response, now);
      if (asked !== undefined && asked > timing.maxDelayMs) return response;
      // The answer is dropped: free its connection before waiting.
      await response.body?.cancel().catch(() => undefined);
      await sleep(asked ?? backoffMs(attempt, timing));
    }
  };
}
