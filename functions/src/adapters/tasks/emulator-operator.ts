/**
 * The Cloud Tasks emulator of firebase-tools (14.18): it serves only the routes firebase-admin
 * uses (create a queue, enqueue, delete a task) and `GET /queueStats`, its own statistics of each
 * queue, keyed `queue:<project>-<location>-<queue>`. It has no queue state, no oldest task and no
 * pause: a view says what it knows, and pausing or resuming is refused.
 */
import { REGION } from '../../core/region';
import { type QueueView, type TaskQueueOperator, UnsupportedQueueOperation } from './queue-operator';

/** One queue's entry of `/queueStats` (firebase-tools' lib/emulator/taskQueue.js, getStatistics). */
interface EmulatorQueueStats {
  numberOfTasks: number;
  completedLastMin: number;
  runningTasks: number;
}

export class EmulatorQueueOperator implements TaskQueueOperator {
  readonly name = 'emulator' as const;

  constructor(
    private readonly host: string,
    private readonly project: string,
  ) {}

  async view(queue: string): Promise<QueueView> {
    const response = await fetch(`http://${this.host}/queueStats`);
    if (!response.ok) throw new Error(`Cloud Tasks emulator at ${this.host}: ${response.status}`);
    const stats = ((await response.json()) as Record<string, EmulatorQueueStats>)[`queue:${this.project}-${REGION}-${queue}`];
    // A queue the emulator has not created (its function not loaded yet) holds nothing.
    return { queue, state: 'unknown', backlog: stats?.numberOfTasks ?? 0, oldestTaskDueAt: null, executedLastMinute: stats?.completedLastMin ?? null, running: stats?.runningTasks ?? null };
  }

  async pause(): Promise<void> {
    throw new UnsupportedQueueOperation('The Cloud Tasks emulator cannot pause a queue: it serves no such route.');
  }

  async resume(): Promise<void> {
    throw new UnsupportedQueueOperation('The Cloud Tasks emulator cannot resume a queue (it never pauses one).');
  }
}
