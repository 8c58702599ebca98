/**
 * The emulator's push driver: records what FCM would have been asked to deliver. So that the
 * service's pruning and retries can be exercised without FCM, it answers like FCM for tokens that
 * say what they are: a token starting with `invalid-` is unregistered, one starting with
 * `unavailable-` fails with a passing error. Never used in production.
 */
import { randomUUID } from 'node:crypto';
import { now } from '../../core/clock';
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import type { PushDriver, PushMessage, PushResult } from './types';

export class LocalPushDriver implements PushDriver {
  readonly name = 'local' as const;

  async send(tokens: string[], message: PushMessage): Promise<PushResult[]> {
    const results: PushResult[] = tokens.map((token) => {
      if (token.startsWith('invalid-')) return { token, verdict: 'invalid', error: 'messaging/registration-token-not-registered' };
      if (token.startsWith('unavailable-')) return { token, verdict: 'failed', error: 'messaging/unavailable' };
      return { token, verdict: 'sent' };
    });
    const delivered = results.filter((result) => result.verdict === 'sent').map((result) => result.token);
    if (delivered.length > 0) {
      await db().collection(COLLECTIONS.localPushes).doc(randomUUID()).set({ tokens: delivered, ...message, createdAt: now() });
    }
    return results;
  }
}
