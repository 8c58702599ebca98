/**
 * Every domain's subscribers, from the modules (modules.ts). Dispatch (core/events) loads them on
 * the first event it hands out (install-subscribers.ts). Deployed, this file and every domain's
 * subscribers are a bundle of their own, loaded by the first event an instance dispatches.
 */
import type { Subscriber } from './core/events';
import type { DomainModule } from './core/module';
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
  const mistakes = modules.flatMap((module, index) => paidWiringMistakes(module, lists[index]!));
  if (mistakes.length) throw new Error(`Payment reactions not wired to what their modules sell: ${mistakes.join('; ')}`);
  return [...lists.flat(), ...notifications.tellingSubscribers(tellers)];
}

/**
 * A type a module sells (its `payables`) is fulfilled by exactly one reaction of the same module
 * to its payments (`onPaid` of core/payables.ts, filtered by type), and a module reacts to the success of no
 * type it does not sell: otherwise a paid thing is never delivered, or twice.
 */
export function paidWiringMistakes(module: Pick<DomainModule, 'name' | 'payables'>, subscribers: readonly Subscriber[]): string[] {
  const sold = Object.keys(module.payables ?? {});
  const fulfilled = subscribers.filter((subscriber) => subscriber.on === 'payment.succeeded' && subscriber.only?.field === 'type').flatMap((subscriber) => subscriber.only!.values);
  return [
    ...fulfilled.filter((type) => !sold.includes(type)).map((type) => `${module.name} reacts to paid "${type}" but does not sell it`),
    ...sold.filter((type) => fulfilled.filter((paid) => paid === type).length !== 1).map((type) => `${module.name} sells "${type}" with ${fulfilled.filter((paid) => paid === type).length} reactions to its payment`),
  ];
}
