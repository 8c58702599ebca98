/**
 * What a successful payment does, by type. Each effect is idempotent for its payment (applying it
 * twice changes nothing), and the payment records which ran, so a retry finishes what a crash
 * left undone without doing anything twice. A type without an effect here is refused at creation.
 */
import { amountDueForPublicite, markPaid } from '../catalog/publicite-service';
import { showSellerParts } from '../catalog/seller-parts';
import { amountDueForVerification, openVerification } from '../catalog/verification-service';
import { amountDueForAchat, onAchatPaid } from '../commerce/achat-service';
import { refreshListing } from '../transit/directory';
import { amountDue as subscriptionDue, extend, type SubscriptionKind } from '../subscriptions/service';
import type { PaymentDocument, PaymentType } from './model';

export interface PaymentEffect {
  /** Key in the payment's `effects` map: letters, digits and underscores (no dots: it is a field path). */
  name: string;
  /** The amount due for the payment's target, or undefined when the target cannot be paid by this user. */
  amountDue(metadata: Record<string, string>, payer: string): Promise<number | undefined>;
  /** Applies the effect; answers a refund reason when the money must go back (the target was lost). */
  apply(paymentId: string, payment: PaymentDocument): Promise<void | { refund: string }>;
}

function subscription(kind: SubscriptionKind): PaymentEffect {
  return {
    name: `subscription_${kind}`,
    amountDue: (metadata, payer) => subscriptionDue(kind, metadata.months, payer),
    apply: async (paymentId, payment) => {
      const accessEnd = await extend(payment.userId, kind, Number(payment.metadata.months), paymentId);
      // A subscribed, verified forwarder appears in the buyers' list; a seller's parts are shown again.
      if (kind === 'transitaire') await refreshListing(payment.userId);
      else await showSellerParts(payment.userId, accessEnd);
    },
  };
}

export const EFFECTS: Record<PaymentType, PaymentEffect> = {
  achat: {
    name: 'achat_payee',
    amountDue: (metadata, payer) => (metadata.achatId ? amountDueForAchat(metadata.achatId, payer) : Promise.resolve(undefined)),
    apply: (paymentId, payment) => onAchatPaid(payment.metadata.achatId, paymentId),
  },
  verification: {
    name: 'verification_requested',
    amountDue: (metadata, payer) => amountDueForVerification(metadata.articleId, payer),
    apply: (paymentId, payment) => openVerification(paymentId, payment.metadata.articleId, payment.userId),
  },
  abonnement: subscription('vendeur'),
  abonnement_transitaire: subscription('transitaire'),
  publicite: {
    name: 'publicite_payee',
    amountDue: (metadata, payer) => (metadata.publiciteId ? amountDueForPublicite(metadata.publiciteId, payer) : Promise.resolve(undefined)),
    apply: (paymentId, payment) => markPaid(payment.metadata.publiciteId, paymentId),
  },
};
