/**
 * The one source of time. Business code asks `now()` instead of `new Date()`, so tests move time
 * forward without sleeping.
 */
let source: () => Date = () => new Date();

export function now(): Date {
  return source();
}

export function setClock(next: () => Date): void {
  source = next;
}

export function resetClock(): void {
  source = () => new Date();
}

/** The business day (`YYYY-MM-DD`) of a moment, in BUSINESS_TIME_ZONE. */
export function businessDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
