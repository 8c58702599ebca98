/**
 * Hands events to their subscribers. An event's dispatch is claimed with a lease on the event
 * itself; each subscriber's first attempt runs under it, and only a subscriber that throws gets a
 * run of its own (`eventRuns`), retried with a doubling wait under its own lease and parked after
 * EVENT_MAX_ATTEMPTS for an admin to replay. The trigger on `events/{id}` calls `dispatchEvent`;
 * the sweep (every minute) hands out events the trigger missed or whose dispatcher died, and re-runs
 * expired runs and due retries. A subscriber's failure never fails the caller: it is recorded on its run.
 *
 * Why one lease per event and not one per subscriber: a run document per (event, subscriber)
 * claimed and marked done cost a read and two writes each, about half of every flow's writes
 * (docs/measurements.md, "Cost per flow"), to buy what the event's lease buys as well: one
 * dispatcher at a time, and a dead one's work taken over. What the run bought beyond it, a
 * subscriber not run again after a crash, is what every subscriber guarantees itself (idempotent,
 * core/events/catalog.ts).
 */
import * as logger from 'firebase-functions/logger';
import { accepts, type DeliveredEvent, type Subscriber } from './catalog';
import { subscriberNamed, subscribersOf } from './registry';
import * as store from './store';

const SWEEP_BATCH = 100;

type Stored = { id: string } & store.EventDocument;

function delivered(event: Stored): DeliveredEvent {
  return { id: event.id, type: event.type, key: event.key, payload: event.payload as unknown as DeliveredEvent['payload'], createdAt: event.createdAt.toDate() };
}

async function loadEvent(id: string): Promise<Stored | undefined> {
  const snapshot = await store.readEvent(id);
  const event = snapshot.data();
  return event ? { id, ...event } : undefined;
}

/** A subscriber's attempt that threw: recorded on its run (retried or parked), logged, never thrown. */
async function failed(event: Stored, subscriber: Subscriber, attempts: number, error: unknown): Promise<store.RunState> {
  const state = await store.failRun(event, subscriber.name, attempts, error instanceof Error ? (error.stack ?? error.message) : String(error));
  logger.warn('event subscriber failed', { eventId: event.id, subscriber: subscriber.name, attempts, state, error: String(error) });
  return state;
}

/** One subscriber's run of one event, if it is free to run: answers what became of it. */
async function run(event: Stored, subscriber: Subscriber): Promise<store.RunState | 'busy'> {
  const attempts = await store.claimRun(event, subscriber.name);
  if (attempts === undefined) return 'busy';
  try {
    await subscriber.handle(delivered(event));
  } catch (error) {
    return failed(event, subscriber, attempts, error);
  }
  await store.finishRun(event.id, subscriber.name);
  return 'done';
}

/** A subscriber's first attempt, at its event's dispatch: it leaves a run only when it fails. */
async function firstAttempt(event: Stored, subscriber: Subscriber): Promise<store.RunState> {
  try {
    await subscriber.handle(delivered(event));
    return 'done';
  } catch (error) {
    return failed(event, subscriber, 1, error);
  }
}

/**
 * Every subscriber of the event that accepts it, under the event's lease, then the event marked as
 * handed out (failed runs carry on alone). A subscriber whose filter turns the event down does not
 * run. Answers each subscriber's state, or nothing when the event is not this caller's to hand
 * out: gone, handed out already, or under another dispatcher's live lease (the trigger beside an
 * inline dispatch).
 */
export async function dispatchEvent(id: string): Promise<Record<string, store.RunState>> {
  const claim = await store.claimEvent(id);
  if (claim.outcome !== 'claimed') return {};
  const event: Stored = { id, ...claim.event };
  const accepting = (await subscribersOf(event.type)).filter((subscriber) => accepts(subscriber, event.payload));
  // A dispatcher that died may have failed some subscribers already: their runs are retried on their own.
  const retried = claim.takeover ? await store.subscribersWithRuns(id, accepting.map((subscriber) => subscriber.name)) : new Set<string>();
  const subscribers = accepting.filter((subscriber) => !retried.has(subscriber.name));
  const states = await Promise.all(subscribers.map((subscriber) => firstAttempt(event, subscriber)));
  await store.markDispatched(id);
  return Object.fromEntries(subscribers.map((subscriber, index) => [subscriber.name, states[index]!]));
}

/** Dispatch after a commit in the emitting process: logged, never thrown at the request that committed. */
export async function dispatchQuietly(id: string): Promise<void> {
  try {
    await dispatchEvent(id);
  } catch (error) {
    logger.error('event not dispatched inline; the trigger or the sweep will', { eventId: id, error: String(error) });
  }
}

async function runById(runId: string, stored: store.RunDocument): Promise<store.RunState | 'busy' | 'gone'> {
  const [event, subscriber] = await Promise.all([loadEvent(stored.eventId), subscriberNamed(stored.subscriber)]);
  if (!event || !subscriber) {
    logger.error('event run without its event or subscriber', { runId, subscriber: stored.subscriber });
    return 'gone';
  }
  return run(event, subscriber);
}

/** The schedule's work: events the trigger missed, then runs whose lease ended or whose retry is due. */
export async function sweep(): Promise<{ events: number; runs: number }> {
  const pending = await store.pendingEventsDue(SWEEP_BATCH);
  for (const id of pending) await dispatchEvent(id);
  const due = await store.runsDue(SWEEP_BATCH);
  for (const { id, run: stored } of due) await runById(id, stored);
  return { events: pending.length, runs: due.length };
}

/** An admin's replay of a parked run: a fresh count of attempts, and one attempt now. */
export async function replay(runId: string): Promise<store.RunDocument | undefined> {
  const unparked = await store.unpark(runId);
  if (unparked?.state === 'retry') await runById(runId, unparked);
  return store.readRun(runId);
}
