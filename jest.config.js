/**
 * Tests run against the emulator suite (`npm test` starts it). Test files import the functions'
 * code and its packages (firebase-admin, express...) from functions/node_modules, so there is one
 * copy of each.
 *
 * Two groups, one run:
 *  - `parallel`: every in-process test file, spread over MAX_WORKERS worker processes. Each worker
 *    has its own emulator project, `demo-marketplace-w<JEST_WORKER_ID>` (test/setup/env.ts): the
 *    Firestore and Auth emulators keep one database and one set of accounts per project id, so a
 *    file clears and counts only its own worker's data, and the files of one worker run one after
 *    the other as before.
 *  - `main-project`: the tests that need the Functions, Hosting or Cloud Tasks emulators to act on
 *    their data (test/e2e). Those emulators serve the main project, `demo-marketplace`, only, so
 *    these files run on it, one at a time in jest's own process (test/setup/serial-runner.js): two
 *    of them at once would read and clear each other's data. Jest runs the groups one after the
 *    other. A second jest invocation would do the same, but with two summaries, and
 *    `npm run test:only -- <file>` would find no test in one of them.
 *  - `costs`: the operation counts of the main flows (test/costs), last and alone
 *    (test/setup/alone-runner.js): they count everything the suite's functions do while they run.
 */
const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  moduleDirectories: ['node_modules', 'functions/node_modules'],
  // firebase-tools brings its own (older) zod and express into the root node_modules: tests must
  // use the functions' copies, the ones the code under test uses.
  // The typed client (clients/typescript) has the Firebase SDK as a peer: it must use the tests' copy,
  // as an app's bundle gives it its own (two copies keep two registries of Firestore instances).
  // The client's sources name their relative imports with `.js`, as its ES module build needs: jest finds the `.ts` by the bare path.
  moduleNameMapper: {
    '^(zod|express)(/.*)?$': '<rootDir>/functions/node_modules/$1$2',
    '^firebase/(.*)$': '<rootDir>/node_modules/firebase/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/events.ts', '<rootDir>/test/setup/undeclared-codes.ts'],
};

const MAIN_PROJECT_DIR = '<rootDir>/test/e2e/';
const COSTS_DIR = '<rootDir>/test/costs/';

/**
 * Jest's own run time on this project's machine (2 cores, shared with the emulators), 413 tests:
 * 305 s in band; 182 s with 2 workers, 140-146 s with 3, 138-139 s with 4, 145 s with 5. The files
 * wait on the emulators more than they compute, so one worker more than the cores pays; past 3 the
 * machine is busy and more workers only add load (and timing pressure on the tests).
 */
const MAX_WORKERS = 3;

module.exports = {
  maxWorkers: MAX_WORKERS,
  // A route that answers a code it does not declare fails the run, whichever files ran (test/setup/undeclared-codes.ts).
  reporters: ['default', '<rootDir>/test/setup/undeclared-codes-reporter.js'],
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'parallel',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', MAIN_PROJECT_DIR, COSTS_DIR],
      globals: { EMULATOR_PROJECT_PER_WORKER: true },
    },
    {
      ...shared,
      displayName: 'main-project',
      testMatch: [`${MAIN_PROJECT_DIR}**/*.test.ts`],
      runner: '<rootDir>/test/setup/serial-runner.js',
      globals: { EMULATOR_PROJECT_PER_WORKER: false },
    },
    {
      ...shared,
      displayName: 'costs',
      testMatch: [`${COSTS_DIR}**/*.test.ts`],
      runner: '<rootDir>/test/setup/alone-runner.js',
      globals: { EMULATOR_PROJECT_PER_WORKER: false },
    },
  ],
};
