#!/usr/bin/env node
/**
 * Inside `npm start`: loads the demo accounts into the emulators, says where everything is, then
 * keeps the suite running until Ctrl-C.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

console.log('\nLoading demo accounts...');
execFileSync(process.execPath, ['functions/lib/cli/seed-demo.js'], { stdio: 'inherit' });
// The local FeexPay: the functions' .env.demo-marketplace points the payment adapter at it, and
// it calls the webhook through Hosting, with the callback secret of functions/.secret.local.
const { FeexPaySandbox } = require('../functions/lib/dev/feexpay-sandbox.js');
const sandbox = new FeexPaySandbox({
  port: 8787,
  token: 'local-feexpay-token',
  delayMs: 3000,
  webhookUrl: 'http://127.0.0.1:5000/api/payments/webhook?secret=local-callback-secret',
});
await sandbox.start();

console.log(`
The API answers at http://127.0.0.1:5000 (Hosting rewrites every prefix to its function).
  Health:        http://127.0.0.1:5000/
  Documentation: http://127.0.0.1:5000/api-docs/
  Auth emulator: 127.0.0.1:9099   Firestore emulator: 127.0.0.1:8080   Functions: 127.0.0.1:5001
  FeexPay sandbox: ${sandbox.url} (payer numbers ending in 1 fail, in 2 stay pending, in 9: provider down)
Press Ctrl-C to stop.
`);
setInterval(() => {}, 1 << 30);
