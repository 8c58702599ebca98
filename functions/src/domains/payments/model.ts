import type { Timestamp } from 'firebase-admin/firestore';
import type { PaymentStatus } from './state';

export const PAYMENT_TYPES = ['achat', 'abonnement', 'abonnement_transitaire', 'publicite', 'verification'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Who moved a payment. */
export type PaymentSource = 'init' | 'provider' | 'webhook' | 'poller' | 'expiry' | 'client' | 'admin';

export interface PaymentHistoryEntry {
  at: Timestamp;
  from: PaymentStatus;
  to: PaymentStatus;
  source: PaymentSource;
  by?: string;
  reason?: string;
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
  /** Business effects of the success: `claimed` in the transaction that made it, `done` once applied. */
  effects: Record<string, 'claimed' | 'done'>;
  history: PaymentHistoryEntry[];
  lateSuccess: boolean;
  /** Set when the money must go back (what was paid for was lost to another payer). */
  refund?: { reason: string; statut: 'a_rembourser' };
  createdAt: Timestamp;
  updatedAt: Timestamp;
  expiresAt: Timestamp;
}
