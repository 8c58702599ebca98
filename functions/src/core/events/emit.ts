/**
 * The outbox. `emit` writes the event in the business transaction that causes it, so the event
 * exists if and only if the change committed; its id `{type}_{key}` makes an event emitted again
 * (a retried transaction, a repeated request) the same document. Dispatch happens after the
 * commit: by the `dispatchEvent` trigger on the document, or in this process when asked (`inline`,
 * a payment's effect the payer waits for) or configured (EVENTS_DISPATCH_INLINE, tests); the
 * leases of dispatch.ts keep the two from running a subscriber at once.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../clock';
import { config } from '../config';
import { afterCommit, db } from '../firebase';
import { COLLECTIONS } from '../firestore';
import type { EventCatalog, EventType } from './catalog';
import { dispatchQuietly } from './dispatch';
import type { EventDocument } from './store';

const DAY_MS = 86_400_000;

/** Document ids cannot hold `/`, and the key must say which change it is: a document id or a few joined with `_`. */
export function eventId(type: EventType, key: string): string {
  if (!key || key.includes('/') || Buffer.byteLength(key) > 900) throw new Error(`Invalid event key for ${type}: ${key}`);
  return `${type}_${key}`;
}

export function emit<T extends EventType>(tx: Transaction, type: T, key: string, payload: EventCatalog[T], options: { inline?: boolean } = {}): string {
  const id = eventId(type, key);
  const at = now();
  const settings = config();
  const event: EventDocument = {
    type,
    key,
    payload: payload as unknown as EventDocument['payload'],
    createdAt: Timestamp.fromDate(at),
    // Until the trigger has handed it to every subscriber; past `dueAt` the sweep does it.
    dispatch: 'pending',
    dueAt: Timestamp.fromMillis(at.getTime() + settings.EVENT_LEASE_SECONDS * 1000),
    expireAt: Timestamp.fromMillis(at.getTime() + settings.EVENT_RETENTION_DAYS * DAY_MS),
  };
  tx.set(db().collection(COLLECTIONS.events).doc(id), event);
  if (options.inline || settings.EVENTS_DISPATCH_INLINE) afterCommit(tx, () => dispatchQuietly(id));
  return id;
}
