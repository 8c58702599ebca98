/**
 * `users/{uid}/notifications/{id}`: the user's in-app notices (docs/guides/notifications.md), read by
 * their owner only; marked read through the API (`PATCH /api/notifications/{id}/read`).
 */
import { collection, type Firestore, limit, onSnapshot, orderBy, query, type Unsubscribe } from 'firebase/firestore';
import type { components } from '../generated/openapi.js';
import { dateOf, dateOrNull, type ListenOptions, readOnly } from './read.js';

type NotificationView = components['schemas']['Notification'];

export interface NotificationDocument {
  id: string;
  /** The notice's type (`achat_paid`, `delivery_offer`...: docs/guides/notifications.md). */
  type: string;
  category: NotificationView['category'];
  /** Written in the recipient's language. */
  title: string;
  body: string;
  /** What the notice is about, for the app to open it. */
  resource: { kind: string; id: string } | null;
  read: boolean;
  readAt: Date | null;
  createdAt: Date;
}

const notificationConverter = readOnly<NotificationDocument>((id, data) => {
  const resource = data.resource as { kind?: unknown; id?: unknown } | null | undefined;
  return {
    id,
    type: String(data.type),
    category: data.category as NotificationView['category'],
    title: String(data.title),
    body: String(data.body),
    resource: resource ? { kind: String(resource.kind), id: String(resource.id) } : null,
    read: data.read === true,
    readAt: dateOrNull(data.readAt),
    createdAt: dateOf(data.createdAt),
  };
});

export interface NotificationListenOptions extends ListenOptions {
  /** The latest notices kept in view (default 50). */
  limit?: number;
}

/** The user's latest notices, newest first, again at each change (a new notice, one read). */
export function listenToNotifications(
  firestore: Firestore,
  uid: string,
  onNotifications: (notifications: NotificationDocument[]) => void,
  options: NotificationListenOptions = {},
): Unsubscribe {
  const latest = query(collection(firestore, 'users', uid, 'notifications').withConverter(notificationConverter), orderBy('createdAt', 'desc'), limit(options.limit ?? 50));
  return onSnapshot(latest, (snapshot) => onNotifications(snapshot.docs.map((notification) => notification.data())), options.onError);
}
