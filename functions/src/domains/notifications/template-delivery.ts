/**
 * Sends a queued template notice (`templateNotices/{id}`) through the messaging channel: the work
 * of the `sendTemplateNotices` trigger, the one function holding WHATSAPP_ACCESS_TOKEN. Triggers
 * fire at least once; a notice marked sent is not sent again. A failed send throws, and the trigger
 * (`retry: true`) runs it again, until the notice is a day old: then it is marked given up, since
 * "your report is ready" a day late is noise and the in-app notice and push said it already.
 */
import * as logger from 'firebase-functions/logger';
import { Timestamp } from 'firebase-admin/firestore';
import { messagingChannel } from '../../adapters/messaging/channel';
import { now } from '../../core/clock';
import { type TemplateNoticeDocument, templateNoticeRef } from './whatsapp-notices';

const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

export async function deliverTemplateNotice(id: string): Promise<'sent' | 'already_sent' | 'missing' | 'given_up'> {
  const ref = templateNoticeRef(id);
  const notice = (await ref.get()).data() as TemplateNoticeDocument | undefined;
  if (!notice) return 'missing';
  if (notice.sentAt) return 'already_sent';
  if (notice.givenUpAt) return 'given_up';
  if (now().getTime() - notice.createdAt.toMillis() > GIVE_UP_AFTER_MS) {
    await ref.update({ givenUpAt: Timestamp.fromDate(now()) });
    logger.warn('template notice given up after a day of failed sends', { template: notice.template, id });
    return 'given_up';
  }
  const channel = await messagingChannel();
  const { messageId } = await channel.sendTemplate({ to: notice.to, template: notice.template, language: notice.language, params: notice.params, key: id });
  await ref.update({ sentAt: Timestamp.fromDate(now()), messageId });
  logger.info('template notice sent', { template: notice.template, messageId, channel: channel.name });
  return 'sent';
}
