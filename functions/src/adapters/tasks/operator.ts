/**
 * An operator's hold on the task queues (the `task` jobs of the modules, one queue per function,
 * named after it): what each holds and how old its oldest task is, and pausing a queue while a
 * partner is down (its tasks wait instead of failing through their retries), then resuming it.
 * firebase-admin's task queues only enqueue and delete, so this goes through the Cloud Tasks API
 * (@google-cloud/tasks, cloud-operator.ts); the Cloud Tasks emulator answers none of that API, only
 * its own statistics route (emulator-operator.ts). docs/platform-notes.md says what each serves.
 */
import type { TaskQueueOperator } from './queue-operator';

export { type QueueView, type TaskQueueOperator, UnsupportedQueueOperation } from './queue-operator';

/** The project: the one the emulator or the application default credentials name. */
export function projectOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
}

/**
 * The Cloud Tasks emulator when CLOUD_TASKS_EMULATOR_HOST names it (as firebase-admin does),
 * Cloud Tasks otherwise. Each loads only with its first use: no function's instance loads either.
 */
export async function taskQueueOperator(env: NodeJS.ProcessEnv = process.env): Promise<TaskQueueOperator> {
  const emulator = env.CLOUD_TASKS_EMULATOR_HOST;
  if (emulator) {
    const project = projectOf(env);
    if (!project) throw new Error('GCLOUD_PROJECT names the emulator project');
    return new (await import('./emulator-operator')).EmulatorQueueOperator(emulator, project);
  }
  return new (await import('./cloud-operator')).CloudQueueOperator(projectOf(env));
}
