/**
 * What a successful payment does, by type. Each effect is idempotent for its payment (applying it
 * twice changes nothing), and the payment records which ran, so a retry finishes what a crash
 * left undone without doing anything twice. Types whose business objects do not exist yet have no
 * effect registered, and payments of those types are refused at creation.
 */
import { amountDueForPublicite, markPaid } from '../catalog/publicite-service';
import { amountDueForAchat, onAchatPaid } from '../commerce/achat-service';
import { amountDue as subscriptionDue, extend, type SubscriptionKind } from '../subscriptions/service';
import type { PaymentDocument, PaymentType } from './model';

export interface PaymentEffect {
  /** Key in the payment's `effects` map: letters, digits and underscores (no dots: it is a field path). */
  name: string;
  /** The amount due for the payment's target, or undefined when the target cannot be paid by this user. */
  amountDue(metadata: Record<string, string>, payer: string): Promise<number | undefined>;
  apply(paymentId: string, payment: PaymentDocument): Promise<void>;
}

function subscription(kind: SubscriptionKind): PaymentEffect {
  return {
    name: `subscription_${kind}`,
    amountDue: (metadata, payer) => subscriptionDue(kind, metadata.months, payer),
    apply: (paymentId, payment) => extend(payment.userId, kind, Number(payment.metadata.months), paymentId),
  };
}

export const EFFECTS: Partial<Record<PaymentType, PaymentEffect>> = {
  achat: {
    name: 'achat_payee',
    amountDue: (metadata, payer) => (metadata.achatId ? amountDueForAchat(metadata.achatId, payer) : Promise.resolve(undefined)),
    apply: (paymentId, payment) => onAchatPaid(payment.metadata.achatId, paymentId),
  },
  abonnement: subscription('vendeur'),
  abonnement_transitaire: subscription('transitaire'),
  publicite: {
    name: 'publicite_payee',
    amountDue: (metadata, payer) => (metadata.publiciteId ? amountDueForPublicite(metadata.publiciteId, payer) : Promise.resolve(undefined)),
    apply: async (paymentId, payment) => {
      await markPaid(payment.metadata.publiciteId, paymentId);
    },
  },
};
