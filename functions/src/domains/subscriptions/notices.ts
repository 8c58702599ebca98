/**
 * What the subscriptions domain tells a subscriber.
 * Declared in the domain's module.ts, gathered with the others by src/notices.ts; docs/guides/notifications.md, "Notices".
 */
import { formatDay } from '../../core/local-time';
import { defineNotices } from '../notifications';

export const notices = defineNotices({
  subscription_extended: {
    category: 'payments',
    to: 'subscriber',
    when: 'a subscription payment succeeded (with the new end)',
    fr: (p) => ({ title: 'Abonnement prolongé', body: `Votre abonnement est actif jusqu’au ${formatDay(p.expiresAt, 'fr')}.` }),
    en: (p) => ({ title: 'Subscription extended', body: `Your subscription is active until ${formatDay(p.expiresAt, 'en')}.` }),
  },
});

type Declared = Record<keyof typeof notices, true>;

declare module '../../core/notices' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names come from `Declared`
  interface NoticeCatalog extends Declared {}
}
