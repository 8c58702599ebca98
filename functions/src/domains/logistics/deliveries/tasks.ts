/**
 * The deliveries' Cloud Tasks (declared in logistics/module.ts): the next round of offers, queued when a round starts for
 * `dureeOffreSecondes` later, and the close of a delivery proved by photo, queued for
 * DELIVERY_DISPUTE_WINDOW_HOURS later. Task ids are deterministic (delivery, search and round), so a
 * round started twice queues its successor once. A round task carries its search (`roundBase`, the
 * first round of the search): one left over from a search an admin relaunched since does nothing. DELIVERY_TASKS_ENABLED off (in-process tests) queues
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

/** What a `deliveryRound` task carries. */
export interface RoundTaskData {
  deliveryId: string;
  round: number;
  /** The search the round belongs to; absent from tasks queued before it was carried. */
  roundBase?: number;
}

export function scheduleRound(deliveryId: string, round: number, roundBase: number, delaySeconds: number): Promise<void> {
  const data: RoundTaskData = { deliveryId, round, roundBase };
  return queue(ROUND_QUEUE, { ...data }, delaySeconds, taskId('round', deliveryId, roundBase, round));
}

export function scheduleClose(deliveryId: string, delaySeconds: number, proofMillis: number): Promise<void> {
  return queue(CLOSE_QUEUE, { deliveryId }, delaySeconds, taskId('close', deliveryId, proofMillis));
}
