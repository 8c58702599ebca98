/**
 * The deployed functions, invoked as Firebase invokes them: each call runs
 * test/helpers/wrapped-runner.cjs, which wraps the export of the built entry with
 * `firebase-functions-test` (online, on this process's emulator project) and calls it with the
 * event or task request Firebase would send. The tests write their data as the service would and
 * read what the function left in the database. `npm run build` must have run (npm test does).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const FUNCTIONS_DIR = join(ROOT, 'functions');
const RUNNER = join(__dirname, 'wrapped-runner.cjs');
/** The deployed entry (functions/package.json's `main`): what deploy discovery and the emulator load. */
export const DEPLOYED_ENTRY = join(FUNCTIONS_DIR, JSON.parse(readFileSync(join(FUNCTIONS_DIR, 'package.json'), 'utf8')).main as string);

/** How Firebase calls the function: a document's event, a schedule's tick, a task's request. */
export type DeployedCall = { document: string; params: Record<string, string> } | { schedule: true } | { task: unknown };

/**
 * Runs the deployed function `name` once on `call` (settings: the test process's, with `settings`
 * over them, as the function's environment); resolves when it returned, rejects with its error.
 */
export function runDeployed(name: string, call: DeployedCall, settings: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [RUNNER, name, JSON.stringify(call)], { cwd: ROOT, env: { ...process.env, ...settings }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${name} failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

/** The deployed functions that are not HTTPS ones (triggers, schedules, task queues), read from the built entry in a process of its own. */
export function deployedJobNames(): Promise<string[]> {
  const script =
    `const exported = require(${JSON.stringify(DEPLOYED_ENTRY)});` +
    'console.log(JSON.stringify(Object.keys(exported).filter((name) => !exported[name].__endpoint.httpsTrigger).sort()));';
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { cwd: FUNCTIONS_DIR, env: process.env, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout.trim().split('\n').pop()!) as string[]),
    );
  });
}
