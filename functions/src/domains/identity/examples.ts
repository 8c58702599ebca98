/**
 * The identity domain's example steps (core/examples/walk.ts): a newcomer signs up (the account the
 * admin later blocks and unblocks, so that no demo account is), the demo buyer's profile and push
 * token, and the admin's hand on accounts.
 */
import { auth } from '../../core/firebase';
import { NEWCOMER } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps, WalkContext } from '../../core/examples/walk';

/** An identity-provider account, then its sign-up as a forwarder (it submits its papers later). */
async function signUp(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  const existing = await auth().getUserByEmail(NEWCOMER.email).catch(() => undefined);
  if (!existing) await auth().createUser({ email: NEWCOMER.email, password: NEWCOMER.password });
  await context.signInAs('newcomer', NEWCOMER.email, NEWCOMER.password);
  await call('POST /api/auth/register', 'newcomer', {
    body: { nom: 'Akpovi', prenoms: 'Sèna', telephone: NEWCOMER.telephone, pays: 'BJ', role: 'transitaire' },
  });
  await call('GET /api/protected/me', 'newcomer');
}

/** The buyer's profile, and a device's push token: registered, tried with a test notification, removed. */
async function profile(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('PATCH /api/users/me', 'acheteur', { body: { ville: 'Cotonou' } });
  const pushToken = 'demo-device-push-token-0001:APA91b';
  await call('POST /api/users/me/push-tokens', 'acheteur', { body: { token: pushToken, platform: 'android' } });
  await call('POST /api/notifications/test', 'acheteur', { body: { token: pushToken } });
  await call('DELETE /api/users/me/push-tokens/{token}', 'acheteur', { params: { token: pushToken } });
}

/** The admin's hand on accounts, shown on the newcomer. */
async function adminHand(recorder: ExampleRecorder, context: WalkContext): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('PATCH /api/users/{id}/block', 'admin', { params: { id: context.uids.newcomer }, body: { motif: 'Pièces d’identité à vérifier' } });
  await call('PATCH /api/users/{id}/unblock', 'admin', { params: { id: context.uids.newcomer } });
  await call('PATCH /api/users/{id}/role', 'admin', { params: { id: context.uids.newcomer }, body: { role: 'transitaire' } });
  // Blocking revoked its tokens: it signs in again.
  await context.signInAs('newcomer', NEWCOMER.email, NEWCOMER.password);
  await call('GET /api/users/{id}', 'admin', { params: { id: context.uids.vendeur } });
}

export const steps: ExampleSteps = { signUp, profile, adminHand };
