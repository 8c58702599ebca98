/**
 * Tests dispatch domain events in the process that emits them, right after the commit
 * (EVENTS_DISPATCH_INLINE, set in env.ts): the Functions emulator's triggers do not see the data of
 * in-process tests. Dispatch needs the subscribers' list, as every composition root does.
 */
import { installErrorCodes } from '../../functions/src/error-codes';
import { installSubscribers } from '../../functions/src/install-subscribers';

installSubscribers();
// As every composition root does: the domains' error codes, for the tests that read a code's status or messages without an app.
installErrorCodes();
