#!/usr/bin/env node
/**
 * npm run admin:create: functions/lib/cli/create-admin.js, with the emulator's settings when it
 * targets the emulators (FIRESTORE_EMULATOR_HOST set), so that it provisions accounts exactly as
 * the functions beside it would. Against the real project it runs with the shell's environment.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withEmulatorEnv } from './emulator-env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env.FIRESTORE_EMULATOR_HOST ? withEmulatorEnv(process.env) : process.env;
const run = spawnSync(process.execPath, [join(root, 'functions', 'lib', 'cli', 'create-admin.js'), ...process.argv.slice(2)], { env, stdio: 'inherit' });
process.exit(run.status ?? 1);
