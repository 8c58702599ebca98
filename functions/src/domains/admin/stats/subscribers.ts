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
  counter('admin.stats_user_registered', 'user.registered', counting.userRegistered),
  counter('admin.stats_user_changed', 'user.changed', counting.userChanged),
  counter('admin.stats_article_status', 'article.status_changed', counting.articleStatusChanged),
  counter('admin.stats_payment_status', 'payment.status_changed', counting.paymentStatusChanged),
  counter('admin.stats_payment_refund', 'payment.refund_marked', counting.paymentRefundMarked),
  counter('admin.stats_mission_status', 'mission.status_changed', (payload) => counting.statusMove('missions', payload)),
  counter('admin.stats_order_status', 'order.status_changed', (payload) => counting.statusMove('orders', payload)),
  counter('admin.stats_delivery_status', 'delivery.status_changed', (payload) => counting.statusMove('deliveries', payload)),
];
