/**
 * Notices as reactions to facts: from every domain's tellers (their `tells.ts`, declared by their
 * manifests), one subscriber per told fact, `notifications.tell.<fact>`, which writes each notice
 * the fact's payload answers, once, in its recipient's language (`notify`). A notice's id is its
 * type and key, the same as when domains asked for it inside their transactions: a replayed event
 * writes nothing twice, and a notice written before the facts told it is not written again.
 */
import { type EventType, type Subscriber, subscriber } from '../../core/events';
import type { Notice, Teller, Tellers } from '../../core/notices';
import { notify } from './service';

/** The subscriber's name for a fact: run ids are `{eventId}__{name}`, so it holds no `/`. */
export const tellerName = (type: EventType) => `notifications.tell.${type}`;

/** The notices one event tells, from every domain that tells its fact. */
function noticesOf(tellers: readonly Teller<EventType>[], payload: unknown): Notice[] {
  // A fact emitted before its payload carried a recipient (its notice asked then by `notification.requested`) tells nobody here.
  return tellers.flatMap((tell) => tell(payload as never)).filter((notice) => Boolean(notice.uid));
}

export function tellingSubscribers(lists: readonly Tellers[]): Subscriber[] {
  const byFact = new Map<EventType, Teller<EventType>[]>();
  for (const tellers of lists) {
    for (const [type, tell] of Object.entries(tellers) as Array<[EventType, Teller<EventType>]>) byFact.set(type, [...(byFact.get(type) ?? []), tell]);
  }
  return [...byFact].map(([type, tellers]) =>
    subscriber(tellerName(type), type, async ({ payload }) => {
      // Each notice is written once (notify's create keyed by type and key): a retried run writes only what it missed.
      await Promise.all(noticesOf(tellers, payload).map(({ uid, ...notice }) => notify(uid, notice)));
    }),
  );
}
