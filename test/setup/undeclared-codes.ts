/**
 * While tests run, a code answered by a route that does not declare it is written down with the test
 * that got it, in the folder of test/setup/undeclared-codes-reporter.js, which fails the run with
 * the list. Every test process records (workers and jest's own), so the list is the whole run's.
 */
import { appendFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { observeUndeclaredCodes } from '../../functions/src/core/undeclared-codes';

const dir = process.env.UNDECLARED_CODES_DIR;
const root = join(__dirname, '..', '..');

if (dir) {
  observeUndeclaredCodes(({ route, code }) => {
    const { testPath, currentTestName } = expect.getState();
    const test = [testPath ? relative(root, testPath) : 'unknown file', currentTestName].filter(Boolean).join(' › ');
    appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify({ route, code, test })}\n`);
  });
}
