/**
 * Fails the run when a route answered an error code it does not declare (core/undeclared-codes.ts):
 * each test process records what it saw in a folder this reporter makes before the workers start
 * (they inherit UNDECLARED_CODES_DIR), and at the end of the run the reporter lists each route and
 * code once, with a test that got it. Jest exits non-zero when a reporter has a last error.
 */
const { mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

class UndeclaredCodesReporter {
  /** `options.dir`: a folder of records to read instead of a fresh one (the reporter's own test). */
  constructor(_globalConfig, options = {}) {
    this.ownsDir = !options.dir;
    this.dir = options.dir ?? mkdtempSync(join(tmpdir(), 'undeclared-codes-'));
    if (this.ownsDir) process.env.UNDECLARED_CODES_DIR = this.dir;
    this.error = undefined;
  }

  onRunComplete() {
    const found = new Map();
    for (const file of readdirSync(this.dir)) {
      for (const line of readFileSync(join(this.dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        const { route, code, test } = JSON.parse(line);
        const key = `${route} -> ${code}`;
        if (!found.has(key)) found.set(key, test);
      }
    }
    if (this.ownsDir) rmSync(this.dir, { recursive: true, force: true });
    if (found.size === 0) return;
    const lines = [...found.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, test]) => `  ${key}   (${test})`);
    const message = [
      `${found.size} error code(s) answered by a route that does not declare them: add each to the route's \`errors\` (then npm run openapi).`,
      ...lines,
    ].join('\n');
    this.error = new Error(message);
    process.stderr.write(`\n${message}\n\n`);
  }

  getLastError() {
    return this.error;
  }
}

module.exports = UndeclaredCodesReporter;
