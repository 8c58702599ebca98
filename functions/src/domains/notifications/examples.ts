/** The notifications domain's example steps (core/examples/walk.ts): the admin writes to the buyers; a buyer reads, marks and deletes. */
import type { ExampleRecorder, ExampleSteps } from '../../core/examples/walk';

async function inbox(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
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
}

export const steps: ExampleSteps = { inbox };
