/** Events the notifications domain handles (docs/events.md, generated from these declarations). */
import type { NoticeType } from '../../core/notices';
import type { ResourceKind } from './notice-texts';

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
     * A notice asked for outright (key: `{uid}_{notificationId}`): by `notifyAfter`, right after a
     * change that is no Firestore write (a password set in Auth). Other notices are told by the
     * facts themselves (docs/guides/notifications.md, "Notices"); events of this type emitted before that still wait here.
     */
    'notification.requested': NotificationRequested;
  }
}
