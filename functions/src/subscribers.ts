/**
 * Every domain's subscribers, from the modules (modules.ts). Dispatch (core/events) loads them on
 * the first event it hands out (install-subscribers.ts). Deployed, this file and every domain's
 * subscribers are a bundle of their own, loaded by the first event an instance dispatches.
 */
import type { Subscriber } from './core/events';
import { MODULES } from './modules';
import { allNotices } from './notices';

/**
 * The subscribers, loaded on the first event dispatched: each domain's own, and the notifications
 * domain's one subscriber per fact a domain tells (its manifest's `tells`); with them, the notice
 * templates those write from (unless a test handed its own).
 */
export async function allSubscribers(): Promise<Subscriber[]> {
  const notifications = await import('./domains/notifications');
  if (!notifications.hasNotices()) notifications.useNotices(allNotices);
  // By domain name: dispatch runs an event's subscribers at once, so their order only fixes the
  // event catalogue's (docs/events.md), which then does not move when the list of modules does.
  const modules = [...MODULES].sort((a, b) => a.name.localeCompare(b.name));
  const [lists, tellers] = await Promise.all([Promise.all(modules.map((module) => module.subscribers?.() ?? [])), Promise.all(modules.map((module) => module.tells?.() ?? {}))]);
  return [...lists.flat(), ...notifications.tellingSubscribers(tellers)];
}
