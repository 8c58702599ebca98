/**
 * Jest's own runner, told to run its files one at a time in jest's process: the runner of the
 * `main-project` group (jest.config.js), whose files share the one project the Functions emulator
 * serves. Jest asks each runner whether it is serial (`isSerial`) and runs the groups in turn.
 *
 * While the group runs, so does the local scheduler (scripts/local-scheduler.cjs), as under
 * `npm start`: the scheduled functions fire on their schedules through the Functions emulator, on
 * a clock SCHEDULER_TIME_FACTOR_E2E times as fast (every-minute jobs every 5 s), whatever the shell
 * sets for demos. It runs in a process of its own: it loads the built functions with the
 * emulator's settings, which must not reach this process (the tests run in it).
 */
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const TestRunner = require('jest-runner').default;

const SCHEDULER_TIME_FACTOR_E2E = '12';

/** The scheduler, stopped with the group; it also stops by itself if this process dies (IPC channel). */
function startScheduler() {
  const child = spawn(process.execPath, [join(__dirname, '..', '..', 'scripts', 'local-scheduler.cjs')], {
    env: { ...process.env, SCHEDULER_TIME_FACTOR: SCHEDULER_TIME_FACTOR_E2E },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
}

class SerialRunner extends TestRunner {
  isSerial = true;

  async runTests(tests, watcher, options) {
    const stopScheduler = startScheduler();
    try {
      return await super.runTests(tests, watcher, options);
    } finally {
      stopScheduler();
    }
  }
}

module.exports = SerialRunner;
