/**
 * The languages of the service and the choice among them. The messages of the error codes are
 * declared with the codes (core/error-codes.ts, each domain's errors.ts), whose type asks for a
 * message in every language of LANGUAGES.
 */
import { type ErrorCode, errorDeclaration } from '../error-codes';
import { LANGUAGES, type Language } from './languages';

export { LANGUAGES, type Language };

/** The message of a code in a language ('' for a code whose table was not installed: the error handler logs it). */
export function messageFor(code: ErrorCode, language: Language): string {
  return errorDeclaration(code)?.[language] ?? '';
}

/**
 * Picks the supported language the `Accept-Language` header prefers most ("en-US,en;q=0.9,fr;q=0.8"),
 * or the fallback when it names none of ours.
 */
export function pickLanguage(header: string | undefined, fallback: Language): Language {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.base));
  return match ? (match.base as Language) : fallback;
}
