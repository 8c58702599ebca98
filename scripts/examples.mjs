#!/usr/bin/env node
/**
 * Inside `npm run examples`: records the OpenAPI document's examples (functions/lib/cli/record-examples.js)
 * with the emulator's settings and development secrets, as the demo seed of `npm start` takes them
 * (scripts/emulator-env.mjs), not whatever the shell holds.
 */
import { execFileSync } from 'node:child_process';
import { withEmulatorEnv } from './emulator-env.mjs';

execFileSync(process.execPath, ['functions/lib/cli/record-examples.js'], { stdio: 'inherit', env: withEmulatorEnv(process.env) });
