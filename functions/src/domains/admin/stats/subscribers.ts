/**
 * The dashboard's counters, kept as events happen: each subscriber turns its event into counter
 * writes (counting.ts) and applies them once (countOnce, run key `{eventId}__{name}`), so an event
 * delivered twice is counted once.
 */
import { countOnce, type CounterWrite } from '../../../core/counters';
import { type DeliveredEvent, type EventType, subscriber, type Subscriber } from '../../../core/events';
import * as counting from './counting';

function counter<T extends EventType>(name: string, on: T, writes: (payload: DeliveredEvent<T>['payload']) => CounterWrite[]): Subscriber {
  return subscriber(name, on, async (event) => {
    const planned = writes(event.payload);
    if (planned.length) await countOnce(`${event.id}__${name}`, planned);
  });
}

export const subscribers: Subscriber[] = [
  // Sign-ups by role per day, and the gauge of users by role.
  counter('admin.stats_user_registered', 'user.registered', counting.userRegistered),
  // A role change moves the gauge of users by role; a block or unblock, the count of blocked users.
  counter('admin.stats_user_changed', 'user.changed', counting.userChanged),
  // Listings entering each status per day, created and deleted per day, and the gauge by status.
  counter('admin.stats_article_status', 'article.status_changed', counting.articleStatusChanged),
  // Payments by type entering each status per day, revenue by type on `success`, and the gauge by type and status.
  counter('admin.stats_payment_status', 'payment.status_changed', counting.paymentStatusChanged),
  // Refunds by type per day: their count and XOF.
  counter('admin.stats_payment_refund', 'payment.refund_marked', counting.paymentRefundMarked),
  // Transit missions entering each status per day, and the gauge by status.
  counter('admin.stats_mission_status', 'mission.status_changed', (payload) => counting.statusMove('missions', payload)),
  // Orders entering each status per day, and the gauge by status.
  counter('admin.stats_order_status', 'order.status_changed', (payload) => counting.statusMove('orders', payload)),
  // Deliveries entering each status per day, and the gauge by status.
  counter('admin.stats_delivery_status', 'delivery.status_changed', (payload) => counting.statusMove('deliveries', payload)),
];
