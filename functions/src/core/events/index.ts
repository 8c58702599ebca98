/** Domain events: the outbox (`emit`), the subscribers' shape, and their dispatch. */
export { type DeliveredEvent, type EventCatalog, type EventType, type Subscriber, subscriber } from './catalog';
export { emit, eventId } from './emit';
export { dispatchEvent, replay, sweep } from './dispatch';
export { hasSubscribers, useSubscribers } from './registry';
export { parkedRuns, readRun, type RunDocument, runId } from './store';
