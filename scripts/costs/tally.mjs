/**
 * A flow's counts from its cost-log lines: Firestore reads, writes and deletes as billed, function
 * invocations by kind, and the part of each that the outbox, the notices, the statistics' counters
 * and the rate limits add to the flow's own documents.
 */

/**
 * Where the operations beyond a flow's own documents go, by the mechanism that makes them: each
 * collection or function belongs to one part (the rest is the flow's domain).
 */
export const PARTS = {
  /** The outbox (functions/src/core/events): the facts, their subscribers' runs, the trigger and the sweep that hand them out. */
  outbox: { collections: new Set(['events', 'eventRuns']), functions: new Set(['dispatchEvents', 'sweepEvents']) },
  /** Each notice: the reader's settings (language, toggles), the notice, the push tokens and the push. */
  notices: { collections: new Set(['users/*/notifications', 'userSettings', 'users/*/pushTokens', 'templateNotices']), functions: new Set(['pushNotifications', 'sendTemplateNotices']) },
  /** The dashboard's counters: a bump per fact, once (its run), and the roll-ups readers make. */
  statistics: { collections: new Set(['counters', 'counterRuns', 'counterLate', 'counterRollups']), functions: new Set() },
  /** Shared request counters: a window and a slot per limited request. */
  'rate limits': { collections: new Set(['rateLimits', 'rateLimits/*/rateLimitSlots']), functions: new Set() },
};

const partOf = (line) => Object.entries(PARTS).find(([, part]) => (line.kind === 'invocation' ? part.functions.has(line.fn) : part.collections.has(line.collection)))?.[0] ?? 'domain';

/**
 * Collections the emulator's partners write instead of calling a partner (the local WhatsApp and
 * push drivers record what they would have sent): not Firestore costs in production.
 */
export const LOCAL_ONLY = new Set(['localMessages', 'localPushes']);

const READS = new Set(['lookup', 'query', 'count']);

const empty = () => ({ reads: 0, writes: 0, deletes: 0, invocations: 0 });

/** The count a line adds to: a read, a write, a delete or an invocation. */
const fieldOf = (line) => (line.kind === 'invocation' ? 'invocations' : READS.has(line.kind) ? 'reads' : line.kind === 'delete' ? 'deletes' : 'writes');

/**
 * Counts of `lines`; `kindOf(functionName)` says https, trigger, task or schedule. Beside the
 * totals: by part (PARTS; `outbox` is what the outbox adds) and by collection or function (`name()`).
 */
export function tally(lines, kindOf) {
  const total = { ...empty(), byKind: { https: 0, trigger: 0, task: 0, schedule: 0 } };
  const byPart = Object.fromEntries([...Object.keys(PARTS), 'domain'].map((part) => [part, empty()]));
  const byCollection = {};
  for (const line of lines) {
    if (line.kind !== 'invocation' && LOCAL_ONLY.has(line.collection)) continue;
    const field = fieldOf(line);
    const amount = line.kind === 'invocation' ? 1 : line.billed;
    if (line.kind === 'invocation') total.byKind[kindOf(line.fn)] += 1;
    total[field] += amount;
    byPart[partOf(line)][field] += amount;
    (byCollection[line.kind === 'invocation' ? `${line.fn}()` : line.collection] ??= empty())[field] += amount;
  }
  return { ...total, outbox: byPart.outbox, byPart, byCollection };
}
