/**
 * Every trigger, schedule and task queue the deployed entry exports has a test that runs it as
 * Firebase does (runDeployed in a test/platform/wrapped-*.test.ts file): a new job fails here until
 * it has one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deployedJobNames } from '../helpers/wrapped';

/** The functions the wrapped tests run: the first argument of each `runDeployed(...)` call. */
function wrappedInTests(): string[] {
  const files = readdirSync(__dirname).filter((name) => /^wrapped-.+\.test\.ts$/.test(name));
  const called = files.flatMap((name) => [...readFileSync(join(__dirname, name), 'utf8').matchAll(/runDeployed\(\s*'([^']+)'/g)].map((match) => match[1]!));
  return [...new Set(called)].sort();
}

it('runs each deployed trigger, schedule and task queue through wrap() in a test', async () => {
  const jobs = await deployedJobNames();
  // The outbox's two and at least one of each kind: an empty list would prove nothing.
  expect(jobs).toEqual(expect.arrayContaining(['dispatchEvents', 'sweepEvents', 'pushNotifications', 'deliveryRound']));
  const tested = wrappedInTests();
  expect({ untested: jobs.filter((name) => !tested.includes(name)) }).toEqual({ untested: [] });
  // And no test runs a function the entry does not export (a job removed or renamed).
  expect({ gone: tested.filter((name) => !jobs.includes(name)) }).toEqual({ gone: [] });
});
