/**
 * The cost log of `npm run bench:cost` and its ceilings test: when COST_LOG_DIR is set (the
 * emulator suite of `scripts/emulators.mjs` sets it; a deployed function never has it), every
 * function instance appends each Firestore operation it makes (dev/firestore-meter.ts) and each
 * invocation it serves to `<dir>/<function>-<pid>.jsonl`, one JSON object per line. Writing at
 * once and synchronously means a reader that saw the suite go quiet has seen every line.
 *
 * The Functions emulator runs each function in processes of its own and names the function in
 * FUNCTION_TARGET: that name goes on every line, so a reader can tell an HTTPS request from a
 * trigger, a task or a schedule. A process without a target (a test, a script) is not logged.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** One line of the log. */
export type CostLine =
  | { fn: string; kind: 'lookup' | 'query' | 'count' | 'write' | 'delete'; collection: string; billed: number }
  | { fn: string; kind: 'invocation' };

const target = process.env.FUNCTION_TARGET;
const file = process.env.COST_LOG_DIR && target ? join(process.env.COST_LOG_DIR, `${target}-${process.pid}.jsonl`) : undefined;

function append(line: CostLine): void {
  if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/**
 * Starts logging this process's Firestore operations, once (the HTTPS entry and the jobs' bundle
 * both call it). The meter is required here only: an instance without a log never loads it.
 */
export function startCostLog(): void {
  const marker = globalThis as { costLogStarted?: boolean };
  if (!file || marker.costLogStarted) return;
  marker.costLogStarted = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a log is asked for, see above
  const { meterFirestore } = require('./firestore-meter') as typeof import('./firestore-meter');
  meterFirestore(({ kind, collection, billed }) => append({ fn: target!, kind, collection, billed }));
}

/** One invocation of this process's function (an HTTPS request, a trigger's event, a task, a schedule's run). */
export function logInvocation(): void {
  append({ fn: target!, kind: 'invocation' });
}
