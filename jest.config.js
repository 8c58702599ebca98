/**
 * Tests run in one process against the emulator suite (`npm test` starts it). Test files import
 * the functions' code and its packages (firebase-admin, express...) from functions/node_modules,
 * so there is one copy of each.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleDirectories: ['node_modules', 'functions/node_modules'],
  // firebase-tools brings its own (older) zod and express into the root node_modules: tests must
  // use the functions' copies, the ones the code under test uses.
  moduleNameMapper: { '^(zod|express)(/.*)?$': '<rootDir>/functions/node_modules/$1$2' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/events.ts'],
  testTimeout: 30000,
};
