/** What the outbox recorded: an event and its subscribers' runs, as stored. */
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { db } from '../../functions/src/core/firebase';
import { dispatchEvent, type RunDocument } from '../../functions/src/core/events';

/** A subscriber's run of an event: stored only once its first attempt failed (core/events/dispatch.ts). */
export async function runOf(eventId: string, subscriber: string): Promise<RunDocument | undefined> {
  return (await db().collection(COLLECTIONS.eventRuns).doc(`${eventId}__${subscriber}`).get()).data() as RunDocument | undefined;
}

export async function eventOf(id: string): Promise<Record<string, unknown> | undefined> {
  return (await db().collection(COLLECTIONS.events).doc(id).get()).data();
}

/**
 * Where a subscriber (one that accepts the event) stands with it: its run's state when it has one
 * (it failed once), else `done` once the event is dispatched (it ran at the dispatch without
 * failing), else undefined (not handed out yet).
 */
export async function subscriberState(eventId: string, subscriber: string): Promise<RunDocument['state'] | undefined> {
  const run = await runOf(eventId, subscriber);
  if (run) return run.state;
  return (await eventOf(eventId))?.dispatch === 'dispatched' ? 'done' : undefined;
}

/** Where a subscriber stands with a payment's success (`done` once its effect is applied). */
export function paymentEffect(paymentId: string, subscriber: string): Promise<RunDocument['state'] | undefined> {
  return subscriberState(`payment.succeeded_${paymentId}`, subscriber);
}

/**
 * Delivers an event again as if its dispatch had been lost (its record of being handed out, and
 * its runs): every subscriber that accepts it runs once more. Answers each one's state.
 */
export async function redeliver(eventId: string) {
  const runs = await db().collection(COLLECTIONS.eventRuns).where('eventId', '==', eventId).get();
  await Promise.all(runs.docs.map((run) => run.ref.delete()));
  await db().collection(COLLECTIONS.events).doc(eventId).update({ dispatch: 'pending' });
  return dispatchEvent(eventId);
}
