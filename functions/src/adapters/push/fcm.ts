/** FCM through the Admin SDK's messaging (sendEachForMulticast: one verdict per token). */
import { getMessaging } from 'firebase-admin/messaging';
import { adminApp } from '../../core/firebase';
import type { PushDriver, PushMessage, PushResult } from './types';

/** FCM's answers that mean the token will never work again. */
const INVALID_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

export class FcmDriver implements PushDriver {
  readonly name = 'fcm' as const;

  async send(tokens: string[], message: PushMessage): Promise<PushResult[]> {
    const reply = await getMessaging(adminApp()).sendEachForMulticast({
      tokens,
      notification: { title: message.title, body: message.body },
      data: message.data,
    });
    return reply.responses.map((response, index) => {
      if (response.success) return { token: tokens[index], verdict: 'sent' };
      const code = response.error?.code ?? 'unknown';
      return { token: tokens[index], verdict: INVALID_TOKEN_CODES.has(code) ? 'invalid' : 'failed', error: code };
    });
  }
}
