#!/usr/bin/env node
/**
 * Inside `npm start`: loads the demo accounts into the emulators, says where everything is, then
 * keeps the suite running until Ctrl-C, with the local scheduler firing the scheduled functions
 * (scripts/local-scheduler.cjs: the emulator never does). The seed and the local FeexPay run outside the Functions
 * emulator, so they take the emulator's settings and development secrets from the files the
 * functions read (scripts/emulator-env.mjs), not from whatever the shell holds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { withEmulatorEnv } from './emulator-env.mjs';

const require = createRequire(import.meta.url);
const env = withEmulatorEnv(process.env);

console.log('\nLoading demo accounts...');
execFileSync(process.execPath, ['functions/lib/cli/seed-demo.js'], { stdio: 'inherit', env });
// The local FeexPay: the emulator's settings point the payment adapter at it, and it calls the
// webhook through Hosting with the callback secret the functions expect.
const { FeexPaySandbox } = require('../functions/lib/dev/feexpay-sandbox.js');
const sandboxUrl = new URL(env.FEEXPAY_BASE_URL);
const sandbox = new FeexPaySandbox({
  port: Number(sandboxUrl.port),
  token: env.FEEXPAY_API_TOKEN,
  delayMs: 3000,
  webhookUrl: `http://127.0.0.1:5000/api/payments/webhook?secret=${encodeURIComponent(env.FEEXPAY_CALLBACK_SECRET)}`,
});
await sandbox.start();

// The local Cloud Scheduler, in a process of its own (it loads the built functions to read their
// schedules). Its IPC channel ends it with this script; if it stops by itself, the suite no longer
// runs what production runs, so `npm start` stops too.
const scheduler = spawn(process.execPath, [fileURLToPath(new URL('./local-scheduler.cjs', import.meta.url))], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
scheduler.on('exit', (code) => {
  if (code) {
    console.error(`The local scheduler stopped (exit code ${code}): stopping.`);
    process.exit(1);
  }
});
// Its list of schedules first, then the addresses (off: it says so and ends).
await new Promise((resolve) => {
  scheduler.once('message', resolve);
  scheduler.once('exit', resolve);
});

console.log(`
The API answers at http://127.0.0.1:5000 (Hosting rewrites every prefix to its function).
  Health:        http://127.0.0.1:5000/
  Documentation: http://127.0.0.1:5000/api-docs/
  Auth emulator: 127.0.0.1:9099   Firestore emulator: 127.0.0.1:8080   Functions: 127.0.0.1:5001
  FeexPay sandbox: ${sandbox.url} (payer numbers ending in 1 fail, in 2 stay pending, in 9: provider down)
  Scheduler: the scheduled functions above fire on their schedules; \`SCHEDULER_TIME_FACTOR=60 npm start\`
             runs their clock 60 times as fast (a minute a second), 0 turns them off
Press Ctrl-C to stop.
`);
setInterval(() => {}, 1 << 30);
