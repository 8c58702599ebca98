/** Notices asked outright (`notifyAfter`) are written here, in their recipient's language; notices told by facts are tell-subscribers.ts's. */
import { subscriber } from '../../core/events';
import { notify } from './service';

export const subscribers = [
  // The notice, in its recipient's language; then the `pushNotifications` trigger pushes it.
  subscriber('notifications.write', 'notification.requested', async ({ payload }) => {
    await notify(payload.uid, { type: payload.type, key: payload.key, params: payload.params, ...(payload.resource ? { resource: payload.resource } : {}) });
  }),
];
