/**
 * What the subscriptions cost (module.ts, `payables`). A file of its own, imported statically: the
 * payments function's file then holds this answer only, not all of the service.
 */
export { amountDue } from './service';
