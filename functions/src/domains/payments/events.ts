/** Events the payments domain emits (docs/events.md, generated from these declarations). */
import type { PaymentType } from './model';
import type { PaymentStatus } from './state';

export interface PaymentSucceeded {
  paymentId: string;
  type: PaymentType;
  /** The payer. */
  userId: string;
  montant: number;
  metadata: Record<string, string>;
}

export interface PaymentStatusChanged {
  paymentId: string;
  type: PaymentType;
  /** null when the payment was created (`pending`). */
  from: PaymentStatus | null;
  to: PaymentStatus;
  montant: number;
  /** When (ISO). */
  at: string;
}

export interface PaymentRefundMarked {
  paymentId: string;
  type: PaymentType;
  /** The payer. */
  userId: string;
  /** XOF to give back. */
  montant: number;
  /** The whole payment goes back: every credit it made was taken back in the same transaction. */
  full: boolean;
  reason: string;
  /** When (ISO). */
  at: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /**
     * A payment was created or changed status (key: `{paymentId}_{to}_{at ms}`, core/fsm's one
     * policy). Emitted by the transaction that creates a payment (`pending`), and by `settle()` for every
     * move.
     */
    'payment.status_changed': PaymentStatusChanged;
    /** A successful payment's money was marked to go back (key: the payment id; the first mark stays), in the transaction that marks it. */
    'payment.refund_marked': PaymentRefundMarked;
    /**
     * A payment became `success` (key: the payment id; emitted once, a success is never downgraded).
     * Emitted by `settle()`, in the transaction that moves the payment to `success`.
     */
    'payment.succeeded': PaymentSucceeded;
  }
}
