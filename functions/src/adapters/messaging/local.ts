/** The emulator's channel: records the message instead of sending it. Never used in production. */
import { randomUUID } from 'node:crypto';
import { now } from '../../core/clock';
import { db } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import type { MessagingChannel, OtpMessage, TemplateMessage } from './types';

export class LocalChannel implements MessagingChannel {
  readonly name = 'local' as const;

  async sendOtp(message: OtpMessage): Promise<{ messageId: string }> {
    const messageId = `local.${randomUUID()}`;
    await db().collection(COLLECTIONS.localMessages).doc(messageId).set({ ...message, channel: 'otp', createdAt: now() });
    return { messageId };
  }

  /** Recorded once per key (`template.{key}`): a notice delivered again is the same message. */
  async sendTemplate(message: TemplateMessage): Promise<{ messageId: string }> {
    const messageId = `template.${message.key}`;
    await db().collection(COLLECTIONS.localMessages).doc(messageId).set({ ...message, channel: 'template', createdAt: now() });
    return { messageId };
  }
}
