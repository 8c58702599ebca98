/**
 * Moments as people read them: in BUSINESS_TIME_ZONE (Benin, UTC+1), in the reader's language.
 * Every notice and PDF that writes a time or a date writes it through here, so that none prints
 * UTC or does the zone's arithmetic by hand; the calendar (Intl) knows the zone's offset.
 */
import { config } from './config';

export type TextLanguage = 'fr' | 'en';

const LOCALES: Record<TextLanguage, string> = { fr: 'fr-FR', en: 'en-GB' };

/** One formatter per language and style, for the zone in force (a test may change the setting). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: TextLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = config().BUSINESS_TIME_ZONE;
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** A day key (`YYYY-MM-DD`, core/days.ts): a day of the calendar already, with no hour to place in a zone. */
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const dayOfKey = (key: string, language: TextLanguage) => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${key}T00:00:00Z`));

/**
 * A notice's parameter is text: an instant (ISO 8601) is written in the zone; any other text, such
 * as a time a notice requested before this module already wrote, is shown as it came.
 */
function written(at: Date | string, language: TextLanguage, options: Intl.DateTimeFormatOptions): string {
  if (typeof at === 'string' && DAY_KEY.test(at)) return dayOfKey(at, language);
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? String(at) : formatter(language, options).format(date);
}

/** `15:05`: the hour and minute, 24-hour clock in both languages. */
export const formatTime = (at: Date | string, language: TextLanguage): string => written(at, language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `29 novembre 2026` / `29 November 2026`; a day key is that day. */
export const formatDay = (at: Date | string, language: TextLanguage): string => written(at, language, { dateStyle: 'long' });

/** `29 novembre 2026 à 15:05` / `29 November 2026 at 15:05`; a day key, which has no hour, its day. */
export const formatDateTime = (at: Date | string, language: TextLanguage): string => written(at, language, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' });
