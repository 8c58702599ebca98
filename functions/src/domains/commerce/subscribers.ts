/** The commerce domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { markForRefund } from '../payments';
import { onAchatPaid } from './achats/service';
import { ensureRoom } from './chat/service';
import { issueAchatInvoice, issueOrderInvoice } from './invoices/service';
import { creditSellers, onOrderPaid } from './orders/service';

export const subscribers = [
  // The listing sold to the purchase and the seller credited; or the money marked to go back.
  subscriber('commerce.achat_paid', 'payment.succeeded', async ({ payload }) => {
    if (payload.type !== 'achat') return;
    const outcome = await onAchatPaid(payload.metadata.achatId, payload.paymentId);
    if (outcome) await markForRefund(payload.paymentId, outcome.refund);
  }),
  // The order paid and its units taken from stock; or cancelled and its money marked for refund.
  subscriber('commerce.order_paid', 'payment.succeeded', async ({ payload }) => {
    if (payload.type !== 'commande' || !payload.metadata.commandeId) return;
    await onOrderPaid(payload.metadata.commandeId, payload.paymentId);
  }),
  // Each seller credited with its lines net of the seller-gain fee, once (on payment until logistics delivers).
  subscriber('commerce.order_seller_credit', 'order.paid', async ({ payload }) => creditSellers(payload.orderId)),
  // The order's invoice, once (its id is the order's), numbered from the day's counter.
  subscriber('commerce.order_invoice', 'order.paid', async ({ payload }) => {
    await issueOrderInvoice(payload.orderId);
  }),
  // The purchase's invoice, once, from the same counter.
  subscriber('commerce.achat_invoice', 'achat.paid', async ({ payload }) => {
    await issueAchatInvoice(payload.achatId);
  }),
  // A tricycle driver accepted a buyer's contact: their room about it exists from then on (one room
  // per contact and pair, so a second delivery or a later acceptance finds it).
  subscriber('commerce.tricycle_chat', 'tricycle.contact_accepted', async ({ payload }) => {
    await ensureRoom('tricycle', payload.contactId, [payload.acheteur, payload.chauffeur], payload.acheteur);
  }),
];
