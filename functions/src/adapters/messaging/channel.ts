/**
 * The channel that carries one-time codes, and template notices, to a telephone. WhatsApp Cloud API in production; in the
 * emulator and tests a local channel that records each message in Firestore (`localMessages`),
 * where developers and tests read the code.
 */
import { config } from '../../core/config';
import type { MessagingChannel } from './types';

// Its types, named here too for the code that asks for a driver.
export type { OtpMessage, TemplateMessage, MessagingChannel } from './types';

export async function messagingChannel(): Promise<MessagingChannel> {
  return config().MESSAGING_DRIVER === 'whatsapp'
    ? new (await import('./whatsapp')).WhatsAppChannel()
    : new (await import('./local')).LocalChannel();
}
