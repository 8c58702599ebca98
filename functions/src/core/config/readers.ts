/**
 * How one environment variable is read, by kind (whole number, URL, list of ranges...).
 *
 * Each setting is read by a small function of its kind rather than a zod schema: the first request of
 * every instance reads them all, and building a schema of some eighty fields was the largest piece of
 * our own code in a cold start (docs/measurements.md). The rules are the ones zod applied: numbers as
 * `Number()` reads them, URLs as `new URL()` parses them.
 */
import { isIP } from 'node:net';

/** What a reader answers for a value it refuses: core/config.ts names the setting and stops. */
export const INVALID = Symbol('invalid setting');

/** How one environment variable is read. */
export interface Setting<T> {
  /** The value when the variable is unset (its default on docs/settings.md). */
  readonly fallback: T;
  /** The value of a set variable, or INVALID. */
  read(raw: string): T | typeof INVALID;
}

export function setting<T>(fallback: T, read: (raw: string) => T | typeof INVALID): Setting<T> {
  return { fallback, read };
}

/** `true`/`1` or `false`/`0`. */
export const flag = (fallback: boolean) => setting(fallback, (raw) => (raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : INVALID));

/** A whole number from `min` to `max`. */
export const integer = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  setting(fallback, (raw) => {
    const value = Number(raw);
    return Number.isSafeInteger(value) && value >= min && value <= max ? value : INVALID;
  });

/** A number from `min` to `max`. */
export const decimal = (fallback: number, min: number, max: number) =>
  setting(fallback, (raw) => {
    const value = Number(raw);
    return Number.isFinite(value) && value >= min && value <= max ? value : INVALID;
  });

/** Text of at least `min` characters, matching `pattern` when given. */
export const text = (fallback: string, { min = 0, pattern }: { min?: number; pattern?: RegExp } = {}) =>
  setting(fallback, (raw) => (raw.length >= min && (!pattern || pattern.test(raw)) ? raw : INVALID));

/** One of `values`; `fallback` undefined when the setting has no default. */
export const oneOf = <const V extends string, F extends V | undefined>(values: readonly V[], fallback: F) =>
  setting<V | F>(fallback, (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : INVALID));

/** An absolute URL (surrounding spaces, tabs and line breaks dropped), or '' when `orEmpty`. */
export const url = (fallback: string, { orEmpty = false } = {}) =>
  setting(fallback, (raw) => {
    if (orEmpty && raw === '') return '';
    const trimmed = raw.trim();
    return URL.canParse(trimmed) ? trimmed.replace(/[\t\n\r]/g, '') : INVALID;
  });

/** Comma-separated CIDR ranges (`a.b.c.d/n`, `x::/n`), possibly none. */
export const cidrList = () => setting('', (raw) => (raw.split(',').map((range) => range.trim()).filter(Boolean).every(isCidr) ? raw : INVALID));

/** `a.b.c.d/n` or `x::/n`. */
function isCidr(range: string): boolean {
  const [network = '', prefix = '', ...rest] = range.split('/');
  const family = isIP(network);
  return rest.length === 0 && family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
