/**
 * What each payment type costs, answered by the domain that sells it (payments/payables.ts). The
 * payments function's routes import this file (groups.ts), which registers every type.
 */
import { amountDueForPublicite } from './domains/catalog/publicites/service';
import { amountDueForVerification } from './domains/catalog/verification/service';
import { amountDueForAchat } from './domains/commerce/achats/service';
import { amountDueForOrder } from './domains/commerce/orders/service';
import { registerPayable } from './domains/payments';
import { amountDue as subscriptionDue } from './domains/subscriptions/service';

registerPayable('achat', (metadata, payer) => (metadata.achatId ? amountDueForAchat(metadata.achatId, payer) : Promise.resolve(undefined)));
registerPayable('commande', (metadata, payer) => (metadata.commandeId ? amountDueForOrder(metadata.commandeId, payer) : Promise.resolve(undefined)));
registerPayable('verification', (metadata, payer) => amountDueForVerification(metadata.articleId, payer));
registerPayable('abonnement', (metadata, payer) => subscriptionDue('vendeur', metadata.months, payer));
registerPayable('abonnement_transitaire', (metadata, payer) => subscriptionDue('transitaire', metadata.months, payer));
registerPayable('publicite', (metadata, payer) =>
  metadata.publiciteId ? amountDueForPublicite(metadata.publiciteId, payer) : Promise.resolve(undefined),
);
