/** Events the notifications domain handles (docs/events.md, generated from these declarations). */
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
    /**
     * A domain asks for a notice, in the transaction of the change it tells (key:
     * `{uid}_{notificationId}`). Every domain emits it through `notifyIn`.
     */
    'notification.requested': NotificationRequested;
  }
}
