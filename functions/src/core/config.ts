/**
 * Every setting of the service, typed, with its default.
 *
 * Values come from the environment: Firebase loads `functions/.env`, `.env.<project>` and, in the
 * emulator, `.env.local` into it (the params mechanism of Cloud Functions). Secrets are declared
 * with `defineSecret` by the adapter that needs them and never appear here.
 * The spec's setting names are kept as they are.
 */
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const integer = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const settingsSchema = z.object({
  /** Name and version reported by the health check. */
  SERVICE_NAME: z.string().min(1).default('vehicle-marketplace'),
  SERVICE_VERSION: z.string().min(1).default('0.1.0'),
  /** Largest accepted JSON body, in the `bytes` notation of body-parser ("1mb", "200kb"). */
  JSON_BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i).default('1mb'),
  /** Domain of the synthetic login emails built from telephone numbers. */
  AUTH_SYNTHETIC_EMAIL_DOMAIN: z.string().min(3).default('users.marketplace.invalid'),
  /** Language of messages when the request does not ask for one (`fr` or `en`). */
  DEFAULT_LANGUAGE: z.enum(['fr', 'en']).default('fr'),
  /** Page size when a list request gives none, and the largest allowed. */
  PAGINATION_DEFAULT_LIMIT: integer(20, 1),
  PAGINATION_MAX_LIMIT: integer(100, 1),
  /** Deepest position a page may start at: offsets past it are refused so no list scans without bound. */
  PAGINATION_MAX_OFFSET: integer(2000, 0),
  /** Device tokens kept per user; registering one more drops the least recently seen. */
  PUSH_TOKENS_MAX_PER_USER: integer(10, 1),
  /** Time zone of business days (journals, bonuses, invoice numbers). */
  BUSINESS_TIME_ZONE: z.string().min(1).default('Africa/Porto-Novo'),
  /** Verify that ID tokens were not revoked (one extra Auth lookup per request). */
  AUTH_CHECK_REVOKED: flag(true),
});

export type Settings = z.infer<typeof settingsSchema>;

let cached: Settings | undefined;

/** Parses the environment once; a bad value stops the function at its first request, loudly. */
export function config(): Settings {
  if (!cached) {
    const parsed = settingsSchema.safeParse(process.env);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new Error(`Invalid configuration: ${fields}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change the environment, then call this so the next `config()` reads it again. */
export function reloadConfig(): void {
  cached = undefined;
}

/** Names and defaults, for the README and the settings table test. */
export function describeSettings(): Array<{ name: string; default: unknown }> {
  return Object.entries(settingsSchema.shape).map(([name, schema]) => ({
    name,
    default: (schema as z.ZodType).safeParse(undefined).data,
  }));
}
