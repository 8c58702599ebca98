/** The commerce domain's reactions to other domains' events. */
import { ApiError } from '../../core/errors';
import { subscriber } from '../../core/events';
import { onPaid } from '../../core/payables';
import { markForRefund } from '../payments';
import { onAchatDelivered, onTransferred, releaseAchat } from './achats/handover';
import { openDispute } from './disputes/open-dispute';
import { cancelForRefusedVerification, onAchatDeliveryFailed, onAchatPaid } from './achats/service';
import { issueAchatInvoice, issueOrderInvoice, markInvoicePdfDeleted } from './invoices/service';
import { onOrderPaid } from './orders/payment';
import { holdOrder, releaseOrder, releaseOrderSeller } from './orders/handover';
import { onDeliveryEnded } from './orders/service';

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
  // Each seller's lines held in its wallet until their handover (DOMAIN.md, "Fair exchange"), once:
  // for events of orders paid before the order's transaction held them itself (`held` absent).
  subscriber('commerce.order_seller_hold', 'order.paid', async ({ payload }) => {
    if (!payload.held) await holdOrder(payload.orderId);
  }),
  // A seller's lines handed over in person: its held money released, net of the platform's fee, once.
  subscriber('commerce.order_handover_release', 'order.handed_over', async ({ payload }) => {
    await releaseOrderSeller(payload.orderId, payload.vendeur);
  }),
  // An order `delivered` (its delivery `livre`, the last handover, an admin's word): every seller's held money released, once.
  subscriber('commerce.order_delivered_release', 'order.status_changed', async ({ payload }) => {
    if (payload.to === 'delivered') await releaseOrder(payload.orderId);
  }),
  // A paid order cancelled before its handover: the whole payment marked for refund, which takes back each seller's held money.
  subscriber('commerce.order_cancelled_refund', 'order.cancelled', async ({ payload }) => {
    await markForRefund(payload.paymentId, payload.reason);
  }),
  // An order's delivery `livre`: the order delivered (its `order.status_changed` releases the sellers' held money).
  subscriber('commerce.order_delivered', 'delivery.delivered', async ({ payload }) => {
    if (payload.source.kind !== 'order') return;
    await onDeliveryEnded(payload.source.id, 'delivered', `livraison ${payload.deliveryId}`);
  }),
  // An order's delivery `refuse`, `retour` or `annule`: the order cancelled, its units back in stock (logistics marks the refund, which takes the held money back).
  subscriber('commerce.order_delivery_failed', 'delivery.failed', async ({ payload }) => {
    if (payload.source.kind !== 'order') return;
    await onDeliveryEnded(payload.source.id, 'failed', `livraison ${payload.deliveryId} ${payload.statut}`);
  }),
  // A purchase's delivery `livre`: the vehicle handed over by the courier (`remise`), once.
  subscriber('commerce.achat_delivered', 'delivery.delivered', async ({ payload }) => {
    if (payload.source.kind === 'achat') await onAchatDelivered(payload.source.id);
  }),
  // The buyer's journey `transferer`: its transit purchase handed over to its forwarder (`remise`), once.
  subscriber('commerce.achat_transferred', 'mission.status_changed', async ({ payload }) => {
    if (payload.to === 'transferer' && payload.articleId && payload.acheteur) await onTransferred(payload.articleId, payload.acheteur);
  }),
  // A purchase handed over (in person, by its courier or its transfer): the seller's held price released, net of the platform's fee, once.
  subscriber('commerce.achat_handover_release', 'achat.handed_over', async ({ payload }) => {
    await releaseAchat(payload.achatId);
  }),
  // An admin cancelled a paid purchase before its handover: the whole payment marked for refund, which takes the held price back.
  subscriber('commerce.achat_admin_cancel_refund', 'achat.cancelled', async ({ payload }) => {
    if (payload.reason === 'admin' && payload.paymentId) await markForRefund(payload.paymentId, `achat annulé par l’administration : ${payload.motif ?? ''}`.trim());
  }),
  // A purchase's delivery `refuse`, `retour` or `annule`: the purchase cancelled, the listing online again (logistics marks the refund, which takes the held price back).
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
  // The buyer's "not received" on a delivery after the courier's photo: a dispute of the sale (DOMAIN.md, "Disputes"), once.
  subscriber('commerce.dispute_from_delivery', 'delivery.disputed', async ({ payload }) => {
    if (!payload.source || !payload.apresPreuve) return;
    const vente = { kind: payload.source.kind === 'order' ? ('commande' as const) : ('achat' as const), id: payload.source.id };
    const texte = payload.motif.length >= 10 ? payload.motif : `Non reçu : ${payload.motif}`;
    try {
      await openDispute({ uid: payload.acheteur }, { vente, motif: 'non_recu', texte: texte.slice(0, 2000) }, payload.acheteur);
    } catch (error) {
      // Opened already (the buyer's own dispute, a run again), or past its window: nothing more to do.
      if (!(error instanceof ApiError)) throw error;
    }
  }),
  // A dispute withdrawn: the sale's money released as its handover says (held otherwise), once.
  subscriber('commerce.dispute_withdrawn_release', 'dispute.status_changed', async ({ payload }) => {
    if (payload.to !== 'retire') return;
    if (payload.vente.kind === 'commande') await releaseOrder(payload.vente.id);
    else await releaseAchat(payload.vente.id);
  }),
];
