#!/usr/bin/env node
/**
 * Cold start of each HTTPS function against a floor, in one run: `npm run cold-start`, and the
 * first part of `npm run bench` (before the emulators start; nothing here needs them). Figures are a ratio to the floor measured in the same
 * run, each function paired with a run of the floor just before it (measureColdStarts).
 *
 * The floor: a fresh Node process that loads `firebase-functions/v2/https` and Express, initialises
 * the Admin SDK's app and creates its Firestore and Auth handles (`firebase-admin/firestore`,
 * `firebase-admin/auth`), wraps a one-route Express app in `onRequest`, and answers one request.
 *
 * A function: a fresh process with the environment Cloud Functions gives that function
 * (FUNCTION_TARGET, K_SERVICE), that loads the deployed entry (`main` of functions/package.json),
 * answers one request through the exported function (its app is built on that request), then
 * holds the same Admin SDK handles as the floor (created by then or not: a real request needs
 * them). Both answer their request through a loopback `node:http` server and client, timed from
 * the first `require` to the end of the answer, Node's own start-up excluded.
 *
 * The request of each function goes through its whole middleware chain and the router(s) of its
 * main domain without touching the database: `GET /api/protected/me` without a token for `core`
 * (401, the identity router), a path under the first prefix (404 NOT_FOUND, an ApiError) for the
 * others. Routers load on the first request under their paths, so the probe decides what loads:
 * these are each function's main domain, not its lightest route.
 *
 * "ready" is wall-clock time, the goal's measure; "CPU" is the process's user and system time over
 * the same span (V8's compiler and GC threads included), a cross-check that a busy machine sways
 * less.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withEmulatorEnv } from './emulator-env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const functionsDir = join(root, 'functions');

export const HTTPS_FUNCTIONS = ['core', 'catalog', 'commerce', 'logistics', 'payments', 'transit', 'agents', 'admin'];

/** The path each function's first request asks for, and the status it answers. */
const PROBE = {
  core: '/api/protected/me',
  catalog: '/api/articles/cold-start/probe',
  commerce: '/api/achat/cold-start/probe',
  logistics: '/api/deliveries/cold-start/probe',
  payments: '/api/payments/cold-start/probe',
  transit: '/api/transitaires/cold-start/probe',
  agents: '/api/agents/cold-start/probe',
  admin: '/api/admin/cold-start/probe',
};

// Shared by both kinds of process: one request through a loopback server, then the Admin SDK's
// Firestore and Auth handles (already there in the floor and in a function that created them).
const requestAndHandles = (expectedStatus) => `
const http = require('node:http');
const server = http.createServer(handler).listen(0, '127.0.0.1', () => {
  http.get({ host: '127.0.0.1', port: server.address().port, path: PROBE_PATH }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode !== ${expectedStatus}) throw new Error('answered ' + res.statusCode + ' to ' + PROBE_PATH);
      const { getApps, initializeApp } = require('firebase-admin/app');
      const adminApp = getApps()[0] ?? initializeApp();
      require('firebase-admin/firestore').getFirestore(adminApp);
      require('firebase-admin/auth').getAuth(adminApp);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const cpu = process.cpuUsage(cpu0);
      server.close();
      console.log(JSON.stringify({ ms, cpu: (cpu.user + cpu.system) / 1e3, modules: Object.keys(require.cache).length }));
    });
  });
});`;

const floorScript = `
const t0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
const PROBE_PATH = '/';
const { onRequest } = require('firebase-functions/v2/https');
const express = require('express');
const { initializeApp } = require('firebase-admin/app');
const adminApp = initializeApp();
require('firebase-admin/firestore').getFirestore(adminApp);
require('firebase-admin/auth').getAuth(adminApp);
const app = express();
app.get('/', (req, res) => res.json({ ok: true }));
const handler = onRequest(app);
${requestAndHandles(200)}`;

const functionScript = (name, main) => `
const t0 = process.hrtime.bigint();
const cpu0 = process.cpuUsage();
const PROBE_PATH = ${JSON.stringify(PROBE[name])};
const handler = require(${JSON.stringify(`./${main}`)})[${JSON.stringify(name)}];
${requestAndHandles(name === 'core' ? 401 : 404)}`;

function run(script, env) {
  const output = execFileSync(process.execPath, ['-e', script], { cwd: functionsDir, env, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop());
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs `rounds` rounds. In each, every function runs right after a run of the floor, both in fresh
 * processes: a pair. A function's ratio is the median over rounds of its time over its pair's
 * floor, so a machine whose load changes during the run (other jobs, a JIT warming up) weighs on
 * both sides of each ratio alike. Answers one row for the floor (median of all its runs) and one
 * per function: median time, ratio, CPU time and ratio likewise, modules loaded.
 */
export function measureColdStarts({ rounds = 15 } = {}) {
  const main = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')).main;
  // The settings the emulator gives the functions (the first request reads them), and its mark
  // (FUNCTIONS_EMULATOR: its development storage key is valid), without the emulators'
  // addresses: nothing here talks to a server.
  const base = withEmulatorEnv({ PATH: process.env.PATH, HOME: process.env.HOME });
  const floor = () => run(floorScript, base);
  const functions = HTTPS_FUNCTIONS.map((name) => ({ name, run: () => run(functionScript(name, main), { ...base, FUNCTION_TARGET: name, K_SERVICE: name, FUNCTIONS_EMULATOR: 'true' }) }));
  // One warm-up round fills the file-system cache; it is not counted.
  floor();
  for (const fn of functions) fn.run();
  const floors = [];
  const pairs = new Map(functions.map(({ name }) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const fn of functions) {
      const before = floor();
      floors.push(before);
      pairs.get(fn.name).push({ before, after: fn.run() });
    }
  }
  const row = (label, samples, ratios, cpuRatios) => ({
    process: label,
    'ready (ms)': median(samples.map((sample) => sample.ms)).toFixed(1),
    ratio: median(ratios).toFixed(2),
    'CPU (ms)': median(samples.map((sample) => sample.cpu)).toFixed(1),
    'CPU ratio': median(cpuRatios).toFixed(2),
    modules: samples[0].modules,
  });
  return [
    row('floor', floors, [1], [1]),
    ...functions.map(({ name }) => {
      const runs = pairs.get(name);
      return row(
        name,
        runs.map(({ after }) => after),
        runs.map(({ before, after }) => after.ms / before.ms),
        runs.map(({ before, after }) => after.cpu / before.cpu),
      );
    }),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rounds = Number(process.env.COLD_START_ROUNDS ?? 15);
  console.log(`Cold start, median of ${rounds} rounds (Node ${process.version}): ready = first request answered, Admin SDK Firestore and Auth loaded; ratio to the floor run just before`);
  console.table(measureColdStarts({ rounds }));
}
