/**
 * npm run task-queues against the Cloud Tasks emulator of the suite. The emulator runs a task as
 * soon as a dispatch slot is free, whatever its scheduled time (docs/platform-notes.md), so a
 * queue's backlog there is the tasks not yet handed to a slot, nearly always 0: what the command
 * shows is what it ran. A task enqueued as the service queues its tasks (firebase-admin),
 * runs (an admin broadcast to nobody ends `sent`) and shows in its queue's runs of the last minute.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { enqueue } from '../../functions/src/adapters/tasks/queue';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { declaredJobs } from '../../functions/src/modules';
import { eventually } from '../helpers/eventually';

const script = join(__dirname, '..', '..', 'functions', 'lib', 'cli', 'task-queues.js');
const QUEUE = 'sendAdminMessage';

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: process.env, encoding: 'utf8' }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }));
  });
}

/** The line the command prints for each queue, by queue. */
async function views(): Promise<Record<string, string>> {
  const { code, stdout, stderr } = await run();
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return Object.fromEntries(stdout.trim().split('\n').map((line) => [line.split(' ')[0]!, line]));
}

const ranLastMinute = (line: string | undefined) => Number(/ran last minute (\d+)/.exec(line ?? '')?.[1] ?? NaN);

it('shows each task queue, and a task the service enqueued among its queue’s runs', async () => {
  expect(process.env.CLOUD_TASKS_EMULATOR_HOST).toBeTruthy();
  const listed = await views();
  const taskQueues = declaredJobs().filter(({ job }) => job.kind === 'task').map(({ name }) => name);
  expect(Object.keys(listed).sort()).toEqual([...taskQueues].sort());
  expect(taskQueues).toContain(QUEUE);
  expect(listed[QUEUE]).toMatch(/^sendAdminMessage\s+unknown\s+backlog \d+ /);

  const messageId = `e2e-task-queues-${Date.now()}`;
  const at = new Date();
  // A broadcast to the forwarders (few or none in the suite): its pages end it `sent`.
  await db().collection(COLLECTIONS.adminMessages).doc(messageId).set({
    audience: 'transitaire', fr: { title: 'E2E', body: 'Queue' }, en: null, sentBy: 'e2e', statut: 'sending', cursor: null, recipients: 0, createdAt: at, finishedAt: null,
  });
  await enqueue(QUEUE, { messageId, cursor: null }, 0);
  await eventually(async () => ((await db().collection(COLLECTIONS.adminMessages).doc(messageId).get()).get('statut') === 'sent' ? true : undefined), 30_000, 250);
  expect(ranLastMinute((await views())[QUEUE])).toBeGreaterThanOrEqual(1);
});

it('answers that the emulator cannot pause a queue', async () => {
  const answer = await run('pause', QUEUE);
  expect(answer.code).toBe(2);
  expect(answer.stderr).toMatch(/^The Cloud Tasks emulator cannot pause a queue/);
});
