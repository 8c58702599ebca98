/** The geo domain's example steps (core/examples/walk.ts): a telephone number written as its owner types it, normalized. */
import type { ExampleRecorder, ExampleSteps } from '../../core/examples/walk';

async function normalize(recorder: ExampleRecorder): Promise<void> {
  await recorder.call('POST /api/geo/normalize', 'anonymous', { body: { telephone: '0190000001', pays: 'BJ' } });
}

export const steps: ExampleSteps = { normalize };
