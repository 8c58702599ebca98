/** Events the payments domain emits (README: event catalogue). */
import type { PaymentType } from './model';

export interface PaymentSucceeded {
  paymentId: string;
  type: PaymentType;
  /** The payer. */
  userId: string;
  montant: number;
  metadata: Record<string, string>;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A payment became `success` (key: the payment id; emitted once, a success is never downgraded). */
    'payment.succeeded': PaymentSucceeded;
  }
}
