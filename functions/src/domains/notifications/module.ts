/** The notifications domain's manifest (core/module.ts): in-app notices, pushes, template notices, admin broadcasts. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';
import type { NotificationDocument } from './repository';

export const manifest = {
  name: 'notifications',
  errors,
  routers: [{ group: 'core', paths: ['/api/notifications'], load: async () => (await import('./routes')).router }],
  subscribers: async () => (await import('./subscribers')).subscribers,
  jobs: {
    /** One page of recipients of an admin broadcast; each page queues the next. */
    sendAdminMessage: {
      kind: 'task',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 10 },
      rateLimits: { maxConcurrentDispatches: 5 },
      run: async (data: { messageId: string; cursor: string | null }) => {
        const { sendPage } = await import('./admin-messages/service');
        await sendPage(data.messageId, data.cursor);
      },
    },
    /** A new in-app notification is pushed to its recipient's devices (once: the notice is marked). */
    pushNotifications: {
      kind: 'document',
      on: 'created',
      document: 'users/{uid}/notifications/{notificationId}',
      run: async ({ params, after }) => {
        const { pushNotice } = await import('./service');
        await pushNotice(params.uid, params.notificationId, after as NotificationDocument | undefined);
      },
    },
    /**
     * A queued template notice (WhatsApp) is sent: the one function holding the WhatsApp token for
     * notices. `retry`: a failed send (the partner down, a timeout) is tried again; the delivery
     * gives up after a day.
     */
    sendTemplateNotices: {
      kind: 'document',
      on: 'created',
      document: 'templateNotices/{id}',
      retry: true,
      secrets: ['WHATSAPP_ACCESS_TOKEN'],
      run: async ({ params }) => {
        const { deliverTemplateNotice } = await import('./template-delivery');
        await deliverTemplateNotice(params.id);
      },
    },
  },
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
