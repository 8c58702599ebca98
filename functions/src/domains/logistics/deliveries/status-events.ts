/**
 * The one way a delivery's status change becomes an event (`delivery.status_changed`), called by
 * every write of `statut` (create.ts, service.ts), in its transaction: the dashboard's counters miss none.
 */
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { emit } from '../../../core/events';
import type { DeliveryStatus } from './model';

export function deliveryStatusChanged(tx: Transaction, deliveryId: string, from: DeliveryStatus | null, to: DeliveryStatus, at: Timestamp): void {
  if (from === to) return;
  // The table enters each status at most once: the status is the key.
  emit(tx, 'delivery.status_changed', `${deliveryId}_${to}`, { deliveryId, from, to, at: at.toDate().toISOString() });
}
