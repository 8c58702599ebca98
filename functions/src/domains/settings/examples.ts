/** The settings domain's example steps (core/examples/walk.ts): the demo buyer's settings, read and written as they are. */
import type { ExampleRecorder, ExampleSteps } from '../../core/examples/walk';

async function preferences(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  await call('GET /api/settings', 'acheteur');
  await call('PATCH /api/settings', 'acheteur', { body: { language: 'fr', currency: 'XOF' } });
  await call('PATCH /api/settings/language', 'acheteur', { body: { language: 'fr' } });
  await call('PATCH /api/settings/currency', 'acheteur', { body: { currency: 'XOF' } });
  await call('PATCH /api/settings/notifications', 'acheteur', { body: { promotions: false } });
}

export const steps: ExampleSteps = { preferences };
