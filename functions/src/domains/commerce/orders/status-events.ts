/**
 * The one way an order's status change becomes an event (`order.status_changed`), called by every
 * write of `statut` in orders/service.ts, in its transaction: the dashboard's counters miss none.
 */
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { emit } from '../../../core/events';
import type { OrderStatus } from './state';

export function orderStatusChanged(tx: Transaction, orderId: string, from: OrderStatus | null, to: OrderStatus, at: Timestamp): void {
  if (from === to) return;
  // The table enters each status at most once (only `pending` has no way back in): the status is the key.
  emit(tx, 'order.status_changed', `${orderId}_${to}`, { orderId, from, to, at: at.toDate().toISOString() });
}
