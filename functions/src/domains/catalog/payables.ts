/**
 * What the payment types catalog sells cost (module.ts, `payables`). A file of their own, imported
 * statically: the payments function's file then holds these answers only, not all of their services.
 */
export { amountDueForInspection } from './inspection/service';
export { amountDueForPublicite } from './publicites/service';
