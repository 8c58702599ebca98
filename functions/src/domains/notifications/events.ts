/** Events the notifications domain handles (README: event catalogue). */
import type { NoticeType } from '../../core/notices';
import type { ResourceKind } from './templates';

export interface NotificationRequested {
  /** The recipient. */
  uid: string;
  type: NoticeType;
  /** With the type, what makes the notice one (its id). */
  key: string;
  params: Record<string, string>;
  resource: { kind: ResourceKind; id: string } | null;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A domain asks for a notice, in the transaction of the change it tells (key: `{uid}_{notificationId}`). */
    'notification.requested': NotificationRequested;
  }
}
