#!/usr/bin/env node
/**
 * Runs a command inside the emulator suite (Auth, Firestore, Functions, Hosting, Cloud Tasks).
 *
 *   node scripts/emulators.mjs test     every test (jest) against the emulators
 *   node scripts/emulators.mjs start    the suite with demo data, until Ctrl-C
 *   node scripts/emulators.mjs bench    the benchmark
 *   node scripts/emulators.mjs load     the hot documents' part of it alone (scripts/bench-load.mjs)
 *   node scripts/emulators.mjs cost     each main flow's operations counted (scripts/bench-cost.mjs)
 *   node scripts/emulators.mjs examples records the OpenAPI document's examples (scripts/examples.mjs):
 *                                       Auth and Firestore only: the service runs in its process
 *   node scripts/emulators.mjs exec "<command>"
 *
 * firebase-tools cannot download the Firestore emulator here (no internet). When the Google Cloud
 * CLI's emulator jar is installed and FIRESTORE_EMULATOR_BINARY_PATH is unset, this script makes a
 * small launcher jar for it (that jar has no Main-Class, and firebase-tools runs `java -jar`).
 * A machine with internet keeps firebase-tools' own download.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT } from './emulator-env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EMULATORS = 'auth,firestore,functions,hosting,tasks';
/** Modes that serve the routes in their own process need no Functions or Hosting emulator. */
const EMULATORS_OF = { examples: 'auth,firestore' };

const commands = {
  test: `jest ${process.argv.slice(3).map(quote).join(' ')}`,
  start: 'node scripts/demo.mjs',
  bench: 'node scripts/bench.mjs',
  load: 'node scripts/bench-load.mjs',
  cost: `node scripts/bench-cost.mjs ${process.argv.slice(3).map(quote).join(' ')}`,
  examples: 'node scripts/examples.mjs',
  exec: process.argv.slice(3).join(' '),
};

function quote(arg) {
  return /^[\w./=:-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`;
}

function firestoreJar() {
  const candidates = [];
  try {
    const sdkRoot = execFileSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (sdkRoot) candidates.push(join(sdkRoot, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'));
  } catch {
    // No gcloud: try the Debian package's usual place.
  }
  candidates.push('/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
  return candidates.find((path) => existsSync(path));
}

function prepareFirestoreEmulator(env) {
  if (env.FIRESTORE_EMULATOR_BINARY_PATH) return;
  const jar = firestoreJar();
  if (!jar) return;
  const dir = join(root, '.cache', 'firestore-launcher');
  const launcher = join(dir, 'launcher.jar');
  if (!existsSync(launcher)) {
    mkdirSync(dir, { recursive: true });
    const manifest = join(dir, 'manifest.txt');
    writeFileSync(manifest, `Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: file:${jar}\n`);
    execFileSync('jar', ['cfm', launcher, manifest], { cwd: dir, stdio: 'inherit' });
  }
  env.FIRESTORE_EMULATOR_BINARY_PATH = launcher;
}

const mode = process.argv[2];
if (!(mode in commands) || !commands[mode]) {
  console.error('usage: node scripts/emulators.mjs test|start|bench|load|cost|examples|exec "<command>"');
  process.exit(2);
}
const env = { ...process.env, NO_UPDATE_NOTIFIER: '1' };
prepareFirestoreEmulator(env);
// Every function process logs its Firestore operations and invocations there (functions/src/dev/cost-log.ts):
// `npm run bench:cost` and its ceilings test count flows from it. A fresh folder per run, removed at the end;
// none for `npm start`, which runs for hours and counts nothing.
const costLog = mode === 'start' ? undefined : mkdtempSync(join(tmpdir(), 'marketplace-cost-log-'));
if (costLog) env.COST_LOG_DIR = costLog;
const firebase = join(root, 'node_modules', '.bin', 'firebase');
const child = spawn(firebase, ['emulators:exec', '--only', EMULATORS_OF[mode] ?? EMULATORS, '--project', PROJECT, commands[mode]], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (costLog) rmSync(costLog, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
