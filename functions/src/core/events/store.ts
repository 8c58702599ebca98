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
  dispatch: 'pending' | 'dispatched';
  /** While pending: when the sweep hands it out if the trigger has not. */
  dueAt: Timestamp;
  expireAt: Timestamp;
}

export type RunState = 'running' | 'retry' | 'done' | 'parked';

/** `eventRuns/{eventId}__{subscriber}`. */
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
      expireAt: Timestamp.fromMillis(event.createdAt.toMillis() + settings.EVENT_RETENTION_DAYS * 86_400_000),
    };
    tx.set(ref, run);
    return attempts;
  });
}

export async function finishRun(eventId: string, subscriber: string): Promise<void> {
  await runs().doc(runId(eventId, subscriber)).update({ state: 'done', lastError: null, updatedAt: Timestamp.fromDate(now()) });
}

/** A failed attempt: retried after a doubling wait, or parked after the last one. */
export async function failRun(eventId: string, subscriber: string, attempts: number, error: string): Promise<RunState> {
  const settings = config();
  const at = now().getTime();
  const parked = attempts >= settings.EVENT_MAX_ATTEMPTS;
  const wait = settings.EVENT_RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1);
  await runs()
    .doc(runId(eventId, subscriber))
    .update({
      state: parked ? 'parked' : 'retry',
      dueAt: Timestamp.fromMillis(parked ? at : at + wait),
      lastError: error.slice(0, 1000),
      updatedAt: Timestamp.fromMillis(at),
    });
  return parked ? 'parked' : 'retry';
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

/** Events the trigger did not hand out in time, oldest first. */
export async function pendingEventsDue(limit: number): Promise<string[]> {
  const snapshot = await events().where('dispatch', '==', 'pending').where('dueAt', '<=', Timestamp.fromDate(now())).orderBy('dueAt').limit(limit).select().get();
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
