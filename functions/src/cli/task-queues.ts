/**
 * npm run task-queues                     each task queue: state, backlog, oldest task, runs
 * npm run task-queues -- pause <queue>    its tasks wait (a partner is down), then the queue's view
 * npm run task-queues -- resume <queue>   they run again
 *
 * The queues are the modules' `task` jobs (one per function, named after it; docs/operations.md,
 * "Operator commands"). Against the Cloud Tasks emulator when CLOUD_TASKS_EMULATOR_HOST is set (it has
 * no pause, and no oldest task: adapters/tasks/emulator-operator.ts); otherwise against Cloud Tasks
 * in the project of the application default credentials (GOOGLE_CLOUD_PROJECT / `gcloud auth
 * application-default login`), which needs the Cloud Tasks Admin role to pause or resume.
 */
import { type QueueView, taskQueueOperator, UnsupportedQueueOperation } from '../adapters/tasks/operator';
import { declaredJobs } from '../modules';

const ACTIONS = ['pause', 'resume'] as const;

/** The task queues the functions declare, by name. */
function taskQueues(): string[] {
  return declaredJobs()
    .filter(({ job }) => job.kind === 'task')
    .map(({ name }) => name)
    .sort();
}

/** One line a queue: what an operator reads first (the backlog, how long its oldest task has waited). */
function describe(view: QueueView, at: Date = new Date()): string {
  const waited = view.oldestTaskDueAt ? `${Math.max(0, Math.round((at.getTime() - Date.parse(view.oldestTaskDueAt)) / 1000))} s` : '-';
  const known = (value: number | null) => (value === null ? '-' : String(value));
  return [view.queue.padEnd(18), view.state.padEnd(8), `backlog ${view.backlog}`, `oldest due ${view.oldestTaskDueAt ?? '-'} (waited ${waited})`, `ran last minute ${known(view.executedLastMinute)}`, `running ${known(view.running)}`].join('  ');
}

async function main(argv: string[]) {
  const [action, queue] = argv;
  const queues = taskQueues();
  const operator = await taskQueueOperator();
  if (action !== undefined) {
    if (!(ACTIONS as readonly string[]).includes(action)) throw new Error(`Unknown action ${action}: ${ACTIONS.join(' or ')} <queue>`);
    if (!queue || !queues.includes(queue)) throw new Error(`Name a task queue to ${action}: ${queues.join(', ')}`);
    await operator[action as (typeof ACTIONS)[number]](queue);
    console.log(`${queue}: ${action}d (${operator.name})`);
  }
  for (const name of action ? [queue!] : queues) console.log(describe(await operator.view(name)));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof UnsupportedQueueOperation ? 2 : 1);
});
