/**
 * A deprecated route (docs/api-conventions.md, "Deprecation"): it keeps answering until its sunset
 * date, says so in every answer, so that an app's logs show it before its users meet the removal,
 * and names the route that replaces it.
 */
import type { RequestHandler } from 'express';

export interface Deprecation {
  /** The day of the release that deprecated it (YYYY-MM-DD). */
  since: string;
  /** The day after which a major release may remove it (YYYY-MM-DD): at least 180 days after `since`. */
  sunset: string;
  /** What an app calls instead. */
  use: string;
}

/** The shortest life of a deprecated shape beside its replacement (docs/api-conventions.md). */
export const MIN_DEPRECATION_DAYS = 180;

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Refuses, when the routers are built, a deprecation whose dates the policy does not allow. */
export function assertDeprecation(where: string, deprecation: Deprecation): void {
  const [since, sunset] = [dayOf(deprecation.since), dayOf(deprecation.sunset)];
  if (Number.isNaN(since) || Number.isNaN(sunset)) throw new Error(`${where}: a deprecation's since and sunset are YYYY-MM-DD days`);
  if (sunset - since < MIN_DEPRECATION_DAYS * DAY_MS) throw new Error(`${where}: a deprecated route lives ${MIN_DEPRECATION_DAYS} days at least before its sunset`);
}

/** `Deprecation` (RFC 9745: `@` and the Unix time it took effect) and `Sunset` (RFC 8594: an HTTP-date). */
export function deprecationHeaderValues(deprecation: Deprecation): { Deprecation: string; Sunset: string } {
  return {
    Deprecation: `@${Math.floor(dayOf(deprecation.since) / 1000)}`,
    Sunset: new Date(dayOf(deprecation.sunset)).toUTCString(),
  };
}

/** Both headers on every answer of a deprecated route. */
export function deprecationHeaders(deprecation: Deprecation): RequestHandler {
  const headers = deprecationHeaderValues(deprecation);
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}

/** The paragraph a deprecated operation's description ends with. */
export function deprecationNote(deprecation: Deprecation): string {
  return `Deprecated since ${deprecation.since}; removed in a major release after ${deprecation.sunset} (its answers carry \`Deprecation\` and \`Sunset\`). Use ${deprecation.use}.`;
}
