/**
 * Admin broadcasts to a role or to everyone. A request never walks the whole user base: it stores
 * the message and queues its delivery; each task writes one page of recipients' notifications
 * (ADMIN_MESSAGE_PAGE_SIZE) and queues the next page; each new notice's trigger pushes it. Blocked
 * accounts are skipped.
 */
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import { enqueue } from '../../../adapters/tasks/queue';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { type PageRequest, toPage } from '../../../core/pagination';
import { isoOrNull } from '../../../core/firestore';
import { usersAfter } from '../../identity';
import { settingsOf } from '../../settings';
import * as repository from './repository';
import type { AdminMessageDocument } from './repository';
import type { NotificationDocument } from '../repository';
import type { AdminMessage, AdminMessageRequest } from '../schemas';
import { afterNoticesWritten, expiryFrom, notificationId } from '../service';

export const ADMIN_MESSAGE_QUEUE = 'sendAdminMessage';

type MessageView = z.input<typeof AdminMessage>;

function toMessage(id: string, message: AdminMessageDocument): MessageView {
  return {
    id,
    audience: message.audience,
    fr: message.fr,
    en: message.en,
    sentBy: message.sentBy,
    statut: message.statut,
    recipients: message.recipients,
    createdAt: message.createdAt.toDate().toISOString(),
    finishedAt: isoOrNull(message.finishedAt),
  };
}

async function queuePage(messageId: string, cursor: string | null): Promise<void> {
  // The task id makes a page queued twice run once.
  await enqueue(ADMIN_MESSAGE_QUEUE, { messageId, cursor }, 0, `${messageId}-${cursor ?? 'start'}`.replace(/[^A-Za-z0-9_-]/g, '_'));
}

export async function broadcast(caller: ProfileCaller, input: z.output<typeof AdminMessageRequest>): Promise<MessageView> {
  const id = randomUUID();
  const at = now();
  const message = await repository.createMessage(
    id,
    { audience: input.audience, fr: input.fr, en: input.en ?? null, sentBy: caller.uid, cursor: null, recipients: 0, createdAt: Timestamp.fromDate(at), finishedAt: null },
    at,
  );
  if (config().ADMIN_MESSAGE_TASKS_ENABLED) {
    try {
      await queuePage(id, null);
    } catch (error) {
      logger.error('admin message not queued', { id, error: String(error) });
      await repository.markFailed(id, now(), 'TASK_QUEUE_UNAVAILABLE');
      throw new ApiError('TASK_QUEUE_UNAVAILABLE');
    }
  }
  return toMessage(id, message);
}

/**
 * Delivers the page after `cursor`. Answers where the delivery stands; when it is not done and
 * `queueNext` is set, the next page is queued.
 */
export async function sendPage(messageId: string, cursor: string | null, queueNext = config().ADMIN_MESSAGE_TASKS_ENABLED): Promise<{ done: boolean; cursor: string | null }> {
  const message = await repository.findMessage(messageId);
  if (!message || message.statut !== 'sending') return { done: true, cursor: message?.cursor ?? null };
  if (message.cursor !== cursor) {
    // This page was written by an earlier delivery of the task; make sure the next one is queued.
    if (queueNext) await queuePage(messageId, message.cursor);
    return { done: false, cursor: message.cursor };
  }
  const size = config().ADMIN_MESSAGE_PAGE_SIZE;
  const users = await usersAfter(message.audience === 'all' ? undefined : message.audience, cursor, size);
  const recipients = users.filter((user) => !user.isBlocked).map((user) => user.uid);
  const settings = await settingsOf(recipients);
  const at = now();
  const id = notificationId('admin_message', messageId);
  const notifications = recipients.map((uid, index) => {
    const language = settings[index].language;
    const notification: NotificationDocument = {
      type: 'admin_message',
      category: 'system',
      ...((language === 'en' && message.en) || message.fr),
      language: language === 'en' && message.en ? 'en' : 'fr',
      resource: { kind: 'adminMessage', id: messageId },
      read: false,
      readAt: null,
      createdAt: Timestamp.fromDate(at),
      expireAt: expiryFrom(at),
      push: settings[index].notifications.system,
    };
    return { uid, notificationId: id, notification };
  });
  const done = users.length < size;
  const next = users.at(-1)?.uid ?? cursor;
  if (!(await repository.writePage(messageId, cursor, next, notifications, done, at))) return sendPage(messageId, cursor, queueNext);
  // Deployed, each new notice's trigger pushes it (to those who keep `system` notices on).
  await afterNoticesWritten(notifications.map((entry) => ({ uid: entry.uid, id, notification: entry.notification })));
  if (!done && queueNext) await queuePage(messageId, next);
  return { done, cursor: next };
}

export async function history(page: PageRequest) {
  const { items, total } = await repository.history(page);
  return toPage(page, items.map(({ id, message }) => toMessage(id, message)), total);
}
