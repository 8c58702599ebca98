/**
 * The status table of an order, as data (core/fsm.ts): who may ask for each event is the
 * service's concern; which move an event makes from a status is this table's.
 */
import type { TransitionTable } from '../../../core/fsm';

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * `delivered_by_courier` and `delivery_failed` are logistics' word on an order with delivery (the
 * `delivery.delivered` and `delivery.failed` subscribers), whatever the seller's progress marks.
 */
export const ORDER_EVENTS = ['pay', 'process', 'ship', 'deliver', 'cancel', 'delivered_by_courier', 'delivery_failed'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export const ORDER_TRANSITIONS: TransitionTable<OrderStatus, OrderEvent> = {
  pending: { pay: 'paid', cancel: 'cancelled' },
  paid: { process: 'processing', cancel: 'cancelled', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' },
  processing: { ship: 'shipped', cancel: 'cancelled', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' },
  shipped: { deliver: 'delivered', delivered_by_courier: 'delivered', delivery_failed: 'cancelled' },
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
