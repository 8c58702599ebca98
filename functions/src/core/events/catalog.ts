/**
 * The types of domain events and their payloads. Empty here: each domain adds the events it emits
 * in its own `events.ts` (TypeScript declaration merging), so `emit` and `subscriber` agree on a
 * payload without core knowing any domain. Payloads hold plain values (strings, numbers,
 * booleans, ISO dates): they are stored as Firestore documents and read back as they were.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EventCatalog {}

export type EventType = keyof EventCatalog & string;

/** An event as subscribers receive it. */
export interface DeliveredEvent<T extends EventType = EventType> {
  /** `{type}_{key}`: the event's document in `events`. */
  id: string;
  type: T;
  key: string;
  payload: EventCatalog[T];
  createdAt: Date;
}

/**
 * A reaction to one type of event. Delivery is at least once (a crash after the work but before
 * the run is marked done runs it again), so `handle` must be idempotent: it writes documents with
 * ids derived from the event, or checks in a transaction what the event already did.
 */
export interface Subscriber<T extends EventType = EventType> {
  /** Stable and unique (`domain.reaction`): the run of this subscriber for an event is `{eventId}__{name}`. */
  name: string;
  on: T;
  /**
   * Runs only for the events whose payload's `field` holds one of `values`; dispatch passes the
   * others by without a run. Data, not a function, so that the wiring can check it (a
   * `payment.succeeded` reaction names payment types its own module sells: src/subscribers.ts).
   */
  only?: SubscriberFilter;
  handle(event: DeliveredEvent<T>): Promise<void>;
}

export interface SubscriberFilter {
  field: string;
  values: readonly string[];
}

export function subscriber<T extends EventType>(name: string, on: T, handle: (event: DeliveredEvent<T>) => Promise<void>, only?: SubscriberFilter): Subscriber {
  return { name, on, handle, ...(only ? { only } : {}) } as unknown as Subscriber;
}

/** Whether the subscriber runs for this payload (its filter, if any, holds). */
export function accepts(subscriber: Subscriber, payload: unknown): boolean {
  if (!subscriber.only) return true;
  const value = (payload as Record<string, unknown> | undefined)?.[subscriber.only.field];
  return typeof value === 'string' && subscriber.only.values.includes(value);
}
