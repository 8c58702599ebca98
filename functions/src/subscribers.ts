/**
 * Every domain's subscribers, listed once (as groups.ts lists routers). Dispatch (core/events)
 * loads them on the first event it hands out (install-subscribers.ts). Deployed, this file and
 * every domain it lists are a bundle of their own, loaded by the first event an instance dispatches.
 */
import type { Subscriber } from './core/events';
import { allNotices } from './notices';

/**
 * The subscribers, loaded on the first event dispatched; with them, the notice templates that the
 * `notifications.write` subscriber writes from (unless a test handed its own).
 */
export async function allSubscribers(): Promise<Subscriber[]> {
  const notifications = await import('./domains/notifications');
  if (!notifications.hasNotices()) notifications.useNotices(allNotices);
  const modules = await Promise.all([
    import('./domains/admin/stats/subscribers'),
    import('./domains/admin/documents/subscribers'),
    import('./domains/agents/subscribers'),
    import('./domains/catalog/subscribers'),
    import('./domains/chat/subscribers'),
    import('./domains/commerce/subscribers'),
    import('./domains/identity/subscribers'),
    import('./domains/logistics/livreurs/subscribers'),
    import('./domains/logistics/subscribers'),
    import('./domains/notifications/subscribers'),
    import('./domains/subscriptions/subscribers'),
    import('./domains/transit/subscribers'),
  ]);
  return modules.flatMap((module) => module.subscribers);
}
