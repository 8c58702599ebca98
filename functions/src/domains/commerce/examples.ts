/**
 * The commerce domain's example steps (core/examples/walk.ts): drivers' requests, the demo buyer's
 * orders of the demo seller's part (paid by mobile money through the local FeexPay, which calls the
 * webhook back, then processed by the seller), a vehicle bought then cancelled, and invoices. The
 * fair exchange's steps are handover/examples.ts's.
 */
import { orderPart, payByMobileMoney } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

const COTONOU = { latitude: 6.3654, longitude: 2.4183 };

/** A driver for a trip: one accepted, one refused, one cancelled by the buyer, one rejected by the admin. */
async function driverRequests(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  const trip = (note: string) => ({
    body: { trajet: { depart: 'Cotonou', arrivee: 'Porto-Novo' }, date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 13) + ':00:00.000Z', lieu: { adresse: 'Carrefour Étoile Rouge', point: COTONOU }, note },
  });
  const demandes = [];
  for (const note of ['Deux valises', 'Aller simple', 'Retour le soir', 'Trajet de nuit']) demandes.push((await call('POST /api/chauffeurs/demandes', 'acheteur', trip(note))).body?.data?.id as string | undefined);
  await call('GET /api/chauffeurs/demandes/open', 'chauffeur', { query: { lat: String(COTONOU.latitude), lng: String(COTONOU.longitude) } });
  if (demandes[0]) {
    await call('GET /api/chauffeurs/demandes/{id}', 'acheteur', { params: { id: demandes[0] } });
    await call('POST /api/chauffeurs/demandes/{id}/accept', 'chauffeur', { params: { id: demandes[0] } });
  }
  if (demandes[1]) {
    // A driver gives up a request it accepted: open again for the others.
    await call('POST /api/chauffeurs/demandes/{id}/accept', 'chauffeur', { params: { id: demandes[1] } });
    await call('POST /api/chauffeurs/demandes/{id}/refuse', 'chauffeur', { params: { id: demandes[1] } });
  }
  if (demandes[2]) await call('POST /api/chauffeurs/demandes/{id}/cancel', 'acheteur', { params: { id: demandes[2] } });
  if (demandes[3]) await call('POST /api/chauffeurs/admin/demandes/{id}/reject', 'admin', { params: { id: demandes[3] }, body: { motif: 'Date hors service' } });
}

/** An order cancelled; another paid by mobile money, processed by the seller, its state corrected by an admin. */
async function orders(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const part = context.ids.part;
  if (!part) return;
  const cancelled = await orderPart(recorder, part, false);
  if (cancelled) await call('POST /api/orders/{id}/cancel', 'acheteur', { params: { id: cancelled.id } });

  const paid = await orderPart(recorder, part, false);
  if (paid) {
    const payment = await payByMobileMoney(recorder, 'acheteur', 'commande', paid.total, { commandeId: paid.id });
    if (payment) await call('GET /api/payments/public/status/{id}', 'anonymous', { params: { id: payment } });
    await call('GET /api/orders/{id}', 'acheteur', { params: { id: paid.id } });
    await call('POST /api/orders/{id}/status', 'vendeur', { params: { id: paid.id }, body: { statut: 'processing' } });
    await call('POST /api/orders/admin/{id}/status', 'admin', { params: { id: paid.id }, body: { statut: 'shipped', reason: 'Remis au transporteur par téléphone' } });
  }
}

/** A vehicle bought through the service, then cancelled before payment. */
async function vehiclePurchase(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  if (!context.ids.car) return;
  const achat = await call('POST /api/achat', 'acheteur', { body: { articleId: context.ids.car, modeLivraison: 'consommation' } });
  const id = (achat.body?.data?.id ?? achat.body?.data?.achatId) as string | undefined;
  if (id) await call('POST /api/achat/{id}/cancel', 'acheteur', { params: { id } });
}

async function invoices(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  const listed = await call('GET /api/invoices', 'acheteur', { query: { page: '1', limit: '2' } });
  const invoice = listed.body?.data?.[0]?.id as string | undefined;
  if (invoice) {
    await call('PATCH /api/invoices/{id}/read', 'acheteur', { params: { id: invoice } });
    await call('GET /api/invoices/{id}/pdf', 'acheteur', { params: { id: invoice } });
  }
  await call('PATCH /api/invoices/read-all', 'acheteur');
}

export const steps: ExampleSteps = { driverRequests, orders, vehiclePurchase, invoices };
