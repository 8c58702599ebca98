/**
 * The captcha check of registrations from the web client (CAPTCHA_ENABLED). It lives with the
 * registration it guards: account security (one-time codes, phone proofs) builds on identity, not
 * the reverse.
 */
import type { Request } from 'express';
import { verifyCaptcha } from '../../adapters/captcha/verifier';
import { clientIp } from '../../core/client-ip';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { isWebClient } from '../../core/web-session';

export async function assertHumanOnWeb(req: Request): Promise<void> {
  if (!isWebClient(req) || !config().CAPTCHA_ENABLED) return;
  const token = req.get('x-captcha-token')?.trim();
  // Behind Hosting's edge the client's address is unknown: the provider is told none rather than the edge's.
  if (!token || token.length > 4096 || !(await verifyCaptcha(token, clientIp(req)))) throw new ApiError('CAPTCHA_FAILED');
}
