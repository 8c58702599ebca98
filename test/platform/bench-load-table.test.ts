/**
 * The arithmetic of `npm run bench:load` (scripts/bench-load-table.mjs): the percentiles, ratios,
 * goal and rows it prints compute what their names say. The module is an ES module run by Node
 * beside the emulators, so it is evaluated in a Node process of its own, as the bench loads it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** Evaluates `expression` with the module's exports in scope (`t`), in Node: its JSON value. */
function evaluate(expression: string): unknown {
  const script = `import * as t from './scripts/bench-load-table.mjs';\nprocess.stdout.write(JSON.stringify(${expression}));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
}

const oneToTwenty = '[7, 3, 20, 1, 15, 9, 11, 2, 19, 4, 13, 6, 17, 8, 5, 10, 18, 12, 14, 16]';

it('takes percentiles by nearest rank: p95 of 20 values is the 19th, p50 of 5 the 3rd, nothing of nothing', () => {
  expect(
    evaluate(`[
      t.nearestRank(Array.from({ length: 20 }, (_, i) => i + 1), 95),
      t.nearestRank([10, 20, 30, 40, 50], 50),
      t.nearestRank([10, 20, 30, 40, 50], 100),
      t.nearestRank([10, 20, 30, 40, 50], 0),
      t.nearestRank([42], 95),
      t.nearestRank([], 50),
    ]`),
  ).toEqual([19, 30, 50, 10, 42, null]);
});

it('takes the median of unsorted values, the mean of the middle two for an even count', () => {
  expect(evaluate('[t.median([30, 10, 20]), t.median([4, 1, 3, 2]), t.median([5]), t.median([])]')).toEqual([20, 2.5, 5, null]);
});

it('summarizes unsorted durations: count, p50, p95 and max', () => {
  expect(evaluate(`t.summarize(${oneToTwenty})`)).toEqual({ count: 20, p50: 10, p95: 19, max: 20 });
  expect(evaluate('t.summarize([])')).toEqual({ count: 0, p50: null, p95: null, max: null });
});

it('meets the goal within 3x the single median or within 1.5x the control p95, bounds included, never with a request lost', () => {
  expect(
    evaluate(`[
      t.withinGoal({ single: 100, p95: 300, controlP95: 10 }),
      t.withinGoal({ single: 100, p95: 301, controlP95: 10 }),
      t.withinGoal({ single: 100, p95: 900, controlP95: 600 }),
      t.withinGoal({ single: 100, p95: 901, controlP95: 600 }),
      t.withinGoal({ single: null, p95: 100, controlP95: 100 }),
      t.withinGoal({ single: 100, p95: null, controlP95: 100 }),
      t.withinGoal({ single: 100, p95: 200, controlP95: 200, lost: 1 }),
    ]`),
  ).toEqual([true, false, true, false, true, null, false]);
});

it('prints a case as its row and its control row, with ratios, the goal and the correctness figure', () => {
  const rows = evaluate(`t.caseRows({
    name: 'views', n: 20, singles: [40, 20, 30, 50, 10],
    contested: { durations: ${oneToTwenty}.map((v) => v * 100), lost: 1 },
    control: { durations: ${oneToTwenty}.map((v) => v * 10), lost: 0 },
    correctness: { ok: false, figure: '19/20 counted' },
    controlCorrectness: { ok: true, figure: '20/20 counted' },
  })`) as Array<Record<string, unknown>>;
  expect(rows).toEqual([
    {
      case: 'views',
      N: 20,
      'single median (ms)': '30.0',
      'p50 (ms)': '1000.0',
      'p95 (ms)': '1900.0',
      'max (ms)': '2000.0',
      'p95/single': '63.33x',
      'control p95 (ms)': '190.0',
      'p95/control': '10.00x',
      goal: 'NOT met',
      lost: 1,
      correctness: 'FAIL: 19/20 counted',
    },
    {
      case: '  control: 20 on 20 documents',
      N: 20,
      'single median (ms)': '',
      'p50 (ms)': '100.0',
      'p95 (ms)': '190.0',
      'max (ms)': '200.0',
      'p95/single': '6.33x',
      'control p95 (ms)': '',
      'p95/control': '',
      goal: '',
      lost: 0,
      correctness: 'ok: 20/20 counted',
    },
  ]);
});

it('writes rows as a Markdown table, escaping the pipes of a cell', () => {
  expect(evaluate(`t.markdownTable([{ a: 'x|y', b: 1 }, { a: '  z', b: 2 }])`)).toBe('| a | b |\n|---|---|\n| x\\|y | 1 |\n| z | 2 |');
});

it('judges a case over its runs by the median of each ratio, and not met when a run lost a request or failed', () => {
  const run = (single: number, p95: number, controlP95: number, lost = 0, ok = true) =>
    `{ name: 'seller', n: 20, singles: [${single}], contested: { durations: [${p95}], lost: ${lost} }, control: { durations: [${controlP95}], lost: 0 }, correctness: { ok: ${ok}, figure: '' }, controlCorrectness: { ok: true, figure: '' } }`;
  expect(evaluate(`t.medianRow([${run(100, 200, 400)}, ${run(100, 500, 400)}, ${run(100, 290, 100)}])`)).toEqual({
    case: 'seller',
    N: 20,
    runs: 3,
    'p95/single per run': '2.00x, 5.00x, 2.90x',
    'median p95/single': '2.90x',
    'p95/control per run': '0.50x, 1.25x, 2.90x',
    'median p95/control': '1.25x',
    goal: 'met',
    correct: '3/3',
  });
  const worse = (extra: string) => (evaluate(`t.medianRow([${run(100, 400, 100)}, ${run(100, 500, 100)}, ${extra}])`) as Record<string, unknown>).goal;
  expect(worse(run(100, 450, 100))).toBe('NOT met');
  expect(worse(run(100, 100, 100, 1))).toBe('NOT met');
  expect((evaluate(`t.medianRow([${run(100, 200, 100)}, ${run(100, 200, 100, 0, false)}])`) as Record<string, unknown>).goal).toBe('NOT met');
  expect((evaluate(`t.medianRow([${run(100, 200, 100)}])`) as Record<string, unknown>).goal).toBe('met');
});
