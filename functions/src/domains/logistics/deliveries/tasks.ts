/**
 * The deliveries' Cloud Tasks (jobs.ts): the next round of offers, queued when a round starts for
 * `dureeOffreSecondes` later, and the close of a delivery proved by photo, queued for
 * DELIVERY_AUTO_CLOSE_SECONDS later. Task ids are deterministic (delivery and round), so a round
 * started twice queues its successor once. DELIVERY_TASKS_ENABLED off (in-process tests) queues
 * nothing: the tests call the handlers with the clock moved. A failure to queue is logged, not
 * fatal: the change it follows is committed, and admins relaunch a delivery stuck in `commande`.
 */
import * as logger from 'firebase-functions/logger';
import { enqueue } from '../../../adapters/tasks/queue';
import { config } from '../../../core/config';

export const ROUND_QUEUE = 'deliveryRound';
export const CLOSE_QUEUE = 'closeDelivery';

const taskId = (...parts: Array<string | number>) => parts.join('-').replace(/[^A-Za-z0-9_-]/g, '_');

async function queue(name: string, data: Record<string, unknown>, delaySeconds: number, id: string): Promise<void> {
  if (!config().DELIVERY_TASKS_ENABLED) return;
  try {
    await enqueue(name, data, delaySeconds, id);
  } catch (error) {
    // The same id queued again (a round run twice) is the task we wanted.
    if (/already exists|ALREADY_EXISTS|409/i.test(String(error))) return;
    logger.warn('delivery task not queued', { name, id, error: String(error) });
  }
}

export function scheduleRound(deliveryId: string, round: number, delaySeconds: number): Promise<void> {
  return queue(ROUND_QUEUE, { deliveryId, round }, delaySeconds, taskId('round', deliveryId, round));
}

export function scheduleClose(deliveryId: string, delaySeconds: number, proofMillis: number): Promise<void> {
  return queue(CLOSE_QUEUE, { deliveryId }, delaySeconds, taskId('close', deliveryId, proofMillis));
}
