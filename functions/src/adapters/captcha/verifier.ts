/**
 * Captcha verification, fail closed: anything but a clear "yes" from the provider is a refusal
 * (bad or replayed token, low score, timeout, garbled reply). One adapter, three providers, all
 * of which take a form POST of `secret`, `response` and `remoteip` on their siteverify endpoint.
 */
import { config } from '../../core/config';
import { secret } from '../../core/secrets';
import { postToPartner } from '../http-client';

const DEFAULT_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

interface SiteverifyReply {
  success?: unknown;
  score?: unknown;
}

/** `remoteIp`: the client's address when known (the providers take it as an optional hint). */
export async function verifyCaptcha(token: string, remoteIp: string | undefined): Promise<boolean> {
  const settings = config();
  const provider = settings.CAPTCHA_PROVIDER;
  try {
    const { status, body } = await postToPartner(`captcha:${provider}`, settings.CAPTCHA_VERIFY_URL || DEFAULT_URLS[provider], {
      form: { secret: secret('CAPTCHA_SECRET'), response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) },
      timeoutMs: settings.CAPTCHA_TIMEOUT_MS,
    });
    const reply = body as SiteverifyReply;
    if (status !== 200 || reply.success !== true) return false;
    if (provider === 'recaptcha') return typeof reply.score === 'number' && reply.score >= settings.CAPTCHA_MIN_SCORE;
    return true;
  } catch {
    return false;
  }
}
