#!/usr/bin/env node
/**
 * Inside `npm start`: loads the demo accounts into the emulators, says where everything is, then
 * keeps the suite running until Ctrl-C.
 */
import { execFileSync } from 'node:child_process';

console.log('\nLoading demo accounts...');
execFileSync(process.execPath, ['functions/lib/cli/seed-demo.js'], { stdio: 'inherit' });
console.log(`
The API answers at http://127.0.0.1:5000 (Hosting rewrites every prefix to its function).
  Health:        http://127.0.0.1:5000/
  Documentation: http://127.0.0.1:5000/api-docs/
  Auth emulator: 127.0.0.1:9099   Firestore emulator: 127.0.0.1:8080   Functions: 127.0.0.1:5001
Press Ctrl-C to stop.
`);
setInterval(() => {}, 1 << 30);
