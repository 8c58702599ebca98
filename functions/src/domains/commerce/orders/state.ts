/**
 * The status table of an order, as data (core/fsm.ts): who may ask for each event is the
 * service's concern; which move an event makes from a status is this table's.
 */
import type { TransitionTable } from '../../../core/fsm';

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * The events (DOMAIN.md, "Fair exchange"):
 *  - `process`, `ship`: the seller's declarations; `shipped` is its word, not a handover.
 *  - `hand_over`: the goods reached the buyer in person, proved by both (the last seller entered the
 *    buyer's handover code, or the buyer said it received them).
 *  - `delivered_by_courier`, `delivery_failed`: logistics' word on an order with delivery (the
 *    `delivery.delivered` and `delivery.failed` subscribers), whatever the seller's declarations.
 *  - `deliver`: an admin hands over a sale nobody confirmed (the stale handovers), audited.
 *  - `cancel`: the buyer, before the seller's declaration; `admin_cancel`: an admin, with a reason,
 *    at any point before the handover (`shipped` included).
 */
export const ORDER_EVENTS = ['pay', 'process', 'ship', 'hand_over', 'deliver', 'cancel', 'admin_cancel', 'delivered_by_courier', 'delivery_failed'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export const ORDER_TRANSITIONS: TransitionTable<OrderStatus, OrderEvent> = {
  pending: { pay: 'paid', cancel: 'cancelled', admin_cancel: 'cancelled' },
  paid: { process: 'processing', hand_over: 'delivered', deliver: 'delivered', cancel: 'cancelled', admin_cancel: 'cancelled', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' },
  processing: { ship: 'shipped', hand_over: 'delivered', deliver: 'delivered', cancel: 'cancelled', admin_cancel: 'cancelled', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' },
  shipped: { hand_over: 'delivered', deliver: 'delivered', admin_cancel: 'cancelled', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' },
  delivered: {},
  cancelled: {},
};

/** The event that reaches a target status, for the routes that name the status to move to. */
export const EVENT_TO: Record<Exclude<OrderStatus, 'pending'>, OrderEvent> = {
  paid: 'pay',
  processing: 'process',
  shipped: 'ship',
  delivered: 'deliver',
  cancelled: 'cancel',
};
