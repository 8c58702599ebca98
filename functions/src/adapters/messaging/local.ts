/** The emulator's channel: records the message instead of sending it. Never used in production. */
import { randomUUID } from 'node:crypto';
import { now } from '../../core/clock';
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import type { MessagingChannel, OtpMessage } from './channel';

export class LocalChannel implements MessagingChannel {
  readonly name = 'local' as const;

  async sendOtp(message: OtpMessage): Promise<{ messageId: string }> {
    const messageId = `local.${randomUUID()}`;
    await db().collection(COLLECTIONS.localMessages).doc(messageId).set({ ...message, channel: 'otp', createdAt: now() });
    return { messageId };
  }
}
