/**
 * Steps of the walk for orders, payments, invoices, chat and vehicle inspections: the demo buyer
 * orders the demo seller's part and pays by mobile money through the local FeexPay (which calls
 * the webhook back), the seller processes it, and the other ways a payment starts are shown on a
 * second order.
 */
import type { Recorder } from './recorder';
import { orderPart, payByMobileMoney, readBack } from './walk-helpers';
import type { WalkContext } from './walk-context';

export async function walkCommerce(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const part = context.ids.part;
  if (part) {
    const cancelled = await orderPart(recorder, part, false);
    if (cancelled) await call('POST /api/orders/{id}/cancel', 'acheteur', { params: { id: cancelled.id } });

    // An order paid by mobile money, processed by the seller, its state corrected by an admin.
    const paid = await orderPart(recorder, part, false);
    if (paid) {
      const payment = await payByMobileMoney(recorder, 'acheteur', 'commande', paid.total, { commandeId: paid.id });
      if (payment) await call('GET /api/payments/public/status/{id}', 'anonymous', { params: { id: payment } });
      await call('GET /api/orders/{id}', 'acheteur', { params: { id: paid.id } });
      await call('POST /api/orders/{id}/status', 'vendeur', { params: { id: paid.id }, body: { statut: 'processing' } });
      await call('POST /api/orders/admin/{id}/status', 'admin', { params: { id: paid.id }, body: { statut: 'shipped', reason: 'Remis au transporteur par téléphone' } });
    }

    // The other ways to start a payment, on one more order: a payment link, a card, a payment recorded by the app.
    const other = await orderPart(recorder, part, false);
    if (other) {
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
  }

  // A vehicle bought through the service, then cancelled before payment.
  if (context.ids.car) {
    const achat = await call('POST /api/achat', 'acheteur', { body: { articleId: context.ids.car, modeLivraison: 'consommation' } });
    const id = (achat.body?.data?.id ?? achat.body?.data?.achatId) as string | undefined;
    if (id) await call('POST /api/achat/{id}/cancel', 'acheteur', { params: { id } });
  }

  // Invoices.
  const invoices = await call('GET /api/invoices', 'acheteur', { query: { page: '1', limit: '2' } });
  const invoice = invoices.body?.data?.[0]?.id as string | undefined;
  if (invoice) {
    await call('PATCH /api/invoices/{id}/read', 'acheteur', { params: { id: invoice } });
    await call('GET /api/invoices/{id}/pdf', 'acheteur', { params: { id: invoice } });
  }
  await call('PATCH /api/invoices/read-all', 'acheteur');

  // The demo data's room (the buyer's oldest) searched for a word of its first message, as on npm start.
  const rooms = (await call('GET /api/chat/rooms', 'acheteur', { query: { page: '1', limit: '50' }, quiet: true })).body?.data as Array<{ id: string }> | undefined;
  const demoRoom = rooms?.at(-1)?.id;
  if (demoRoom) await call('GET /api/chat/rooms/{id}/search', 'acheteur', { params: { id: demoRoom }, query: { q: 'disponible' } });

  // Chat about a car of the demo seller: a room, a message, read, deleted.
  const listing = context.ids.car;
  if (listing) {
    const room = await call('POST /api/chat/rooms', 'acheteur', { body: { contextKind: 'article', contextId: listing } });
    const roomId = (room.body?.data?.room?.id ?? room.body?.data?.id) as string | undefined;
    if (roomId) {
      const sent = await call('POST /api/chat/rooms/{id}/messages', 'acheteur', { params: { id: roomId }, body: { texte: 'Je peux passer samedi matin ?' } });
      await call('POST /api/chat/rooms/{id}/read', 'vendeur', { params: { id: roomId } });
      const message = sent.body?.data?.id as string | undefined;
      if (message) await call('DELETE /api/chat/rooms/{id}/messages/{messageId}', 'acheteur', { params: { id: roomId, messageId: message } });
    }
  }

  await walkInspections(recorder, context);
}

/** Vehicle inspections: the demo one accepted by the buyer; a second one paid, reported on, refused. */
async function walkInspections(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const mine = await call('GET /api/verification/mine', 'acheteur', { query: { page: '1', limit: '5' } });
  const demo = (mine.body?.data ?? []).find((item: { statut?: string }) => item.statut === 'rapport_disponible') as { id: string } | undefined;
  if (demo) {
    const report = await call('GET /api/verification/{id}/rapport', 'acheteur', { params: { id: demo.id } });
    if (report.body?.data?.url) await readBack(recorder, report.body.data.url, 'acheteur');
    await call('POST /api/verification/{id}/accepter', 'acheteur', { params: { id: demo.id } });
  }
  const vehicle = context.ids.listing;
  const price = (await call('GET /api/admin/verification-pricing', 'admin')).body?.data?.prix as number | undefined;
  if (!vehicle || !price) return;
  await payByMobileMoney(recorder, 'acheteur', 'verification', price, { articleId: vehicle });
  await call('GET /api/verification/admin/requests', 'admin', { query: { page: '1', limit: '2' } });
  const report = await call('POST /api/verification/admin/requests/{articleId}/rapport', 'admin', {
    params: { articleId: vehicle },
    file: { contentType: 'application/pdf', data: PDF },
  });
  const rapportId = report.body?.data?.rapportId as string | undefined;
  await call('PATCH /api/verification/admin/requests/{articleId}/statut', 'admin', {
    params: { articleId: vehicle },
    body: { statut: 'rapport_disponible', ...(rapportId ? { rapportId } : {}) },
  });
  const again = await call('GET /api/verification/mine', 'acheteur', { query: { page: '1', limit: '5' } });
  const second = (again.body?.data ?? []).find((item: { statut?: string; articleId?: string }) => item.statut === 'rapport_disponible' && item.articleId === vehicle) as { id: string } | undefined;
  if (second) await call('POST /api/verification/{id}/refuser', 'acheteur', { params: { id: second.id } });
}

/** A smallest PDF: a header, one empty page, its table and trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
