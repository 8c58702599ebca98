/** The payments domain's surface for other domains (its events are declared in events.ts). */

export type { PaymentSucceeded } from './events';
export type { PaymentDocument, PaymentType } from './model';
export { markForRefund, prepareRefundMark } from './refunds';
export { allocate, type Allocation, prepareAllocation } from './ledger';
export { type AllocationSummary, allocationSummaryOf } from './allocations';
export { paymentsPage } from './payment-pages';
