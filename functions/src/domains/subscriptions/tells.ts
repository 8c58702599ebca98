/** Whom the subscriptions domain's facts tell (core/notices.ts; docs/guides/notifications.md, "Notices"): the subscriber, of its new end. */
import { defineTellers } from '../../core/notices';

export const tells = defineTellers({
  'subscription.extended': (p) => [
    { uid: p.uid, type: 'subscription_extended', key: p.paymentId, params: { expiresAt: p.expiresAt }, resource: { kind: 'subscription', id: p.subscriptionId } },
  ],
});
