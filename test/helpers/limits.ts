/** What a request refused by a limit answers (docs/api-conventions.md, "Per-user limits"). */
import type { Response } from 'supertest';

/** The refusal the limits promise: 429 RATE_LIMITED, localized, and when to come back (`Retry-After`, within the window). */
export function expectLimited(res: Response, windowSeconds: number): void {
  expect([res.status, res.body.code, res.body.message]).toEqual([429, 'RATE_LIMITED', 'Trop de requêtes. Réessayez plus tard.']);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}
