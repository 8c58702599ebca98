/** Firestore access of the outbox: events and the runs of their subscribers. */
import { type Query, Timestamp } from 'firebase-admin/firestore';
import { now } from '../clock';
import { config } from '../config';
import { runTransaction } from '../firebase';
import { collection, COLLECTIONS } from '../firestore';
import { type PageRequest, readPage } from '../pagination';
import type { EventType } from './catalog';

/** `events/{type}_{key}`. */
export interface EventDocument {
  type: EventType;
  key: string;
  payload: Record<string, unknown>;
  createdAt: Timestamp;
  /**
   * `pending` until a dispatcher claims it; `dispatching` while one hands it to its subscribers
   * (its lease ends at `dueAt`); `dispatched` once every subscriber ran or has a run to retry.
   */
  dispatch: 'pending' | 'dispatching' | 'dispatched';
  /** Pending: when the sweep hands it out if the trigger has not. Dispatching: the lease's end. */
  dueAt: Timestamp;
  expireAt: Timestamp;
}

export type RunState = 'running' | 'retry' | 'done' | 'parked';

/**
 * `eventRuns/{eventId}__{subscriber}`: a subscriber's run that failed its first attempt and is
 * retried on its own (a run that succeeds at its event's dispatch leaves no document).
 */
export interface RunDocument {
  eventId: string;
  type: EventType;
  subscriber: string;
  state: RunState;
  attempts: number;
  /** Running: the lease's end. Retry: when the next attempt is due. */
  dueAt: Timestamp;
  lastError: string | null;
  updatedAt: Timestamp;
  expireAt: Timestamp;
}

const events = () => collection<EventDocument>(COLLECTIONS.events);
const runs = () => collection<RunDocument>(COLLECTIONS.eventRuns);

export const runId = (eventId: string, subscriber: string) => `${eventId}__${subscriber}`;

export const readEvent = (id: string) => events().doc(id).get();

export async function readRun(id: string): Promise<RunDocument | undefined> {
  return (await runs().doc(id).get()).data();
}

export async function markDispatched(id: string): Promise<void> {
  await events().doc(id).update({ dispatch: 'dispatched' });
}

export type EventClaim = { outcome: 'claimed'; event: EventDocument; takeover: boolean } | { outcome: 'busy' | 'dispatched' | 'gone' };

/**
 * Takes the dispatch of an event: one transaction on the event itself, whatever its number of
 * subscribers. A pending event, or one whose dispatcher's lease ended (`takeover`: that dispatcher
 * died), becomes `dispatching` under a new lease; one dispatched or under a live lease is not taken.
 */
export async function claimEvent(id: string): Promise<EventClaim> {
  const ref = events().doc(id);
  return runTransaction(async (tx) => {
    const event = (await tx.get(ref)).data();
    if (!event) return { outcome: 'gone' as const };
    if (event.dispatch === 'dispatched') return { outcome: 'dispatched' as const };
    const at = now().getTime();
    if (event.dispatch === 'dispatching' && event.dueAt.toMillis() > at) return { outcome: 'busy' as const };
    const dueAt = Timestamp.fromMillis(at + config().EVENT_LEASE_SECONDS * 1000);
    tx.update(ref, { dispatch: 'dispatching', dueAt });
    return { outcome: 'claimed' as const, event: { ...event, dispatch: 'dispatching' as const, dueAt }, takeover: event.dispatch === 'dispatching' };
  });
}

/** Subscribers of the event that have a run of their own already (a dispatcher before failed them): their retries go on alone. */
export async function subscribersWithRuns(eventId: string, subscribers: readonly string[]): Promise<Set<string>> {
  if (!subscribers.length) return new Set();
  const snapshots = await runs().firestore.getAll(...subscribers.map((name) => runs().doc(runId(eventId, name))));
  return new Set(subscribers.filter((_, index) => snapshots[index]!.exists));
}

/**
 * Takes the run of `subscriber` for an event: answers the attempt number, or undefined when the
 * run is done, parked, leased by another worker, or not due yet. The lease is the only lock: a
 * worker that dies holding it loses it when it ends.
 */
export async function claimRun(event: { id: string; type: EventType; createdAt: Timestamp }, subscriber: string): Promise<number | undefined> {
  const ref = runs().doc(runId(event.id, subscriber));
  const settings = config();
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    const at = now().getTime();
    if (current && (current.state === 'done' || current.state === 'parked' || current.dueAt.toMillis() > at)) return undefined;
    const attempts = (current?.attempts ?? 0) + 1;
    const run: RunDocument = {
      eventId: event.id,
      type: event.type,
      subscriber,
      state: 'running',
      attempts,
      dueAt: Timestamp.fromMillis(at + settings.EVENT_LEASE_SECONDS * 1000),
      lastError: current?.lastError ?? null,
      updatedAt: Timestamp.fromMillis(at),
      expireAt: runExpiry(event.createdAt),
    };
    tx.set(ref, run);
    return attempts;
  });
}

export async function finishRun(eventId: string, subscriber: string): Promise<void> {
  await runs().doc(runId(eventId, subscriber)).update({ state: 'done', lastError: null, updatedAt: Timestamp.fromDate(now()) });
}

/** When a run of an event goes (TTL): the event's retention from its creation. */
const runExpiry = (createdAt: Timestamp) => Timestamp.fromMillis(createdAt.toMillis() + config().EVENT_RETENTION_DAYS * 86_400_000);

/**
 * A failed attempt, `attempts` counted with it: retried after a doubling wait, or parked after the
 * last one. The first attempt's failure (at its event's dispatch) creates the run; a retry's updates it.
 */
export async function failRun(event: { id: string; type: EventType; createdAt: Timestamp }, subscriber: string, attempts: number, error: string): Promise<RunState> {
  const settings = config();
  const at = now().getTime();
  const parked = attempts >= settings.EVENT_MAX_ATTEMPTS;
  const wait = settings.EVENT_RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1);
  const failed: RunDocument = {
    eventId: event.id,
    type: event.type,
    subscriber,
    state: parked ? 'parked' : 'retry',
    attempts,
    dueAt: Timestamp.fromMillis(parked ? at : at + wait),
    lastError: error.slice(0, 1000),
    updatedAt: Timestamp.fromMillis(at),
    expireAt: runExpiry(event.createdAt),
  };
  await runs().doc(runId(event.id, subscriber)).set(failed);
  return failed.state;
}

/** A parked run made due again with a fresh count of attempts; false when it is not parked. */
export async function unpark(id: string): Promise<RunDocument | undefined> {
  const ref = runs().doc(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (current?.state !== 'parked') return current;
    const at = Timestamp.fromDate(now());
    const next: RunDocument = { ...current, state: 'retry', attempts: 0, dueAt: at, updatedAt: at };
    tx.set(ref, next);
    return next;
  });
}

/** Events the trigger did not hand out in time, or whose dispatcher's lease ended, oldest first. */
export async function pendingEventsDue(limit: number): Promise<string[]> {
  const snapshot = await events().where('dispatch', 'in', ['pending', 'dispatching']).where('dueAt', '<=', Timestamp.fromDate(now())).orderBy('dueAt').limit(limit).select().get();
  return snapshot.docs.map((doc) => doc.id);
}

/** Runs whose lease ended or whose retry is due, the longest waiting first. */
export async function runsDue(limit: number): Promise<Array<{ id: string; run: RunDocument }>> {
  const snapshot = await runs().where('state', 'in', ['running', 'retry']).where('dueAt', '<=', Timestamp.fromDate(now())).orderBy('dueAt').limit(limit).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, run: doc.data() }));
}

/** Parked runs, the latest first; one (state, [filter,] updatedAt desc) index per filter. */
export async function parkedRuns(filters: { type?: string; subscriber?: string }, page: PageRequest) {
  let query: Query<RunDocument> = runs().where('state', '==', 'parked');
  if (filters.type) query = query.where('type', '==', filters.type);
  if (filters.subscriber) query = query.where('subscriber', '==', filters.subscriber);
  const { docs, total } = await readPage(query.orderBy('updatedAt', 'desc'), page);
  return { items: docs.map((doc) => ({ id: doc.id, run: doc.data() })), total };
}
