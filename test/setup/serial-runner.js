/**
 * Jest's own runner, told to run its files one at a time in jest's process: the runner of the
 * `main-project` group (jest.config.js), whose files share the one project the Functions emulator
 * serves. Jest asks each runner whether it is serial (`isSerial`) and runs the groups in turn.
 */
const TestRunner = require('jest-runner').default;

class SerialRunner extends TestRunner {
  isSerial = true;
}

module.exports = SerialRunner;
