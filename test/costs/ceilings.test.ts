/**
 * "The counts are deterministic: a test holds each flow's counts under a ceiling written in the
 * repo (a change that adds operations updates the ceiling in the same commit, with why)" (issue 34).
 *
 * It runs `npm run bench:cost`'s walk (scripts/bench-cost.mjs) in the running suite, alone (the
 * `costs` group runs last, with no scheduler), and compares each flow's counts, taken in every
 * function process the flow woke, with scripts/costs/ceilings.json (a flow whose counts move from
 * run to run, for a reason its `why` names, has that margin above them). A count under its flow's floor
 * fails too: the floor is the least the flow must read and write to be correct, so fewer means the
 * counting lost operations, not that the code got better.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Counts {
  reads: number;
  writes: number;
  deletes: number;
  invocations: number;
}
interface Figures {
  results: Array<{ key: string; name: string; floor: { reads: number; writes: number }; counts: Counts }>;
}

const ROOT = join(__dirname, '..', '..');
const CEILINGS = JSON.parse(readFileSync(join(ROOT, 'scripts', 'costs', 'ceilings.json'), 'utf8')) as Record<string, Counts & { why: string }>;
const FIELDS = ['reads', 'writes', 'deletes', 'invocations'] as const;

let figures: Figures;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'costs-'));
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'bench-cost.mjs'), '--json', join(dir, 'figures.json')], { cwd: ROOT, env: process.env, stdio: ['ignore', 'ignore', 'inherit'] });
    figures = JSON.parse(readFileSync(join(dir, 'figures.json'), 'utf8')) as Figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 900_000);

test('every flow walked has a ceiling, and every ceiling a flow', () => {
  expect(figures.results.map((result) => result.key).sort()).toEqual(Object.keys(CEILINGS).sort());
});

test('each flow stays under its ceiling in reads, writes, deletes and invocations', () => {
  const over = figures.results.flatMap(({ key, counts }) =>
    FIELDS.filter((field) => counts[field] > CEILINGS[key][field]).map((field) => `${key}: ${field} ${counts[field]} > ceiling ${CEILINGS[key][field]}`),
  );
  expect(over).toEqual([]);
});

test('each flow reads and writes at least its floor: the counting sees every process', () => {
  const under = figures.results.flatMap(({ key, floor, counts }) =>
    (['reads', 'writes'] as const).filter((field) => counts[field] < floor[field]).map((field) => `${key}: ${field} ${counts[field]} < floor ${floor[field]}`),
  );
  expect(under).toEqual([]);
  // The order's flow wakes the payment webhook, the outbox's trigger and the couriers' round: more than one kind of function.
  const order = figures.results.find((result) => result.key === 'order');
  expect(order?.counts.invocations).toBeGreaterThan(10);
});
