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
