#!/usr/bin/env node
/**
 * The two builds' folders (`npm run build`): `clean` empties dist/ before them, `mark` then drops in
 * each the package.json that tells Node how to load its files (dist/esm ES modules, dist/cjs
 * CommonJS), whatever the package's own `type` says.
 *
 *   node scripts/dist.mjs clean|mark
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const FORMATS = { esm: 'module', cjs: 'commonjs' };

const step = process.argv[2];
if (step === 'clean') {
  rmSync(dist, { recursive: true, force: true });
} else if (step === 'mark') {
  for (const [folder, type] of Object.entries(FORMATS)) {
    mkdirSync(join(dist, folder), { recursive: true });
    writeFileSync(join(dist, folder, 'package.json'), `${JSON.stringify({ type }, null, 2)}\n`);
  }
} else {
  console.error('usage: node scripts/dist.mjs clean|mark');
  process.exit(2);
}
