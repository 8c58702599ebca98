/**
 * Steps of the walk for transit, forwarders and agents: the demo buyer buys a vehicle for transit,
 * pays it, and walks its journey with the demo forwarder (under both prefixes the service keeps);
 * the newcomer forwarder sends its papers, refused then approved; the demo agent's day.
 */
import type { Recorder } from './recorder';
import { JPEG, lastCodeSentTo, payByMobileMoney, readBack } from './walk-helpers';
import type { WalkContext } from './walk-context';

/** A vehicle bought for transit and paid: the listing's id, or undefined. */
async function boughtForTransit(recorder: Recorder, articleId: string): Promise<boolean> {
  const achat = await recorder.call('POST /api/achat', 'acheteur', { body: { articleId, modeLivraison: 'transit', paysDestination: 'NE' } });
  const data = achat.body?.data as { id?: string; achatId?: string; montant?: number; prix?: number; total?: number } | undefined;
  const id = data?.id ?? data?.achatId;
  const montant = data?.montant ?? data?.total ?? data?.prix;
  if (!id || !montant) return false;
  await payByMobileMoney(recorder, 'acheteur', 'achat', montant, { achatId: id });
  return true;
}

async function journey(recorder: Recorder, prefix: string, articleId: string, transitaireId: string): Promise<void> {
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

export async function walkTransit(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const forwarder = context.uids.transitaire;
  const listings = ((await call('GET /api/public/articles', 'anonymous', { query: { page: '1', limit: '20' }, quiet: true })).body?.data ?? []) as Array<{ id: string; type: string }>;
  const vehicles = listings.filter((listing) => listing.type === 'voiture' && listing.id !== context.ids.car && listing.id !== context.ids.listing);
  for (const [index, prefix] of ['/api/transit-missions', '/api/transit'].entries()) {
    const vehicle = vehicles[index];
    if (vehicle && (await boughtForTransit(recorder, vehicle.id))) await journey(recorder, prefix, vehicle.id, forwarder);
  }

  // Reviews of the demo forwarder by the buyer it served.
  const review = await call('POST /api/transitaire-reviews', 'acheteur', { body: { transitaireId: forwarder, rating: 5, comment: 'Dédouanement rapide, bon suivi.' } });
  const reviewId = review.body?.data?.id as string | undefined;
  if (reviewId) {
    await call('PATCH /api/transitaire-reviews/{id}', 'acheteur', { params: { id: reviewId }, body: { rating: 4, comment: 'Bon suivi, un jour de retard.' } });
    await call('DELETE /api/transitaire-reviews/{id}', 'acheteur', { params: { id: reviewId } });
  }

  // The newcomer forwarder's papers: refused once, sent again, approved.
  const newcomer = context.uids.newcomer;
  if (newcomer) {
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
}

export async function walkAgents(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const agent = context.uids.agentCommercial;
  const today = new Date().toISOString().slice(0, 10);
  // The agent's zone (DOMAIN.md, "Agents' zones"): not set on the demo data, then a circle around Dantokpa, where its day is taken.
  await call('GET /api/agents/{id}/zone', 'admin', { params: { id: agent } });
  await call('PUT /api/agents/{id}/zone', 'admin', { params: { id: agent }, body: { centre: { lat: 6.3725, lng: 2.4307 }, rayonM: 5000 } });
  await call('POST /api/agents/me/daily', 'agentCommercial', { body: { zone: 'Cotonou - Dantokpa', zoneLocation: { lat: 6.3725, lng: 2.4307, accuracy: 15 } } });
  await call('POST /api/agents/me/daily/prospects/increment', 'agentCommercial');
  await call('POST /api/agents/{id}/daily/observation', 'admin', { params: { id: agent }, body: { date: today, observation: 'Présente au marché toute la matinée' } });
  await call('POST /api/agents/admin/backfill-daily-presence', 'admin', { body: { date: today } });
  await call('POST /api/agents/{id}/withdrawals', 'admin', { params: { id: agent }, body: { montant: 1000, note: 'Retrait mobile money', requestId: 'demo-withdrawal-0001' }, refusal: true });
  // A Market agent created by the admin sets its password by code, then reads its own dashboard.
  const created = await call('POST /api/agents', 'admin', { body: { telephone: '+2290190000012', pays: 'BJ', nom: 'Dah', prenoms: 'Boris', typeAgent: 'Market', zone: 'Porto-Novo - Ouando' } });
  const email = created.body?.data?.email as string | undefined;
  const createdId = created.body?.data?.id as string | undefined;
  if (createdId) {
    // Given Greater Porto-Novo, then cleared: the land rule alone again.
    const polygone = [{ lat: 6.45, lng: 2.58 }, { lat: 6.45, lng: 2.68 }, { lat: 6.53, lng: 2.68 }, { lat: 6.53, lng: 2.58 }];
    await call('PUT /api/agents/{id}/zone', 'admin', { params: { id: createdId }, body: { polygone } });
    await call('DELETE /api/agents/{id}/zone', 'admin', { params: { id: createdId } });
  }
  if (email) {
    const who = { telephone: '+2290190000012', pays: 'BJ', app: 'pro' };
    await call('POST /api/push-otp/request', 'anonymous', { body: who });
    const otp = await lastCodeSentTo(who.telephone);
    await call('POST /api/push-otp/reset-password', 'anonymous', { body: { ...who, otp, newPassword: 'Demo-2026!' } });
    await context.signInAs('agentMarket', email, 'Demo-2026!');
    await call('GET /api/agents/me-market/dashboard', 'agentMarket');
    await call('GET /api/agents/me-market/leaderboard', 'agentMarket');
  }
  await call('POST /api/demo-events/track', 'vendeur', { body: { eventType: 'seller_create_started' } });
}
