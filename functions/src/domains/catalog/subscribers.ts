/** The catalog domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { markForRefund } from '../payments';
import { markPaid } from './publicites/service';
import { showSellerParts } from './seller-parts';
import { openVerification } from './verification/service';

export const subscribers = [
  // A renewed seller's parts get the new end of its access and are shown again.
  subscriber('catalog.show_seller_parts', 'subscription.extended', async ({ payload }) => {
    if (payload.kind === 'vendeur') await showSellerParts(payload.uid, new Date(payload.expiresAt));
  }),
  subscriber('catalog.publicite_paid', 'payment.succeeded', async ({ payload }) => {
    if (payload.type !== 'publicite') return;
    const outcome = await markPaid(payload.metadata.publiciteId, payload.paymentId);
    if (outcome) await markForRefund(payload.paymentId, outcome.refund);
  }),
  subscriber('catalog.verification_opened', 'payment.succeeded', async ({ payload }) => {
    if (payload.type === 'verification') await openVerification(payload.paymentId, payload.metadata.articleId, payload.userId);
  }),
];
