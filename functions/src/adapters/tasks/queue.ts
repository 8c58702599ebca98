/**
 * Work scheduled for later through Cloud Tasks (task-queue functions). In the emulator the Admin
 * SDK reaches the Cloud Tasks emulator (CLOUD_TASKS_EMULATOR_HOST).
 */
import { adminApp } from '../../core/firebase';
import { REGION } from '../../core/region';

export async function enqueue(functionName: string, data: Record<string, unknown>, delaySeconds: number, id?: string): Promise<void> {
  // Required on first use, like the other Admin SDK modules (core/firebase.ts): not at cold start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { getFunctions } = require('firebase-admin/functions') as typeof import('firebase-admin/functions');
  const queue = getFunctions(adminApp()).taskQueue(`locations/${REGION}/functions/${functionName}`);
  await queue.enqueue(data, { scheduleDelaySeconds: delaySeconds, ...(id ? { id } : {}) });
}
