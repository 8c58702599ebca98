/**
 * The account-security domain's example steps (core/examples/walk.ts): the newcomer proves its
 * telephone, the demo buyer resets its password by code, an admin's dashboard session, and the
 * WhatsApp webhook. Codes are read back from the local messaging channel, as the apps' users read
 * their SMS.
 */
import { lastCodeSentTo, NEWCOMER } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

async function phoneProof(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('POST /api/auth/phone/request', 'newcomer');
  await call('POST /api/auth/phone/verify', 'newcomer', { body: { otp: await lastCodeSentTo(NEWCOMER.telephone) } });
}

/** A password reset by code (the demo buyer's password stays the README's). */
async function passwordReset(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const buyer = { telephone: '+2290190000001', pays: 'BJ', app: 'buyer' };
  await call('POST /api/push-otp/request', 'anonymous', { body: buyer });
  const otp = await lastCodeSentTo(buyer.telephone);
  await call('POST /api/push-otp/verify-code', 'anonymous', { body: { ...buyer, otp } });
  await call('POST /api/push-otp/reset-password', 'anonymous', { body: { ...buyer, otp, newPassword: 'Demo-2026!' } });
  await context.refreshToken('acheteur');
}

async function webSession(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  const session = await call('POST /api/auth/web-session', 'admin', { body: { userAgent: 'Mozilla/5.0 (dashboard)' } });
  const sessionId = String(session.body?.data?.sessionId ?? '');
  await call('DELETE /api/auth/web-session', 'admin', { headers: { 'x-client-platform': 'web', 'x-web-session-id': sessionId } });
}

/** Its subscription check answers the challenge; a notification without the platform's signature is refused. */
async function messagingWebhook(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('GET /api/messaging/webhook', 'anonymous', {
    query: { 'hub.mode': 'subscribe', 'hub.verify_token': process.env.MESSAGING_WEBHOOK_VERIFY_TOKEN ?? '', 'hub.challenge': '1158201444' },
  });
  await call('POST /api/messaging/webhook', 'anonymous', { body: { object: 'whatsapp_business_account', entry: [{ changes: [] }] }, refusal: true });
}

export const steps: ExampleSteps = { phoneProof, passwordReset, webSession, messagingWebhook };
