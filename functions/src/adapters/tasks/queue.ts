/**
 * Work scheduled for later through Cloud Tasks (task-queue functions). In the emulator the Admin
 * SDK reaches the Cloud Tasks emulator (CLOUD_TASKS_EMULATOR_HOST).
 */
import { getFunctions } from 'firebase-admin/functions';
import { adminApp } from '../../core/firebase';
import { REGION } from '../../core/region';

export async function enqueue(functionName: string, data: Record<string, unknown>, delaySeconds: number, id?: string): Promise<void> {
  const queue = getFunctions(adminApp()).taskQueue(`locations/${REGION}/functions/${functionName}`);
  await queue.enqueue(data, { scheduleDelaySeconds: delaySeconds, ...(id ? { id } : {}) });
}
