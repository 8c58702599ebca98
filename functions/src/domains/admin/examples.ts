/** The admin domain's example steps (core/examples/walk.ts): the dashboard's figures, stored documents, and an event run's replay. */
import { readBack } from '../../core/examples/helpers';
import type { ExampleRecorder, ExampleSteps } from '../../core/examples/walk';

async function stats(recorder: ExampleRecorder): Promise<void> {
  await recorder.call('GET /api/admin/stats', 'admin');
}

/** A report's and an invoice's download links followed, then the invoice deleted. */
async function documents(recorder: ExampleRecorder): Promise<void> {
  const call = recorder.call.bind(recorder);
  const listed = await call('GET /api/admin/documents', 'admin', { query: { page: '1', limit: '10' } });
  const stored = (listed.body?.data ?? []) as Array<{ id: string; kind: string }>;
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
}

/** No run is parked on the demo data: the replay can only be shown refusing. */
async function eventReplay(recorder: ExampleRecorder): Promise<void> {
  await recorder.call('POST /api/admin/events/runs/{id}/replay', 'admin', { params: { id: 'no-such-run' }, refusal: true });
}

export const steps: ExampleSteps = { stats, documents, eventReplay };
