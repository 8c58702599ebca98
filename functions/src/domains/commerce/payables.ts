/**
 * What the payment types commerce sells cost (module.ts, `payables`). A file of their own, imported
 * statically: the payments function's file then holds these answers only, not all of their services.
 */
export { amountDueForAchat } from './achats/service';
export { amountDueForOrder } from './orders/service';
