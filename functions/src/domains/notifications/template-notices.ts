/**
 * Notices through the messaging channel's approved templates (WhatsApp), besides in-app and push:
 * a domain names the template (a setting: empty means the channel is not configured for that
 * notice, and nothing is sent) and its body parameters; the recipient's telephone and language come
 * from its profile and settings. Delivery follows an event, so it is at least once: the key (the
 * event) lets the channel record it once where it can (the local channel does; WhatsApp may show a
 * retried notice twice).
 */
import * as logger from 'firebase-functions/logger';
import { messagingChannel } from '../../adapters/messaging/channel';
import { getUser } from '../identity';
import { getSettings } from '../settings';

export async function sendTemplateNotice(uid: string, notice: { template: string; params: string[]; key: string }): Promise<'sent' | 'not_configured' | 'no_telephone'> {
  if (!notice.template) return 'not_configured';
  const [user, settings] = await Promise.all([getUser(uid), getSettings(uid)]);
  if (!user?.telephone || user.isBlocked) return 'no_telephone';
  const channel = await messagingChannel();
  const { messageId } = await channel.sendTemplate({ to: user.telephone, template: notice.template, language: settings.language, params: notice.params, key: notice.key });
  logger.info('template notice sent', { template: notice.template, messageId, channel: channel.name });
  return 'sent';
}
