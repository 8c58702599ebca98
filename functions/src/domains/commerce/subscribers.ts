/** The commerce domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { markForRefund } from '../payments';
import { onAchatPaid } from './achats/service';

export const subscribers = [
  // The listing sold to the purchase and the seller credited; or the money marked to go back.
  subscriber('commerce.achat_paid', 'payment.succeeded', async ({ payload }) => {
    if (payload.type !== 'achat') return;
    const outcome = await onAchatPaid(payload.metadata.achatId, payload.paymentId);
    if (outcome) await markForRefund(payload.paymentId, outcome.refund);
  }),
];
