/**
 * Tests dispatch domain events in the process that emits them, right after the commit
 * (EVENTS_DISPATCH_INLINE, set in env.ts): the Functions emulator's triggers do not see the data of
 * in-process tests. Dispatch needs the subscribers' list, as every composition root does.
 */
import { installSubscribers } from '../../functions/src/install-subscribers';

installSubscribers();
