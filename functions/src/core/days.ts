/**
 * Business days as keys (`YYYY-MM-DD`): the one schema that accepts them, the arithmetic on them,
 * and where one begins in BUSINESS_TIME_ZONE. Keys are calendar dates; adding days is done at
 * UTC midnight, where no daylight-saving change can skip or repeat a day.
 */
import { z } from 'zod';
import { businessDay } from './clock';

const DAY_MS = 86_400_000;
const midnightUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A day key that exists in the calendar (`2026-02-30` does not). */
export const DayKey = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'A day as YYYY-MM-DD.' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, { message: 'Not a day of the calendar.' });

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(midnightUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `to` is after `from` (negative when before). */
export function daysApart(from: string, to: string): number {
  return (midnightUtc(to) - midnightUtc(from)) / DAY_MS;
}

/** The days from `from` to `to` (both included), in order; none when `from` is after `to`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = midnightUtc(to);
  for (let at = midnightUtc(from); at <= end; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The first moment of a business day in `timeZone`: the day's offset found by asking the calendar. */
export function startOfBusinessDay(day: string, timeZone: string): Date {
  const midnight = midnightUtc(day);
  for (let hours = 14; hours >= -14; hours -= 1) {
    const at = new Date(midnight - hours * 3_600_000);
    if (businessDay(at, timeZone) === day) return at;
  }
  return new Date(midnight);
}
