/** The health domain's example steps (core/examples/walk.ts): the service's health check, first of the walk. */
import type { ExampleRecorder, ExampleSteps } from '../../core/examples/walk';

async function home(recorder: ExampleRecorder): Promise<void> {
  await recorder.call('GET /', 'anonymous');
}

export const steps: ExampleSteps = { home };
