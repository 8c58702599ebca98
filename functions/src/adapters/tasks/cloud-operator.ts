/**
 * Cloud Tasks through its API client (@google-cloud/tasks), with the application default
 * credentials. A queue's statistics (its backlog, its oldest task) are read with the v2beta3 API's
 * `getQueue` and a read mask of `stats`: the GA v2 API has no statistics. Pausing and resuming use
 * the GA API. The package is loaded by the first call, by the operator's command only.
 */
import { queuePath, type QueueView, type TaskQueueOperator } from './queue-operator';

type Tasks = typeof import('@google-cloud/tasks');
type Timestamp = { seconds?: number | string | { toString(): string } | null; nanos?: number | null } | null | undefined;

const STATES: Record<string, QueueView['state']> = { RUNNING: 'running', PAUSED: 'paused', DISABLED: 'disabled' };

function count(value: number | string | { toString(): string } | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toString());
}

function isoOf(time: Timestamp): string | null {
  const seconds = count(time?.seconds);
  return seconds === null ? null : new Date(seconds * 1000 + Math.floor((time?.nanos ?? 0) / 1e6)).toISOString();
}

export class CloudQueueOperator implements TaskQueueOperator {
  readonly name = 'cloud' as const;
  private tasks: Promise<Tasks> | undefined;
  private project: Promise<string> | undefined;

  constructor(private readonly configuredProject: string | undefined) {}

  private load(): Promise<Tasks> {
    this.tasks ??= import('@google-cloud/tasks');
    return this.tasks;
  }

  private async path(queue: string): Promise<string> {
    this.project ??= this.configuredProject ? Promise.resolve(this.configuredProject) : this.load().then((tasks) => new tasks.v2.CloudTasksClient().getProjectId());
    return queuePath(await this.project, queue);
  }

  async view(queue: string): Promise<QueueView> {
    const tasks = await this.load();
    const [read] = await new tasks.v2beta3.CloudTasksClient().getQueue({ name: await this.path(queue), readMask: { paths: ['name', 'state', 'stats'] } });
    const stats = read.stats ?? {};
    return {
      queue,
      state: STATES[String(read.state)] ?? 'unknown',
      backlog: count(stats.tasksCount) ?? 0,
      oldestTaskDueAt: isoOf(stats.oldestEstimatedArrivalTime),
      executedLastMinute: count(stats.executedLastMinuteCount),
      running: count(stats.concurrentDispatchesCount),
    };
  }

  async pause(queue: string): Promise<void> {
    await new (await this.load()).v2.CloudTasksClient().pauseQueue({ name: await this.path(queue) });
  }

  async resume(queue: string): Promise<void> {
    await new (await this.load()).v2.CloudTasksClient().resumeQueue({ name: await this.path(queue) });
  }
}
