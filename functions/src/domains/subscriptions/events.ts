/** Events the subscriptions domain emits (docs/events.md, generated from these declarations). */
import type { SubscriptionKind } from './service';

export interface SubscriptionExtended {
  uid: string;
  kind: SubscriptionKind;
  months: number;
  paymentId: string;
  /** `subscriptions/{id}`. */
  subscriptionId: string;
  /** The new end of the subscription (ISO). */
  expiresAt: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** Paid months were added to a subscription (key: the payment id), in the extension's transaction. */
    'subscription.extended': SubscriptionExtended;
  }
}
