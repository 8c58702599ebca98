/**
 * Every domain's subscribers, listed once (as groups.ts lists routers). Dispatch (core/events)
 * loads them on the first event it hands out; `installSubscribers` is called by each composition
 * root: the functions' entry (index.ts), the apps and the tests.
 */
import { hasSubscribers, type Subscriber, useSubscribers } from './core/events';

export async function allSubscribers(): Promise<Subscriber[]> {
  const modules = await Promise.all([
    import('./domains/catalog/subscribers'),
    import('./domains/commerce/subscribers'),
    import('./domains/identity/subscribers'),
    import('./domains/notifications/subscribers'),
    import('./domains/subscriptions/subscribers'),
    import('./domains/transit/subscribers'),
  ]);
  return modules.flatMap((module) => module.subscribers);
}

/** Hands the list to dispatch, unless one was handed already (by a test, for one). */
export function installSubscribers(): void {
  if (!hasSubscribers()) useSubscribers(allSubscribers);
}
