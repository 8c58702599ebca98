import { z } from 'zod';
import { ApiRouter } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { pageRequest, PaginationQuery } from '../../core/pagination';
import { TEST_NOTIFICATION_RATE_LIMIT } from '../../core/rate-limit';
import { ADMIN_ROLES } from '../../core/roles';
import { USER_LIMITS } from '../../core/user-limits';
import * as adminMessages from './admin-messages/service';
import { deliver } from './push';
import {
  AdminMessage,
  AdminMessageRequest,
  Notification,
  NotificationIdParams,
  NotificationListQuery,
  ReadAllResult,
  TestNotificationRequest,
  TestNotificationResult,
  UnreadCount,
} from './schemas';
import * as notifications from './service';

const tags = ['Notifications'];

const TEST_PUSH_TEXT = {
  fr: { title: 'Notification de test', body: 'Les notifications fonctionnent sur cet appareil.' },
  en: { title: 'Test notification', body: 'Push notifications work on this device.' },
} as const;
const adminTags = ['Notifications (admin)'];

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/notifications/test',
    operationId: 'sendTestPushNotification',
    tags,
    summary: 'Sends a test push notification to a device token',
    description:
      'Public, for checking a device’s push setup; rate limited per IP (TEST_NOTIFICATION_RATE_LIMIT_MAX per window). ' +
      'The text is the service’s own, in the language of Accept-Language; a title or body from the caller is refused.',
    access: 'public',
    rateLimit: TEST_NOTIFICATION_RATE_LIMIT,
    body: TestNotificationRequest,
    success: { description: 'What the push service said of the token', data: TestNotificationResult },
    handle: async ({ body, language }) => {
      const [result] = await deliver([body.token], { ...TEST_PUSH_TEXT[language], data: { type: 'test' } });
      return { verdict: result.verdict };
    },
  })
  .list({
    method: 'get',
    path: '/api/notifications',
    operationId: 'listMyNotifications',
    tags,
    summary: 'The caller’s notifications, newest first',
    description: 'Each in the language the caller had chosen when it was written. The app can also listen to `users/{uid}/notifications`.',
    access: 'profile',
    reads: pagedReads(),
    query: NotificationListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of notifications', item: Notification },
    handle: ({ caller, query }) => notifications.list(caller.uid, query.unread, pageRequest(query)),
  })
  .json({
    method: 'get',
    path: '/api/notifications/unread-count',
    operationId: 'countMyUnreadNotifications',
    tags,
    summary: 'How many of the caller’s notifications are unread',
    access: 'profile',
    success: { description: 'The count', data: UnreadCount },
    handle: ({ caller }) => notifications.unreadCount(caller.uid),
  })
  .json({
    method: 'patch',
    path: '/api/notifications/read-all',
    operationId: 'markAllMyNotificationsRead',
    tags,
    summary: 'Marks the caller’s unread notifications read',
    description: 'At most 400 per call; `hasMore` says when to call again.',
    access: 'profile',
    success: { description: 'What was marked', data: ReadAllResult },
    handle: ({ caller }) => notifications.markAllRead(caller.uid),
  })
  .json({
    method: 'patch',
    path: '/api/notifications/:id/read',
    operationId: 'markNotificationRead',
    tags,
    summary: 'Marks one notification read',
    description: 'Sets its read flag and the time it was read. Notifications are the caller’s own: an id of another user’s, like an unknown one, is 404 NOTIFICATION_NOT_FOUND.',
    access: 'profile',
    params: NotificationIdParams,
    errors: ['NOTIFICATION_NOT_FOUND'],
    success: { description: 'The notification', data: Notification },
    handle: ({ caller, params }) => notifications.setRead(caller.uid, params.id, true),
  })
  .json({
    method: 'patch',
    path: '/api/notifications/:id/unread',
    operationId: 'markNotificationUnread',
    tags,
    summary: 'Marks one notification unread',
    description: 'Clears its read flag and read time, so that it counts as unread again. An id of another user’s notification, like an unknown one, is 404 NOTIFICATION_NOT_FOUND.',
    access: 'profile',
    params: NotificationIdParams,
    errors: ['NOTIFICATION_NOT_FOUND'],
    success: { description: 'The notification', data: Notification },
    handle: ({ caller, params }) => notifications.setRead(caller.uid, params.id, false),
  })
  .json({
    method: 'delete',
    path: '/api/notifications/:id',
    operationId: 'deleteNotification',
    tags,
    summary: 'Deletes one of the caller’s notifications',
    description: 'Deletes it for good. An id of another user’s notification, like an unknown one (or one deleted already), is 404 NOTIFICATION_NOT_FOUND.',
    access: 'profile',
    params: NotificationIdParams,
    errors: ['NOTIFICATION_NOT_FOUND'],
    success: { description: 'Deleted', data: z.object({ deleted: z.literal(true) }) },
    handle: ({ caller, params }) => notifications.remove(caller.uid, params.id),
  })
  .json({
    method: 'post',
    path: '/api/notifications/admin-messages',
    operationId: 'broadcastAdminMessage',
    tags: adminTags,
    summary: 'Broadcasts a message to the users of a role, or to everyone',
    description:
      'Stored at once and delivered in the background, ADMIN_MESSAGE_PAGE_SIZE users per task: each recipient gets an in-app notification (type `admin_message`) in its language and a push unless it turned `system` notifications off.',
    access: 'profile',
    roles: ADMIN_ROLES,
    // A task queued, then a push to every user of the audience.
    userRateLimit: USER_LIMITS.adminMessage,
    body: AdminMessageRequest,
    errors: ['TASK_QUEUE_UNAVAILABLE'],
    success: { status: 201, description: 'The message, `sending`', data: AdminMessage },
    handle: ({ caller, body }) => adminMessages.broadcast(caller, body),
  })
  .list({
    method: 'get',
    path: '/api/notifications/admin-messages/history',
    operationId: 'listAdminMessages',
    tags: adminTags,
    summary: 'Broadcast messages, newest first, with their delivery status',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    query: PaginationQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of messages', item: AdminMessage },
    handle: ({ query }) => adminMessages.history(pageRequest(query)),
  });
