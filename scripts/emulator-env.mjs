/**
 * The emulator's settings, read from the one place the Functions emulator reads them, for every
 * script that talks to the suite from outside it (the demo seed, the benchmark, the admin script).
 * A script that fell back to the defaults (STORAGE_DRIVER=cloud...) would reach for real services
 * that the functions beside it never use.
 *
 * The files and their order are the emulator's: `functions/.env`, `functions/.env.<project>`,
 * `functions/.env.local` (later files win), then the development secrets of
 * `functions/.secret.local`. They are parsed with firebase-tools' own dotenv parser, so a value
 * means the same here as in the functions. Like the emulator, the files win over the shell's
 * environment: the same settings whatever the machine happens to hold.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
// firebase-tools is pinned exactly (package.json); test/platform/emulator-env.test.ts fails if this moves.
const { parse, validateKey } = require('firebase-tools/lib/functions/env');

export const PROJECT = 'demo-marketplace';

/** The emulator's files, in the order it reads them. */
export function emulatorFiles(project = PROJECT) {
  const dir = join(root, 'functions');
  return ['.env', `.env.${project}`, '.env.local', '.secret.local'].map((name) => join(dir, name));
}

/**
 * A file's settings, as the Functions emulator (and a deploy) reads them: a `.env` file whose key is
 * one Cloud Functions reserves (`FIREBASE_...`, `X_GOOGLE_...`) stops the emulator from loading any
 * function, so it stops the scripts beside it too, instead of a green run over functions that never loaded.
 */
export function readEnvFile(file) {
  const { envs, errors } = parse(readFileSync(file, 'utf8'));
  if (errors.length) throw new Error(`${file}: lines that are not KEY=VALUE: ${errors.join(' | ')}`);
  if (!file.endsWith('.secret.local')) {
    for (const key of Object.keys(envs)) {
      try {
        validateKey(key);
      } catch (error) {
        throw new Error(`${file}: ${error.message}`);
      }
    }
  }
  return envs;
}

/** Every setting and development secret the emulator gives the functions. */
export function emulatorEnv(project = PROJECT) {
  return Object.assign({}, ...emulatorFiles(project).filter(existsSync).map(readEnvFile));
}

/** `base` (usually process.env) with the emulator's settings over it, and the demo project. */
export function withEmulatorEnv(base, project = PROJECT) {
  return { ...base, GCLOUD_PROJECT: base.GCLOUD_PROJECT ?? project, ...emulatorEnv(project) };
}
