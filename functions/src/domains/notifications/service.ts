/**
 * Telling users what happened: every event becomes one in-app notification in the recipient's
 * language and, when the recipient keeps that category on, a push to their devices. The event's
 * key makes the notification's id, so an event told twice (a retried effect, a redelivered
 * trigger) is stored and pushed once. Telling is a consequence of a change that already happened:
 * a failure here is logged, never turned into a failure of the change.
 */
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import type { z } from 'zod';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { type PageRequest, toPage } from '../../core/pagination';
import { isoOrNull } from '../../core/firestore';
import { getSettings } from '../settings/service';
import { type NotificationType, type ResourceKind, TEMPLATES, textOf } from './catalogue';
import { pushToUser } from './push';
import * as repository from './repository';
import type { NotificationDocument } from './repository';
import type { Notification } from './schemas';

const DAY_MS = 86_400_000;

export interface NotificationEvent {
  type: keyof typeof TEMPLATES;
  /** What makes this event one: the same key and type never notify twice. */
  key: string;
  params?: Record<string, string>;
  resource?: { kind: ResourceKind; id: string };
}

export const notificationId = (type: NotificationType, key: string) => createHash('sha256').update(`${type}:${key}`).digest('hex').slice(0, 40);

export function expiryFrom(at: Date): Timestamp {
  return Timestamp.fromMillis(at.getTime() + config().NOTIFICATION_RETENTION_DAYS * DAY_MS);
}

/** Push data of a notification: strings only (FCM), enough for the app to open the resource. */
export function pushData(id: string, notification: Pick<NotificationDocument, 'type' | 'resource'>): Record<string, string> {
  const { resource } = notification;
  return { type: notification.type, notificationId: id, ...(resource ? { resourceKind: resource.kind, resourceId: resource.id } : {}) };
}

export async function notify(uid: string, event: NotificationEvent): Promise<void> {
  try {
    const settings = await getSettings(uid);
    const { category } = TEMPLATES[event.type];
    const at = now();
    const id = notificationId(event.type, event.key);
    const notification: NotificationDocument = {
      type: event.type,
      category,
      ...textOf(event.type, settings.language, event.params ?? {}),
      language: settings.language,
      resource: event.resource ?? null,
      read: false,
      readAt: null,
      createdAt: Timestamp.fromDate(at),
      expireAt: expiryFrom(at),
    };
    if (!(await repository.createOnce(uid, id, notification))) return;
    if (!settings.notifications[category]) return;
    await pushToUser(uid, { title: notification.title, body: notification.body, data: pushData(id, notification) });
  } catch (error) {
    logger.warn('notification not delivered', { uid, type: event.type, error: String(error) });
  }
}

type NotificationView = z.input<typeof Notification>;

export function toNotification(id: string, notification: NotificationDocument): NotificationView {
  return {
    id,
    type: notification.type,
    category: notification.category,
    title: notification.title,
    body: notification.body,
    language: notification.language,
    resource: notification.resource,
    read: notification.read,
    readAt: isoOrNull(notification.readAt),
    createdAt: notification.createdAt.toDate().toISOString(),
  };
}

export async function list(uid: string, unreadOnly: boolean, page: PageRequest) {
  const { items, total } = await repository.list(uid, unreadOnly, page);
  return toPage(page, items.map(({ id, notification }) => toNotification(id, notification)), total);
}

export async function unreadCount(uid: string) {
  return { count: await repository.countUnread(uid) };
}

export async function setRead(uid: string, id: string, read: boolean) {
  return toNotification(id, await repository.setRead(uid, id, read, now()));
}

export function markAllRead(uid: string) {
  return repository.markAllRead(uid, now());
}

export async function remove(uid: string, id: string) {
  await repository.remove(uid, id);
  return { deleted: true as const };
}
