/**
 * The messaging platform's webhook: the subscription handshake (verify token) and the signed
 * callbacks (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { ApiError } from '../../core/errors';
import { optionalSecret } from '../../core/secrets';
import type { Language } from '../../core/i18n';
import { onMessageStatus } from './otp-service';
import type { MessagingCallback } from './schemas';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** GET handshake: echo `hub.challenge` when the mode and the verify token are right, else 403. */
export const verifyHandshake: RequestHandler = (req, res, next) => {
  // Unset: every handshake is refused (fail closed).
  const expected = optionalSecret('MESSAGING_WEBHOOK_VERIFY_TOKEN');
  const mode = req.query['hub.mode'];
  const token = req.query['hub.verify_token'];
  const challenge = req.query['hub.challenge'];
  if (!expected || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !sameText(token, expected)) {
    next(new ApiError('WEBHOOK_VERIFICATION_FAILED'));
    return;
  }
  res.status(200).type('text/plain').send(challenge);
};

/** Refuses callbacks whose signature is missing or wrong, before anything reads them. */
export const verifySignature: RequestHandler = (req, _res, next) => {
  // Unset: every callback is refused (fail closed).
  const appSecret = optionalSecret('MESSAGING_APP_SECRET');
  const raw = (req as { rawBody?: Buffer }).rawBody;
  const header = req.get('x-hub-signature-256') ?? '';
  if (!appSecret || !raw || !/^sha256=[0-9a-f]{64}$/.test(header)) {
    next(new ApiError('WEBHOOK_SIGNATURE_INVALID'));
    return;
  }
  const expected = `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  next(sameText(header, expected) ? undefined : new ApiError('WEBHOOK_SIGNATURE_INVALID'));
};

/** Records every message status of the callback; statuses come in any order, possibly repeated. */
export async function handleCallback(body: z.output<typeof MessagingCallback>, language: Language): Promise<{ statuses: number }> {
  const statuses = (body.entry ?? []).flatMap((entry) => (entry.changes ?? []).flatMap((change) => change.value.statuses ?? []));
  for (const status of statuses) {
    await onMessageStatus(status.id, status.status, status.timestamp ?? '', language);
  }
  return { statuses: statuses.length };
}
