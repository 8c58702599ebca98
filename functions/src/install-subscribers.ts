/**
 * Hands every domain's subscribers (subscribers.ts) to dispatch, loaded on the first event it
 * hands out: an HTTPS function whose requests dispatch nothing never loads them. Called by each
 * composition root: the apps (app.ts), the triggers (jobs.ts) and the tests.
 */
// The registry alone: the events index would load dispatch and its store with the function's app.
import { hasSubscribers, useSubscribers } from './core/events/registry';

/** Unless a list was handed already (by a test, for one). */
export function installSubscribers(): void {
  if (!hasSubscribers()) useSubscribers(async () => (await import('./subscribers')).allSubscribers());
}
