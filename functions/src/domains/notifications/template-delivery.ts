/**
 * Sends a queued template notice (`templateNotices/{id}`) through the messaging channel: the work
 * of the `sendTemplateNotices` trigger, the one function holding WHATSAPP_ACCESS_TOKEN. Triggers
 * fire at least once; a notice marked sent is not sent again.
 */
import * as logger from 'firebase-functions/logger';
import { Timestamp } from 'firebase-admin/firestore';
import { messagingChannel } from '../../adapters/messaging/channel';
import { now } from '../../core/clock';
import { type TemplateNoticeDocument, templateNoticeRef } from './template-notices';

export async function deliverTemplateNotice(id: string): Promise<'sent' | 'already_sent' | 'missing'> {
  const ref = templateNoticeRef(id);
  const notice = (await ref.get()).data() as TemplateNoticeDocument | undefined;
  if (!notice) return 'missing';
  if (notice.sentAt) return 'already_sent';
  const channel = await messagingChannel();
  const { messageId } = await channel.sendTemplate({ to: notice.to, template: notice.template, language: notice.language, params: notice.params, key: id });
  await ref.update({ sentAt: Timestamp.fromDate(now()), messageId });
  logger.info('template notice sent', { template: notice.template, messageId, channel: channel.name });
  return 'sent';
}
