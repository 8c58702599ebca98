/** What the outbox recorded: an event and its subscribers' runs, as stored. */
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { db } from '../../functions/src/core/firebase';
import { dispatchEvent, type RunDocument } from '../../functions/src/core/events';

export async function runOf(eventId: string, subscriber: string): Promise<RunDocument | undefined> {
  return (await db().collection(COLLECTIONS.eventRuns).doc(`${eventId}__${subscriber}`).get()).data() as RunDocument | undefined;
}

/** The state of a subscriber's run of a payment's success (`done` once its effect is applied). */
export async function paymentEffect(paymentId: string, subscriber: string): Promise<RunDocument['state'] | undefined> {
  return (await runOf(`payment.succeeded_${paymentId}`, subscriber))?.state;
}

export async function eventOf(id: string): Promise<Record<string, unknown> | undefined> {
  return (await db().collection(COLLECTIONS.events).doc(id).get()).data();
}

/** Delivers an event again as if its runs were lost: every subscriber runs once more. */
export async function redeliver(eventId: string) {
  const runs = await db().collection(COLLECTIONS.eventRuns).where('eventId', '==', eventId).get();
  await Promise.all(runs.docs.map((run) => run.ref.delete()));
  return dispatchEvent(eventId);
}
