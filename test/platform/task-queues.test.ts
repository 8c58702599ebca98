/**
 * npm run task-queues: the operator's view of the task queues, and pausing one. What needs the
 * Cloud Tasks emulator (a queue's backlog) is test/e2e/task-queues.test.ts; here, what the command
 * refuses before it reaches a backend, and the emulator's refusal to pause.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { declaredJobs } from '../../functions/src/modules';

const script = join(__dirname, '..', '..', 'functions', 'lib', 'cli', 'task-queues.js');
/** Nothing listens there: a call that reached the emulator would fail with a connection error, not the answers below. */
const NO_EMULATOR = { CLOUD_TASKS_EMULATOR_HOST: '127.0.0.1:9' };

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: { ...process.env, ...NO_EMULATOR }, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const TASK_QUEUES = declaredJobs()
  .filter(({ job }) => job.kind === 'task')
  .map(({ name }) => name)
  .sort();

it('knows the queues of the task functions and refuses to pause anything else', async () => {
  expect(TASK_QUEUES).toEqual(expect.arrayContaining(['deliveryRound', 'expirePayment']));
  const refused = await run('pause', 'noSuchQueue');
  expect(refused).toMatchObject({ code: 1, stdout: '' });
  expect(refused.stderr.trim()).toBe(`Name a task queue to pause: ${TASK_QUEUES.join(', ')}`);
  expect(await run('drain', 'deliveryRound')).toMatchObject({ code: 1, stderr: 'Unknown action drain: pause or resume <queue>\n' });
});

it('says that the Cloud Tasks emulator cannot pause or resume a queue, and changes nothing', async () => {
  for (const action of ['pause', 'resume']) {
    const answer = await run(action, 'deliveryRound');
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatch(new RegExp(`^The Cloud Tasks emulator cannot ${action} a queue`));
  }
});
