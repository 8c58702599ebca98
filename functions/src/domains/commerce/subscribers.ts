/** The commerce domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { onPaid } from '../../core/payables';
import { markForRefund } from '../payments';
import { priceList } from '../pricing';
import { cancelForRefusedVerification, creditAchatSeller, onAchatDeliveryFailed, onAchatPaid } from './achats/service';
import { issueAchatInvoice, issueOrderInvoice, markInvoicePdfDeleted } from './invoices/service';
import { onOrderPaid } from './orders/payment';
import { creditSellers, onDeliveryEnded } from './orders/service';

export const subscribers = [
  // The listing sold to the purchase and the seller credited; or the money marked to go back.
  onPaid('commerce.achat_paid', ['achat'], async ({ payload }) => {
    const outcome = await onAchatPaid(payload.metadata.achatId, payload.paymentId);
    if (outcome) await markForRefund(payload.paymentId, outcome.refund);
  }),
  // The order paid and its units taken from stock; or cancelled and its money marked for refund.
  onPaid('commerce.order_paid', ['commande'], async ({ payload }) => {
    if (!payload.metadata.commandeId) return;
    await onOrderPaid(payload.metadata.commandeId, payload.paymentId);
  }),
  // Each seller of an order without delivery credited with its lines net of the seller-gain fee, once; with delivery, on `delivery.delivered`.
  subscriber('commerce.order_seller_credit', 'order.paid', async ({ payload }) => {
    if (payload.livraison) return;
    await creditSellers(payload.orderId);
  }),
  // A paid order cancelled before it shipped: the whole payment marked for refund, which takes back each seller's credit and the platform's fee.
  subscriber('commerce.order_cancelled_refund', 'order.cancelled', async ({ payload }) => {
    await markForRefund(payload.paymentId, payload.reason);
  }),
  // An order's delivery `livre`: each seller credited net of the delivery settings' seller commission, once; the order delivered.
  subscriber('commerce.order_delivered', 'delivery.delivered', async ({ payload }) => {
    if (payload.source.kind !== 'order') return;
    const { commissionVendeurPct } = await priceList('delivery-settings');
    await creditSellers(payload.source.id, commissionVendeurPct);
    await onDeliveryEnded(payload.source.id, 'delivered', `livraison ${payload.deliveryId}`);
  }),
  // An order's delivery `refuse`, `retour` or `annule`: the order cancelled (logistics marks the refund); sellers never credited.
  subscriber('commerce.order_delivery_failed', 'delivery.failed', async ({ payload }) => {
    if (payload.source.kind !== 'order') return;
    await onDeliveryEnded(payload.source.id, 'failed', `livraison ${payload.deliveryId} ${payload.statut}`);
  }),
  // A purchase's delivery `livre`: its seller credited (held since payment), once.
  subscriber('commerce.achat_delivered', 'delivery.delivered', async ({ payload }) => {
    if (payload.source.kind === 'achat') await creditAchatSeller(payload.source.id);
  }),
  // A purchase's delivery `refuse`, `retour` or `annule`: the purchase cancelled (logistics marks the refund); its seller never credited.
  subscriber('commerce.achat_delivery_failed', 'delivery.failed', async ({ payload }) => {
    if (payload.source.kind === 'achat') await onAchatDeliveryFailed(payload.source.id);
  }),
  // The order's invoice, once (its id is the order's), numbered from the day's counter.
  subscriber('commerce.order_invoice', 'order.paid', async ({ payload }) => {
    await issueOrderInvoice(payload.orderId);
  }),
  // The purchase's invoice, once, from the same counter.
  subscriber('commerce.achat_invoice', 'achat.paid', async ({ payload }) => {
    await issueAchatInvoice(payload.achatId);
  }),
  // A superAdmin deleted an invoice's stored PDF (admin documents): the invoice keeps the mark.
  subscriber('commerce.invoice_pdf_deleted', 'document.deleted', async ({ payload }) => {
    if (payload.kind === 'facture') await markInvoicePdfDeleted(payload.record.id, payload.deletedBy, new Date(payload.deletedAt));
  }),
  // The buyer refused the listing after its verification report: its purchase cancelled (`achat.cancelled`), paid money marked for refund.
  subscriber('commerce.verification_refused', 'verification.status_changed', async ({ payload }) => {
    if (payload.to === 'refuse') await cancelForRefusedVerification(payload.articleId, payload.acheteur);
  }),
];
