/**
 * The agents domain's example steps (core/examples/walk.ts): the demo agent's zone and day, a
 * Market agent created by the admin (which sets its password by code, then reads its dashboard),
 * and the demo's funnel events.
 */
import { lastCodeSentTo } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

async function agentsDay(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
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
}

async function demoEvents(recorder: ExampleRecorder): Promise<void> {
  await recorder.call('POST /api/demo-events/track', 'vendeur', { body: { eventType: 'seller_create_started' } });
}

export const steps: ExampleSteps = { agentsDay, demoEvents };
