import type { Timestamp } from 'firebase-admin/firestore';
import type { PaymentStatus, RefundMarkStatus } from './state';

export const PAYMENT_TYPES = ['achat', 'abonnement', 'abonnement_transitaire', 'publicite', 'verification', 'commande'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Why FeexPay's answer was not believed: its transaction is not the payment (answer-check.ts). */
export const MISMATCH_REASONS = ['reference_mismatch', 'amount_mismatch', 'currency_mismatch', 'shop_mismatch', 'mode_mismatch'] as const;
export type MismatchReason = (typeof MISMATCH_REASONS)[number];

/** Who moved a payment. */
export type PaymentSource = 'init' | 'provider' | 'webhook' | 'poller' | 'expiry' | 'client' | 'admin';

export interface PaymentHistoryEntry {
  at: Timestamp;
  from: PaymentStatus;
  to: PaymentStatus;
  source: PaymentSource;
  by?: string;
  reason?: string;
  /** A success forced by a principal or superAdmin without FeexPay's matching answer. */
  forced?: boolean;
}

/** `payments/{id}`. */
export interface PaymentDocument {
  userId: string;
  montant: number;
  reference: string | null;
  statut: PaymentStatus;
  type: PaymentType;
  metadata: Record<string, string>;
  method: 'mobile_money' | 'card' | 'link';
  network: string | null;
  /** Why FeexPay's answer was not believed (`amount_mismatch`...): the payment failed for it. */
  failureReason?: MismatchReason | null;
  history: PaymentHistoryEntry[];
  lateSuccess: boolean;
  /** Set when the money must go back (what was paid for was lost, cancelled or already paid). */
  /** `montant`: XOF to give back (absent on marks made before it existed: the whole payment). */
  refund?: { reason: string; statut: RefundMarkStatus; montant?: number };
  createdAt: Timestamp;
  updatedAt: Timestamp;
  expiresAt: Timestamp;
}

/** A payment's fields before its machine starts it (its status: repository.ts). */
export type NewPayment = Omit<PaymentDocument, 'statut'>;
