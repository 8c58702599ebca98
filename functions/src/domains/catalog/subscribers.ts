/** The catalog domain's reactions to other domains' events. */
import { config } from '../../core/config';
import { subscriber } from '../../core/events';
import { queueTemplateNotice } from '../notifications';
import { onPaid } from '../../core/payables';
import { markForRefund } from '../payments';
import { markPaid } from './publicites/service';
import { showSellerParts } from './seller-parts';
import { markReportDeleted } from './inspection/buyer';
import { markHandedOver } from './inspection/handover';
import { openInspection } from './inspection/service';
import { countChange } from './inspection/stats';

export const subscribers = [
  // A renewed seller's parts get the new end of its access and are shown again.
  subscriber('catalog.show_seller_parts', 'subscription.extended', async ({ payload }) => {
    if (payload.kind === 'vendeur') await showSellerParts(payload.uid, new Date(payload.expiresAt));
  }),
  // A paid advertisement: its boost `payee`; or, when it cannot take the payment, the money marked to go back.
  onPaid('catalog.publicite_paid', ['publicite'], async ({ payload }) => {
    const outcome = await markPaid(payload.metadata.publiciteId, payload.paymentId);
    if (outcome) await markForRefund(payload.paymentId, outcome.refund);
  }),
  // A paid advertisement rejected: its payment marked for refund (the revenue and the agent's commission taken back with it).
  subscriber('catalog.publicite_refund', 'publicite.refund_due', async ({ payload }) => {
    await markForRefund(payload.paymentId, `publicité rejetée : ${payload.motif}`);
  }),
  // The request opened `en_attente`; or, when the payment cannot open one, its money marked to go back.
  onPaid('catalog.verification_opened', ['verification'], async ({ payload }) => {
    const outcome = await openInspection(payload.paymentId, payload.metadata.articleId, payload.userId);
    if (outcome) await markForRefund(payload.paymentId, outcome.refund);
  }),
  // Nothing was inspected: an admin's cancellation gives each fee back (once: the first mark stays).
  subscriber('catalog.verification_cancelled_refund', 'verification.status_changed', async ({ payload }) => {
    if (payload.to === 'annule') await markForRefund(payload.paymentId, `verification annulée : ${payload.motif ?? ''}`.trim());
  }),
  // The vehicle handed over (delivered, or transferred to its forwarder): its inspection report can no longer be refused.
  subscriber('catalog.verification_handed_over', 'achat.handed_over', async ({ payload }) => {
    await markHandedOver(payload.articleId, payload.acheteur, new Date(payload.at));
  }),
  // A journey `transferer`: the vehicle is with the buyer's forwarder, its inspection report can no longer be refused.
  subscriber('catalog.verification_transferred', 'mission.status_changed', async ({ payload }) => {
    if (payload.to === 'transferer' && payload.articleId && payload.acheteur) await markHandedOver(payload.articleId, payload.acheteur, new Date(payload.at));
  }),
  // The counters behind GET /api/verification/admin/stats.
  subscriber('catalog.verification_stats', 'verification.status_changed', (event) => countChange(event, 'catalog.verification_stats')),
  // The buyer told on WhatsApp that its report is ready, when a template is configured.
  subscriber('catalog.verification_report_whatsapp', 'verification.status_changed', async ({ id, payload }) => {
    if (payload.to !== 'rapport_disponible') return;
    await queueTemplateNotice(payload.acheteur, { template: config().WHATSAPP_VERIFICATION_REPORT_TEMPLATE, params: [payload.articleTitre], key: id });
  }),
  // A superAdmin deleted a report: its request keeps the mark, and its link answers VERIFICATION_REPORT_DELETED.
  subscriber('catalog.verification_report_deleted', 'document.deleted', async ({ payload }) => {
    if (payload.kind === 'rapport_verification') await markReportDeleted(payload.record.id, payload.path, payload.deletedAt);
  }),
];
