import { z } from 'zod';
import { PaginationQuery } from '../../core/pagination';
import { ROLES } from '../../core/roles';
import { PushTokenRequest } from '../identity';
import { NOTIFICATION_CATEGORIES } from '../settings';
import { RESOURCE_KINDS } from './notice-texts';

/**
 * Only the device token: the text is the service's own. A public route that pushed a caller's title
 * and body to any token would be a free phishing channel carrying the app's name.
 */
export const TestNotificationRequest = z
  .strictObject({ token: PushTokenRequest.shape.token })
  .meta({ id: 'TestNotificationRequest', description: 'The device token to test. The text is fixed and localized; `title` and `body` are unknown fields.' });

export const TestNotificationResult = z.object({
  verdict: z.enum(['sent', 'invalid', 'failed']).meta({
    description: '`sent`; `invalid`: the push service does not know this token; `failed`: it could not deliver now.',
  }),
});

export const Notification = z
  .object({
    id: z.string(),
    type: z.string().meta({ description: 'What happened: a notice type of its domain (docs/guides/notifications.md, "Notices"); `admin_message` for broadcasts.' }),
    category: z.enum(NOTIFICATION_CATEGORIES).meta({ description: 'The settings toggle that decides whether this kind is also pushed.' }),
    title: z.string(),
    body: z.string(),
    language: z.enum(['fr', 'en']).meta({ description: 'The recipient’s language when the notification was written.' }),
    resource: z
      .object({ kind: z.enum(RESOURCE_KINDS), id: z.string() })
      .nullable()
      .meta({ description: 'What the notification is about, for the app to open it.' }),
    read: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification', description: 'One event told to one user, in their language. Kept NOTIFICATION_RETENTION_DAYS days.' });

export const NotificationListQuery = PaginationQuery.extend({
  unread: z.enum(['true', 'false']).optional().transform((value) => value === 'true').meta({ description: '`true`: unread notifications only.' }),
});
export const NotificationIdParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{40}$/).meta({ description: 'Notification id.' }) });
export const UnreadCount = z.object({ count: z.number().int() });
export const ReadAllResult = z.object({
  updated: z.number().int().meta({ description: 'Notifications marked read by this call.' }),
  hasMore: z.boolean().meta({ description: 'More unread notifications are left (at most 400 are marked per call): call again.' }),
});

const MessageText = z.strictObject({ title: z.string().trim().min(1).max(100), body: z.string().trim().min(1).max(1000) });
export const AdminMessageRequest = z
  .strictObject({
    audience: z.enum([...ROLES, 'all']).meta({ description: 'A role, or `all`. Blocked accounts get nothing.' }),
    fr: MessageText.meta({ description: 'The French text, which every recipient gets unless it reads English and `en` is given.' }),
    en: MessageText.optional(),
  })
  .meta({ id: 'AdminMessageRequest' });
export const AdminMessage = z
  .object({
    id: z.string(),
    audience: z.enum([...ROLES, 'all']),
    fr: MessageText,
    en: MessageText.nullable(),
    sentBy: z.string(),
    statut: z.enum(['sending', 'sent', 'failed']).meta({ description: '`sending` while pages of recipients are being written.' }),
    recipients: z.number().int().meta({ description: 'Users notified so far.' }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminMessage' });
