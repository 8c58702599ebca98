/**
 * The transit domain's example steps (core/examples/walk.ts): the demo buyer buys a vehicle for
 * transit, pays it, and walks its journey with the demo forwarder (under both prefixes the service
 * keeps); reviews of the forwarder; the newcomer forwarder sends its papers, refused then approved.
 */
import { JPEG, payByMobileMoney, readBack } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

/** Whether the demo buyer bought vehicle `articleId` for transit and paid it. */
async function boughtForTransit(recorder: ExampleRecorder, articleId: string): Promise<boolean> {
  const achat = await recorder.call('POST /api/achat', 'acheteur', { body: { articleId, modeLivraison: 'transit', paysDestination: 'NE' } });
  const data = achat.body?.data as { id?: string; achatId?: string; montant?: number; prix?: number; total?: number } | undefined;
  const id = data?.id ?? data?.achatId;
  const montant = data?.montant ?? data?.total ?? data?.prix;
  if (!id || !montant) return false;
  await payByMobileMoney(recorder, 'acheteur', 'achat', montant, { achatId: id });
  return true;
}

async function journey(recorder: ExampleRecorder, prefix: string, articleId: string, transitaireId: string): Promise<void> {
  const call = recorder.call.bind(recorder);
  const started = await call(`POST ${prefix}/start`, 'acheteur', { body: { articleId, modeLivraison: 'transit', paysDestination: 'NE', detailsSupplementaires: 'Dédouanement à Malanville' } });
  const id = started.body?.data?.id as string | undefined;
  await call(`POST ${prefix}/select-transitaire`, 'acheteur', { body: { articleId, transitaireId } });
  await call(`GET ${prefix}/parcours/{articleId}`, 'acheteur', { params: { articleId } });
  if (!id) return;
  await call(`PATCH ${prefix}/{id}/rejeter-attribution`, 'transitaire', { params: { id } });
  await call(`POST ${prefix}/select-transitaire`, 'acheteur', { body: { articleId, transitaireId } });
  await call(`PATCH ${prefix}/{id}/details`, 'acheteur', { params: { id }, body: { detailsSupplementaires: 'Livraison à Niamey, quartier Plateau' } });
  await call(`POST ${prefix}/transferer`, 'acheteur', { body: { articleId } });
  await call(`PATCH ${prefix}/{id}/marquer-traite`, 'transitaire', { params: { id } });
}

/** Two vehicles of the demo data (not those earlier steps use), each bought for transit and walked under one of the two prefixes. */
async function journeys(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const forwarder = context.uids.transitaire;
  const listings = ((await call('GET /api/public/articles', 'anonymous', { query: { page: '1', limit: '20' }, quiet: true })).body?.data ?? []) as Array<{ id: string; type: string }>;
  const vehicles = listings.filter((listing) => listing.type === 'voiture' && listing.id !== context.ids.car && listing.id !== context.ids.listing);
  for (const [index, prefix] of ['/api/transit-missions', '/api/transit'].entries()) {
    const vehicle = vehicles[index];
    if (vehicle && (await boughtForTransit(recorder, vehicle.id))) await journey(recorder, prefix, vehicle.id, forwarder);
  }
}

/** Reviews of the demo forwarder by the buyer it served. */
async function reviews(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const forwarder = context.uids.transitaire;
  const review = await call('POST /api/transitaire-reviews', 'acheteur', { body: { transitaireId: forwarder, rating: 5, comment: 'Dédouanement rapide, bon suivi.' } });
  const reviewId = review.body?.data?.id as string | undefined;
  if (reviewId) {
    await call('PATCH /api/transitaire-reviews/{id}', 'acheteur', { params: { id: reviewId }, body: { rating: 4, comment: 'Bon suivi, un jour de retard.' } });
    await call('DELETE /api/transitaire-reviews/{id}', 'acheteur', { params: { id: reviewId } });
  }
}

/** The newcomer forwarder's papers: refused once, sent again, approved. */
async function forwarderFile(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const newcomer = context.uids.newcomer;
  if (!newcomer) return;
  const papers = async () => {
    const [front, back] = [
      await call('POST /api/upload/kyc', 'newcomer', { file: { contentType: 'image/jpeg', data: JPEG } }),
      await call('POST /api/upload/kyc', 'newcomer', { file: { contentType: 'image/jpeg', data: JPEG } }),
    ];
    return { cardFront: String(front.body?.data?.path ?? ''), cardBack: String(back.body?.data?.path ?? ''), url: front.body?.data?.url as string | undefined };
  };
  const submission = { companyName: 'Akpovi Transit SARL', registrationRef: 'RB/COT/24 B 1020', pays: 'BJ', adresse: 'Akpakpa, Cotonou', paysDesservis: ['BJ', 'NE'] };
  const first = await papers();
  if (first.url) await readBack(recorder, first.url, 'newcomer');
  await call('POST /api/transitaires/verification/submit', 'newcomer', { body: { cardFront: first.cardFront, cardBack: first.cardBack, ...submission } });
  await call('GET /api/transitaires/verification/admin/demandes/{userId}', 'admin', { params: { userId: newcomer } });
  await call('PATCH /api/transitaires/verification/admin/demandes/{userId}/reject', 'admin', { params: { userId: newcomer }, body: { rejectionMotif: 'Carte illisible, merci de la reprendre' } });
  const second = await papers();
  await call('POST /api/transitaires/verification/submit', 'newcomer', { body: { cardFront: second.cardFront, cardBack: second.cardBack, ...submission } });
  await call('PATCH /api/transitaires/verification/admin/demandes/{userId}/approve', 'admin', { params: { userId: newcomer } });
}

export const steps: ExampleSteps = { journeys, reviews, forwarderFile };
