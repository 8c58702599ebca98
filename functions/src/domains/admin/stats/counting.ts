/**
 * What each event adds to the dashboard's counters, as pure functions of the event: the
 * subscribers apply them once per event (countOnce), and the benchmark sums the same writes for
 * its 100,000 events, so both produce the same values.
 *
 * Day documents hold flows (what entered a status that day: `entered.{status}`, sign-ups by role,
 * revenue by payment type); the `total` document holds gauges, moved -1 on the status left and +1 on
 * the status entered (`byStatus.{status}`, users `byRole.{role}`).
 */
import { type CounterWrite, dayOf, type Deltas, TOTAL } from '../../../core/counters';
import type { DeliveredEvent, EventType } from '../../../core/events';
import { type Family, SCOPES } from './scopes';

type Payload<T extends EventType> = DeliveredEvent<T>['payload'];

function writes(family: Family, at: string | null, day: Deltas, total: Deltas): CounterWrite[] {
  const scope = SCOPES[family];
  const out: CounterWrite[] = [];
  if (at && Object.keys(day).length) out.push({ scope, period: dayOf(new Date(at)), deltas: day });
  if (Object.keys(total).length) out.push({ scope, period: TOTAL, deltas: total });
  return out;
}

/** Adds `delta` at `path` (two moves of one event may meet on a path). */
function add(deltas: Deltas, path: string, delta: number): Deltas {
  deltas[path] = (deltas[path] ?? 0) + delta;
  return deltas;
}

/** -1 on the status left, +1 on the status entered (a creation leaves none, a deletion enters none). */
function gauge(prefix: string, from: string | null, to: string | null): Deltas {
  const deltas: Deltas = {};
  if (from) add(deltas, `${prefix}.${from}`, -1);
  if (to) add(deltas, `${prefix}.${to}`, 1);
  return deltas;
}

export function userRegistered(payload: Payload<'user.registered'>): CounterWrite[] {
  return writes('users', payload.registeredAt, { [`signups.${payload.role}`]: 1 }, { [`byRole.${payload.role}`]: 1 });
}

/** A role change moves the gauge of roles; a block or unblock the count of blocked users. Other edits count nothing. */
export function userChanged(payload: Payload<'user.changed'>): CounterWrite[] {
  const total = payload.role !== payload.previousRole ? gauge('byRole', payload.previousRole, payload.role) : {};
  if (payload.isBlocked !== payload.wasBlocked) total.blocked = payload.isBlocked ? 1 : -1;
  return writes('users', null, {}, total);
}

export function articleStatusChanged(payload: Payload<'article.status_changed'>): CounterWrite[] {
  const day: Deltas = payload.to ? { [`entered.${payload.to}`]: 1 } : {};
  if (payload.from === null) day.created = 1;
  if (payload.to === null) day.deleted = 1;
  return writes('listings', payload.at, day, gauge('byStatus', payload.from, payload.to));
}

export function paymentStatusChanged(payload: Payload<'payment.status_changed'>): CounterWrite[] {
  const day: Deltas = { [`entered.${payload.type}.${payload.to}`]: 1 };
  // Revenue is money taken: a payment's amount on the day it succeeded (a late success included).
  if (payload.to === 'success') day[`revenue.${payload.type}`] = payload.montant;
  return writes('payments', payload.at, day, gauge(`byStatus.${payload.type}`, payload.from, payload.to));
}

export function paymentRefundMarked(payload: Payload<'payment.refund_marked'>): CounterWrite[] {
  return writes('payments', payload.at, { [`refunds.count.${payload.type}`]: 1, [`refunds.amount.${payload.type}`]: payload.montant }, {});
}

/** Missions, orders and deliveries: what entered each status that day, and the gauge by status. */
export function statusMove(family: 'missions' | 'orders' | 'deliveries', payload: { from: string | null; to: string; at: string }): CounterWrite[] {
  return writes(family, payload.at, { [`entered.${payload.to}`]: 1 }, gauge('byStatus', payload.from, payload.to));
}

/** The writes of any counted event, by type (the benchmark's entry point); undefined for another type. */
export function writesOf(event: { type: string; payload: unknown }): CounterWrite[] | undefined {
  const payload = event.payload as never;
  switch (event.type) {
    case 'user.registered':
      return userRegistered(payload);
    case 'user.changed':
      return userChanged(payload);
    case 'article.status_changed':
      return articleStatusChanged(payload);
    case 'payment.status_changed':
      return paymentStatusChanged(payload);
    case 'payment.refund_marked':
      return paymentRefundMarked(payload);
    case 'mission.status_changed':
      return statusMove('missions', payload);
    case 'order.status_changed':
      return statusMove('orders', payload);
    case 'delivery.status_changed':
      return statusMove('deliveries', payload);
    default:
      return undefined;
  }
}
