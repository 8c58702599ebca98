/**
 * Steps of the walk for accounts, settings, notifications and the admin settings: a newcomer signs
 * up (the account the admin later blocks and unblocks, so that no demo account is), codes are read
 * back from the local messaging channel as the apps' users would read their SMS.
 */
import { auth } from '../../core/firebase';
import type { Recorder } from './recorder';
import { lastCodeSentTo, readBack } from './walk-helpers';
import type { WalkContext } from './walk-context';

export const NEWCOMER = { telephone: '+2290190000011', email: 'pro_2290190000011@users.marketplace.invalid', password: 'Demo-2026!' };

export async function walkAccounts(recorder: Recorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('GET /', 'anonymous');
  await call('POST /api/geo/normalize', 'anonymous', { body: { telephone: '0190000001', pays: 'BJ' } });

  // A newcomer: an identity-provider account, then its sign-up as a forwarder (it submits its papers later).
  const existing = await auth().getUserByEmail(NEWCOMER.email).catch(() => undefined);
  if (!existing) await auth().createUser({ email: NEWCOMER.email, password: NEWCOMER.password });
  await context.signInAs('newcomer', NEWCOMER.email, NEWCOMER.password);
  await call('POST /api/auth/register', 'newcomer', {
    body: { nom: 'Akpovi', prenoms: 'Sèna', telephone: NEWCOMER.telephone, pays: 'BJ', role: 'transitaire' },
  });
  await call('GET /api/protected/me', 'newcomer');
  await call('POST /api/auth/phone/request', 'newcomer');
  await call('POST /api/auth/phone/verify', 'newcomer', { body: { otp: await lastCodeSentTo(NEWCOMER.telephone) } });

  await call('PATCH /api/users/me', 'acheteur', { body: { ville: 'Cotonou' } });
  const pushToken = 'demo-device-push-token-0001:APA91b';
  await call('POST /api/users/me/push-tokens', 'acheteur', { body: { token: pushToken, platform: 'android' } });
  await call('POST /api/notifications/test', 'acheteur', { body: { token: pushToken } });
  await call('DELETE /api/users/me/push-tokens/{token}', 'acheteur', { params: { token: pushToken } });
  await call('GET /api/settings', 'acheteur');
  await call('PATCH /api/settings', 'acheteur', { body: { language: 'fr', currency: 'XOF' } });
  await call('PATCH /api/settings/language', 'acheteur', { body: { language: 'fr' } });
  await call('PATCH /api/settings/currency', 'acheteur', { body: { currency: 'XOF' } });
  await call('PATCH /api/settings/notifications', 'acheteur', { body: { promotions: false } });

  // The admin's hand on accounts, shown on the newcomer.
  await call('PATCH /api/users/{id}/block', 'admin', { params: { id: context.uids.newcomer }, body: { motif: 'Pièces d’identité à vérifier' } });
  await call('PATCH /api/users/{id}/unblock', 'admin', { params: { id: context.uids.newcomer } });
  await call('PATCH /api/users/{id}/role', 'admin', { params: { id: context.uids.newcomer }, body: { role: 'transitaire' } });
  // Blocking revoked its tokens: it signs in again.
  await context.signInAs('newcomer', NEWCOMER.email, NEWCOMER.password);
  await call('GET /api/users/{id}', 'admin', { params: { id: context.uids.vendeur } });

  // A password reset by code (the demo buyer's password stays the README's).
  const buyer = { telephone: '+2290190000001', pays: 'BJ', app: 'buyer' };
  await call('POST /api/push-otp/request', 'anonymous', { body: buyer });
  const otp = await lastCodeSentTo(buyer.telephone);
  await call('POST /api/push-otp/verify-code', 'anonymous', { body: { ...buyer, otp } });
  await call('POST /api/push-otp/reset-password', 'anonymous', { body: { ...buyer, otp, newPassword: 'Demo-2026!' } });
  await context.refreshToken('acheteur');

  // Dashboard sessions.
  const session = await call('POST /api/auth/web-session', 'admin', { body: { userAgent: 'Mozilla/5.0 (dashboard)' } });
  const sessionId = String(session.body?.data?.sessionId ?? '');
  await call('DELETE /api/auth/web-session', 'admin', { headers: { 'x-client-platform': 'web', 'x-web-session-id': sessionId } });

  // Notifications: the admin writes to the buyers, a buyer reads, marks and deletes.
  await call('POST /api/notifications/admin-messages', 'admin', {
    body: { audience: 'acheteur', fr: { title: 'Nouveautés', body: 'Les pièces détachées arrivent à Parakou.' }, en: { title: 'News', body: 'Spare parts now in Parakou.' } },
  });
  await call('GET /api/notifications/admin-messages/history', 'admin');
  const notices = await call('GET /api/notifications', 'acheteur', { query: { page: '1', limit: '3' } });
  const [first, second] = (notices.body?.data ?? []) as Array<{ id: string }>;
  if (first) {
    await call('PATCH /api/notifications/{id}/read', 'acheteur', { params: { id: first.id } });
    await call('PATCH /api/notifications/{id}/unread', 'acheteur', { params: { id: first.id } });
  }
  await call('GET /api/notifications/unread-count', 'acheteur');
  await call('PATCH /api/notifications/read-all', 'acheteur');
  const last = second ?? first;
  if (last) await call('DELETE /api/notifications/{id}', 'acheteur', { params: { id: last.id } });

  // The WhatsApp webhook: its subscription check answers the challenge; a notification without the platform's signature is refused.
  await call('GET /api/messaging/webhook', 'anonymous', {
    query: { 'hub.mode': 'subscribe', 'hub.verify_token': process.env.MESSAGING_WEBHOOK_VERIFY_TOKEN ?? '', 'hub.challenge': '1158201444' },
  });
  await call('POST /api/messaging/webhook', 'anonymous', { body: { object: 'whatsapp_business_account', entry: [{ changes: [] }] }, refusal: true });
}

/** The admin's settings: each one read, then written back as read (the demo's prices stay). */
export async function walkAdminSettings(recorder: Recorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  for (const name of ['pub-pricing', 'subscription-pricing', 'transitaire-subscription-pricing', 'verification-pricing', 'seller-gain-pricing', 'delivery-settings', 'referral-pricing']) {
    const read = await call(`GET /api/admin/${name}`, 'admin');
    const data = read.body?.data;
    if (!data) continue;
    const body = pick(recorder, `PUT /api/admin/${name}`, data);
    await call(`PUT /api/admin/${name}`, 'superAdmin', { body });
    if (name === 'seller-gain-pricing') await call('POST /api/admin/seller-gain-pricing', 'superAdmin', { body });
  }
  await call('GET /api/admin/stats', 'admin');
  // Stored documents: a report's and an invoice's download links followed, then the invoice deleted.
  const documents = await call('GET /api/admin/documents', 'admin', { query: { page: '1', limit: '10' } });
  const stored = (documents.body?.data ?? []) as Array<{ id: string; kind: string }>;
  const report = stored.find((document) => document.kind === 'rapport_verification');
  if (report) {
    const link = await call('GET /api/admin/documents/{id}/download', 'admin', { params: { id: report.id } });
    if (link.body?.data?.url) await readBack(recorder, link.body.data.url, 'admin');
  }
  const invoice = stored.find((document) => document.kind === 'facture');
  if (invoice) {
    const link = await call('GET /api/admin/documents/{id}/download', 'admin', { params: { id: invoice.id } });
    if (link.body?.data?.url) await readBack(recorder, link.body.data.url, 'admin');
    await call('POST /api/admin/documents/delete', 'superAdmin', { body: { ids: [invoice.id] } });
  }
  await call('POST /api/admin/events/runs/{id}/replay', 'admin', { params: { id: 'no-such-run' }, refusal: true });
}

/** The fields of `data` the route's body takes (a setting's answer also says when it changed and who changed it). */
function pick(recorder: Recorder, key: string, data: Record<string, unknown>): Record<string, unknown> {
  const route = recorder.route(key);
  const shape = route.kind !== 'raw' && route.body && 'shape' in route.body ? (route.body.shape as Record<string, unknown>) : undefined;
  return shape ? Object.fromEntries(Object.entries(data).filter(([name]) => name in shape)) : data;
}
