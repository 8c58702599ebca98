/**
 * Jest's own runner, told to run its files one at a time in jest's process, and after the other
 * groups: the runner of the `costs` group (jest.config.js). Its files count every operation the
 * emulator suite's functions make while they run (scripts/bench-cost.mjs), so nothing else may run
 * beside them: no other test file, and no local scheduler (the `main-project` group's runner stops
 * its own when its group ends).
 */
const TestRunner = require('jest-runner').default;

class AloneRunner extends TestRunner {
  isSerial = true;
}

module.exports = AloneRunner;
