/**
 * The web clients: the captcha of web registration and the dashboard's sessions.
 *
 * Each doc comment is the setting's meaning on docs/settings.md and the `//` line before a run of
 * settings names their section there; core/config.ts puts the areas in the page's order.
 */
import { flag, integer, decimal, text, oneOf } from './readers';

export const WEB_SETTINGS = {
  // Captcha on web registration.
  /** Captcha on `POST /api/auth/register` from the web client. */
  CAPTCHA_ENABLED: flag(true),
  /** `turnstile` (Cloudflare), `recaptcha` (v3) or `hcaptcha`. */
  CAPTCHA_PROVIDER: oneOf(['turnstile', 'recaptcha', 'hcaptcha'], 'turnstile'),
  /** Siteverify endpoint; empty for the provider's own. */
  CAPTCHA_VERIFY_URL: text(''),
  /** reCAPTCHA v3: lowest score accepted. */
  CAPTCHA_MIN_SCORE: decimal(0.5, 0, 1),
  /** Timeout of a verification; a timeout refuses. */
  CAPTCHA_TIMEOUT_MS: integer(3000, 100),

  // Web dashboard sessions.
  /** A dashboard session ends after this long without requests. */
  WEB_SESSION_IDLE_MINUTES: integer(30, 1),
  /** A session's idle clock is written at most this often. */
  WEB_SESSION_TOUCH_INTERVAL_MS: integer(60 * 1000, 0),
};
