/**
 * Where dispatch finds the subscribers. Core cannot import the domains (they import core), so the
 * composition roots (the function apps, the event functions, tests) hand it the list that
 * `src/subscribers.ts` builds: one loader, called once, on the first event dispatched.
 */
import type { EventType, Subscriber } from './catalog';

type Loader = () => Promise<readonly Subscriber[]>;

let loader: Loader | undefined;
let loaded: Promise<Map<EventType, Subscriber[]>> | undefined;

export function useSubscribers(load: Loader): void {
  if (loader === load) return;
  loader = load;
  loaded = undefined;
}

async function byType(): Promise<Map<EventType, Subscriber[]>> {
  if (!loader) throw new Error('No subscribers registered: call useSubscribers() in the composition root');
  const load = loader;
  loaded ??= load().then((subscribers) => {
    const names = new Set<string>();
    const map = new Map<EventType, Subscriber[]>();
    for (const subscriber of subscribers) {
      if (names.has(subscriber.name)) throw new Error(`Two subscribers are named ${subscriber.name}`);
      names.add(subscriber.name);
      map.set(subscriber.on, [...(map.get(subscriber.on) ?? []), subscriber]);
    }
    return map;
  });
  return loaded;
}

/** Whether a composition root has handed over its list (a test's own list stays in place). */
export function hasSubscribers(): boolean {
  return loader !== undefined;
}

export async function subscribersOf(type: EventType): Promise<Subscriber[]> {
  return (await byType()).get(type) ?? [];
}

export async function subscriberNamed(name: string): Promise<Subscriber | undefined> {
  for (const subscribers of (await byType()).values()) {
    const found = subscribers.find((subscriber) => subscriber.name === name);
    if (found) return found;
  }
  return undefined;
}
