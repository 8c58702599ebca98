/**
 * The arithmetic of `npm run bench:load` (scripts/bench-load.mjs), apart from the emulators so that
 * test/platform/bench-load-table.test.ts checks it: percentiles, the figures of a row, the goal, the table.
 */

/**
 * The p-th percentile of ascending `sorted` by nearest rank: the smallest value with at least p% of
 * the values at or below it (p95 of 20 values is the 19th, p50 of 5 the 3rd). Null when empty.
 */
export function nearestRank(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** The median of `values` (any order): the middle one, or the mean of the two middle ones. */
export function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** p50, p95 and max of durations (ms, any order), and how many there were. */
export function summarize(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  return { count: sorted.length, p50: nearestRank(sorted, 50), p95: nearestRank(sorted, 95), max: sorted.length ? sorted.at(-1) : null };
}

/** `a / b` when both are known and b is not 0; null otherwise. */
export function ratio(a, b) {
  return a == null || b == null || b === 0 ? null : a / b;
}

/** The goals of issue 24: p95 within this many times the single median, or within this many times the control's p95. */
export const GOAL = { ofSingle: 3, ofControl: 1.5 };

/**
 * Whether a contested operation is within its time bound: its p95 within GOAL.ofSingle times its
 * single median, or within GOAL.ofControl times its control's p95 (what N requests cost the machine
 * anyway). Never while a request of it was lost: its p95 is then only a lower bound. Null when
 * nothing was measured.
 */
export function withinGoal({ single, p95, controlP95, lost = 0 }) {
  if (p95 == null) return null;
  if (lost > 0) return false;
  const bySingle = single != null && p95 <= GOAL.ofSingle * single;
  const byControl = controlP95 != null && p95 <= GOAL.ofControl * controlP95;
  return bySingle || byControl;
}

const ms = (value) => (value == null ? '-' : value.toFixed(1));
const times = (value) => (value == null ? '-' : `${value.toFixed(2)}x`);

/**
 * The table's rows for one case: the contested row (single median, percentiles, ratios, goal,
 * correctness), then its control row (the same N requests on N different documents).
 * `lost` counts requests that got no answer in time or an answer that was not the expected kind.
 */
export function caseRows({ name, n, singles, contested, control, correctness, controlCorrectness }) {
  const single = median(singles);
  const hot = summarize(contested.durations);
  const cold = summarize(control.durations);
  const goal = withinGoal({ single, p95: hot.p95, controlP95: cold.p95, lost: contested.lost });
  return [
    {
      case: name,
      N: n,
      'single median (ms)': ms(single),
      'p50 (ms)': ms(hot.p50),
      'p95 (ms)': ms(hot.p95),
      'max (ms)': ms(hot.max),
      'p95/single': times(ratio(hot.p95, single)),
      'control p95 (ms)': ms(cold.p95),
      'p95/control': times(ratio(hot.p95, cold.p95)),
      goal: goal == null ? '-' : goal ? 'met' : 'NOT met',
      lost: contested.lost,
      correctness: `${correctness.ok ? 'ok' : 'FAIL'}: ${correctness.figure}`,
    },
    {
      case: `  control: ${n} on ${n} documents`,
      N: n,
      'single median (ms)': '',
      'p50 (ms)': ms(cold.p50),
      'p95 (ms)': ms(cold.p95),
      'max (ms)': ms(cold.max),
      'p95/single': times(ratio(cold.p95, single)),
      'control p95 (ms)': '',
      'p95/control': '',
      goal: '',
      lost: control.lost,
      correctness: `${controlCorrectness.ok ? 'ok' : 'FAIL'}: ${controlCorrectness.figure}`,
    },
  ];
}

/** Rows as a Markdown table (docs/measurements.md keeps them so). */
export function markdownTable(rows) {
  if (!rows.length) return '';
  const columns = Object.keys(rows[0]);
  const cell = (value) => String(value).replace(/\|/g, '\\|').trim();
  return [`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${columns.map((column) => cell(row[column])).join(' | ')} |`)].join('\n');
}

/**
 * One case over several runs (the same case's results, one per run): each run's p95/single and
 * p95/control, and their medians, which the goal is judged on (a run on a shared machine can be
 * slow for reasons of its own; the median of three is not). Not met when a run lost a request or
 * failed its correctness: its ratio is then no measure.
 */
export function medianRow(runs) {
  const figures = runs.map(({ singles, contested, control }) => {
    const single = median(singles);
    const p95 = summarize(contested.durations).p95;
    return { ofSingle: ratio(p95, single), ofControl: ratio(p95, summarize(control.durations).p95) };
  });
  const known = (key) => figures.map((figure) => figure[key]).filter((value) => value != null);
  const ofSingle = median(known('ofSingle'));
  const ofControl = median(known('ofControl'));
  const sound = runs.every((run) => run.contested.lost === 0 && run.correctness.ok && run.controlCorrectness.ok);
  const met = ofSingle == null && ofControl == null ? null : sound && ((ofSingle != null && ofSingle <= GOAL.ofSingle) || (ofControl != null && ofControl <= GOAL.ofControl));
  return {
    case: runs[0].name,
    N: runs[0].n,
    runs: runs.length,
    'p95/single per run': figures.map((figure) => times(figure.ofSingle)).join(', '),
    'median p95/single': times(ofSingle),
    'p95/control per run': figures.map((figure) => times(figure.ofControl)).join(', '),
    'median p95/control': times(ofControl),
    goal: met == null ? '-' : met ? 'met' : 'NOT met',
    correct: `${runs.filter((run) => run.correctness.ok && run.controlCorrectness.ok).length}/${runs.length}`,
  };
}
