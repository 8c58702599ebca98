/**
 * Telling users what happened. Domains emit facts (domain events, in the transaction of the change)
 * and declare who each fact tells (their `tells.ts`): the `notifications.tell.<fact>` subscribers
 * (tell-subscribers.ts) write each notice in its recipient's language (`notify`), keyed by its type and key
 * so a notice told twice is stored once; the trigger on the notice's creation pushes it to the
 * recipient's devices when the recipient keeps that category on (`pushNotice`), once. A change that
 * is no Firestore write (a password set in Auth) asks for its notice right after (`notifyAfter`).
 */
import { createHash } from 'node:crypto';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { emit } from '../../core/events';
import { runTransaction } from '../../core/firebase';
import { type PageRequest, toPage } from '../../core/pagination';
import { isoOrNull } from '../../core/firestore';
import { getSettings } from '../settings';
import type { NoticeType } from '../../core/notices';
import { type ResourceKind, templateOf } from './notice-texts';
import { type PushSummary, pushToUser } from './push';
import * as repository from './repository';
import type { NotificationDocument } from './repository';
import type { Notification } from './schemas';

const DAY_MS = 86_400_000;

/** A notice to write: its type is one of the domains' notices.ts (broadcasts are admin-messages/service.ts's). */
export interface NotificationEvent {
  type: NoticeType;
  /** What makes this event one: the same key and type never notify twice. */
  key: string;
  params?: Record<string, string>;
  resource?: { kind: ResourceKind; id: string };
}

export const notificationId = (type: NoticeType | 'admin_message', key: string) => createHash('sha256').update(`${type}:${key}`).digest('hex').slice(0, 40);

export function expiryFrom(at: Date): Timestamp {
  return Timestamp.fromMillis(at.getTime() + config().NOTIFICATION_RETENTION_DAYS * DAY_MS);
}

/** Push data of a notification: strings only (FCM), enough for the app to open the resource. */
export function pushData(id: string, notification: Pick<NotificationDocument, 'type' | 'resource'>): Record<string, string> {
  const { resource } = notification;
  return { type: notification.type, notificationId: id, ...(resource ? { resourceKind: resource.kind, resourceId: resource.id } : {}) };
}

/** Asks for a notice in a transaction: `notification.requested`, written by the `notifications.write` subscriber. */
function notifyIn(tx: Transaction, uid: string, event: NotificationEvent): void {
  const id = notificationId(event.type, event.key);
  emit(tx, 'notification.requested', `${uid}_${id}`, { uid, type: event.type, key: event.key, params: event.params ?? {}, resource: event.resource ?? null });
}

/**
 * Asks for a notice of a change that is not a Firestore write (a password set in Auth): its own
 * transaction, right after the change. The only notices a crash between the two can lose.
 */
export function notifyAfter(uid: string, event: NotificationEvent): Promise<void> {
  return runTransaction(async (tx) => notifyIn(tx, uid, event));
}

/** Writes the notice once, in the recipient's language (the telling subscribers and `notifications.write`). */
export async function notify(uid: string, event: NotificationEvent): Promise<void> {
  const [settings, template] = await Promise.all([getSettings(uid), templateOf(event.type)]);
  const at = now();
  const id = notificationId(event.type, event.key);
  const notification: NotificationDocument = {
    type: event.type,
    category: template.category,
    ...template[settings.language](event.params ?? {}),
    language: settings.language,
    resource: event.resource ?? null,
    read: false,
    readAt: null,
    createdAt: Timestamp.fromDate(at),
    expireAt: expiryFrom(at),
    push: settings.notifications[template.category],
  };
  if (await repository.createOnce(uid, id, notification)) await afterNoticesWritten([{ uid, id, notification }]);
}

/**
 * Deployed, the trigger on each new notice pushes it. Dispatching in process (tests), there is no
 * trigger: the writer pushes at once, through the same function.
 */
export async function afterNoticesWritten(notices: Array<{ uid: string; id: string; notification: NotificationDocument }>): Promise<void> {
  if (!config().EVENTS_DISPATCH_INLINE) return;
  for (const { uid, id, notification } of notices) await pushNotice(uid, id, notification);
}

/**
 * The push of a new notice (the trigger on `users/{uid}/notifications/{id}`, which hands the new
 * document over: `written`): to every device of the recipient when it keeps the notice's category
 * on (`push`, decided when the notice was written). At most once per notice: the notice is marked
 * `pushedAt` in a transaction before the push, so a redelivered trigger sends nothing.
 */
export async function pushNotice(uid: string, id: string, written?: NotificationDocument): Promise<PushSummary | undefined> {
  const notice = written ?? (await repository.find(uid, id));
  if (!notice || notice.pushedAt) return undefined;
  const wanted = notice.push ?? (await getSettings(uid)).notifications[notice.category];
  if (!wanted) return undefined;
  if (!(await repository.claimPush(uid, id, now()))) return undefined;
  return pushToUser(uid, { title: notice.title, body: notice.body, data: pushData(id, notice) });
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
