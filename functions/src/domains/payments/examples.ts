/**
 * The payments domain's example steps (core/examples/walk.ts): the ways a payment starts besides
 * mobile money (which the other domains' steps pay by, core/examples/helpers.ts), on one more order
 * of the demo part.
 */
import { orderPart } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

/** A payment link, a card, a payment recorded by the app. */
async function otherWaysToPay(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const part = context.ids.part;
  if (!part) return;
  const other = await orderPart(recorder, part, false);
  if (!other) return;
  const metadata = { commandeId: other.id };
  const link = await call('POST /api/payments/init', 'acheteur', { body: { type: 'commande', montant: other.total, metadata } });
  await call('POST /api/payments/initcard', 'acheteur', { body: { type: 'commande', montant: other.total, metadata, typeCard: 'VISA' } });
  const linkId = link.body?.data?.paymentId as string | undefined;
  if (linkId) {
    // A callback without the partner's secret is refused; the admin settles the abandoned link.
    await call('POST /api/payments/webhook', 'anonymous', { body: { reference: linkId, status: 'SUCCESSFUL' }, refusal: true });
    await call('POST /api/payments/admin/{id}/status', 'admin', { params: { id: linkId }, body: { statut: 'failed', reason: 'Le client a abandonné le paiement' } });
  }
  // Paid in the provider's own checkout, then recorded by the app with the provider's reference.
  await call('POST /api/payments/flutter/record', 'acheteur', { body: { type: 'commande', montant: other.total, metadata, reference: context.providerPayment(other.total) } });
}

export const steps: ExampleSteps = { otherWaysToPay };
