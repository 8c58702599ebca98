/**
 * What every part of `npm run bench` starts from: the emulators' settings in this process (set
 * when this module is imported, before a part requires the built functions), a `require` that
 * resolves the built functions (`./lib/...`) and their dependencies, and the shared measures.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withEmulatorEnv } from './emulator-env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
Object.assign(process.env, withEmulatorEnv(process.env));
// Twenty clients searching with one token for seconds is what the per-user limits refuse: the
// benchmark measures the searches themselves (as measured before the limits), not their refusals.
process.env.USER_RATE_LIMIT_ENABLED ??= 'false';

export const functionsRequire = createRequire(join(root, 'functions', 'package.json'));
/** Concurrent clients of a latency measure, and how long each measure runs (BENCH_SECONDS). */
export const CLIENTS = 20;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** Whether the part whose `import.meta.url` this is was started by itself (`node scripts/bench-x.mjs`). */
export const runsAlone = (url) => Boolean(process.argv[1]) && resolve(process.argv[1]) === fileURLToPath(url);
