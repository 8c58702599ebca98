#!/usr/bin/env node
/**
 * No silent breaking change: compares the document apps are built on (openapi/released.json, the
 * last release) with today's (openapi/openapi.json) and fails on a breaking difference unless the
 * document's major version moved and CHANGELOG.md's section for that version names every operation
 * the change breaks, with what an app does about it (docs/api-conventions.md, "Versions and
 * breaking changes").
 *
 *   node scripts/api-compat.mjs [--released F] [--current F] [--changelog F] [--json]
 *
 * Exit 0 when the change is compatible (or declared), 1 with the list otherwise. `--json` prints
 * `{ ok, breaking: [{ operation, rules }], problems }` for tests and tools.
 *
 * What counts as breaking is Optic's standard ruleset (`optic diff --check`: removed operations,
 * responses, properties or enum values, parameters or request fields newly required, types
 * narrowed or widened...), plus one rule Optic leaves out: an operation's `operationId`, the name
 * generated clients give its method, never changes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? resolve(process.argv[at + 1]) : join(root, fallback);
}

/** `METHOD /path` of each operation, with its operationId. */
function operationsOf(document) {
  const operations = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      if (item[method]) operations.set(`${method.toUpperCase()} ${path}`, item[method].operationId);
    }
  }
  return operations;
}

/**
 * Optic's breaking changes, by operation. Its `--json` output holds the diff without the checks'
 * verdicts, so the text report is read: an operation's line (`x GET /api/x: ...`) then its failed
 * checks (`x [rule] message`).
 */
function opticBreaking(releasedFile, released, current) {
  // Optic lets anything through once the major version moves; the changelog must still name each
  // change, so it compares the documents as if the version had stayed.
  const dir = mkdtempSync(join(tmpdir(), 'api-compat-'));
  const currentFile = join(dir, 'openapi.json');
  writeFileSync(currentFile, JSON.stringify({ ...current, info: { ...current.info, version: released.info?.version } }));
  const optic = join(root, 'node_modules', '@useoptic', 'optic', 'build', 'index.js');
  const run = spawnSync(process.execPath, [optic, 'diff', releasedFile, currentFile, '--check'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // Offline: no usage reports, no error reports (they would wait on a network that is not there).
    env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off' },
    // Under CI, Optic writes a report of its run into its working folder: not into the repository.
    cwd: dir,
  });
  rmSync(dir, { recursive: true, force: true });
  if (run.error) throw run.error;
  const breaking = new Map();
  let operation;
  for (const line of run.stdout.split('\n')) {
    const header = /^[x✔] ([A-Z]+) (\/\S*):/.exec(line);
    if (header) {
      operation = `${header[1]} ${header[2]}`;
      continue;
    }
    const check = /^\s+x \[([^\]]+)\] (.*)$/.exec(line);
    if (check && operation) {
      const rules = breaking.get(operation) ?? new Map();
      if (!rules.has(check[1])) rules.set(check[1], check[2].replace(/ This is a breaking change\.$/, ''));
      breaking.set(operation, rules);
    }
  }
  // Optic exits 1 when a check fails; anything else without a finding is its own failure.
  if (run.status !== 0 && breaking.size === 0) {
    throw new Error(`optic diff failed (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
  }
  return breaking;
}

function renamedOperationIds(released, current) {
  const now = operationsOf(current);
  const renamed = new Map();
  for (const [operation, id] of operationsOf(released)) {
    if (id && now.has(operation) && now.get(operation) !== id) {
      renamed.set(operation, new Map([['keep operationIds', `operationId '${id}' became '${now.get(operation) ?? '(none)'}'`]]));
    }
  }
  return renamed;
}

const major = (version) => Number(/^(\d+)\./.exec(version ?? '')?.[1] ?? NaN);

/**
 * The list items of the changelog's section for `version` (`## [version]`), each with its
 * continuation lines: one item names one change and what an app does about it.
 */
export function changelogItems(changelog, version) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## [${version}]`));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const items = [];
  for (const line of lines.slice(start + 1, end < 0 ? undefined : end)) {
    if (/^\s*- /.test(line)) items.push(line.trim());
    else if (/^\s+\S/.test(line) && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
  }
  return items;
}

/** The operation as a changelog names it: `` `GET /api/x` ``. */
const named = (item, operation) => item.includes(`\`${operation}\``);
/** What an app does about a breaking change, in its changelog item. */
const APPS = '**Apps:**';

export function check(released, current, changelog, breaking) {
  const problems = [];
  if (breaking.size === 0) return problems;
  const before = released.info?.version;
  const after = current.info?.version;
  if (!(major(after) > major(before))) {
    problems.push(`${breaking.size} operation(s) change in a breaking way, yet info.version goes from ${before} to ${after}: a breaking change moves the major version.`);
  }
  const items = changelogItems(changelog, after);
  if (!items) {
    problems.push(`CHANGELOG.md has no section "## [${after}]" naming the breaking changes.`);
    return problems;
  }
  for (const operation of breaking.keys()) {
    const item = items.find((text) => named(text, operation) && text.includes(APPS));
    if (!item) problems.push(`CHANGELOG.md [${after}] names no change of \`${operation}\` with what apps do (an item naming it and "${APPS}").`);
  }
  return problems;
}

function main() {
  const releasedFile = option('released', 'openapi/released.json');
  const currentFile = option('current', 'openapi/openapi.json');
  const released = JSON.parse(readFileSync(releasedFile, 'utf8'));
  const current = JSON.parse(readFileSync(currentFile, 'utf8'));
  const changelog = readFileSync(option('changelog', 'CHANGELOG.md'), 'utf8');
  // The same document is the same contract: no need to ask Optic (about a minute on the whole document).
  const same = JSON.stringify(released) === JSON.stringify(current);
  const breaking = same ? new Map() : new Map([...opticBreaking(releasedFile, released, current), ...renamedOperationIds(released, current)]);
  const problems = check(released, current, changelog, breaking);
  const ok = problems.length === 0;
  if (process.argv.includes('--json')) {
    const list = [...breaking].map(([operation, rules]) => ({ operation, rules: [...rules].map(([rule, message]) => ({ rule, message })) }));
    process.stdout.write(`${JSON.stringify({ ok, same, breaking: list, problems }, null, 2)}\n`);
  } else {
    for (const [operation, rules] of breaking) {
      console.log(`${operation}\n${[...rules].map(([rule, message]) => `  [${rule}] ${message}`).join('\n')}`);
    }
    for (const problem of problems) console.error(`✗ ${problem}`);
    console.log(
      ok
        ? `✓ ${released.info?.version} -> ${current.info?.version}: ${same ? 'the same document' : breaking.size === 0 ? 'no breaking change' : `${breaking.size} breaking operation(s), each in CHANGELOG.md`}`
        : '✗ breaking changes not released as such (docs/api-conventions.md, "Versions and breaking changes")',
    );
  }
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
