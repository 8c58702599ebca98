/**
 * The scripts that run beside the emulator (demo seed, benchmark, admin script) read the settings
 * and development secrets the Functions emulator reads, from the files a fresh clone has, whatever
 * the shell holds: without them, the seed of `npm start` on a clean machine would fall back to
 * STORAGE_DRIVER=cloud and die uploading to storage.googleapis.com.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { SECRET_NAMES } from '../../functions/src/core/secrets';
import { PROJECT_ID, resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

const root = join(__dirname, '..', '..');
/** A machine with nothing set but the emulators' hosts (what emulators:exec gives a command). */
const cleanEnv = {
  PATH: process.env.PATH!,
  HOME: process.env.HOME!,
  FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST!,
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
};

/** Runs an ES module snippet with scripts/emulator-env.mjs imported, in a clean environment. */
function withLoader(code: string, env: Record<string, string> = cleanEnv): string {
  const script = `import { emulatorEnv, withEmulatorEnv } from './scripts/emulator-env.mjs';\n${code}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8', stdio: 'pipe' });
}

it('gives the scripts the emulator’s settings and every development secret, over the shell’s values', () => {
  const env = JSON.parse(withLoader('console.log(JSON.stringify(withEmulatorEnv(process.env)));', { ...cleanEnv, STORAGE_DRIVER: 'cloud' }));
  expect(env).toMatchObject({
    GCLOUD_PROJECT: 'demo-marketplace',
    STORAGE_DRIVER: 'local',
    MESSAGING_DRIVER: 'local',
    PUSH_DRIVER: 'local',
    FEEXPAY_BASE_URL: 'http://127.0.0.1:8787',
  });
  for (const name of SECRET_NAMES) expect(env[name]).toEqual(expect.stringMatching(/^local-/));
});

it('runs the demo seed of npm start on a clean machine without reaching a real service', () => {
  const run = `
    import { execFileSync } from 'node:child_process';
    execFileSync(process.execPath, ['functions/lib/cli/seed-demo.js'], { stdio: 'pipe', env: withEmulatorEnv(process.env) });
  `;
  // emulators:exec names the project to `npm start`'s seed; here, this worker's, which the next test reads.
  expect(() => withLoader(run, { ...cleanEnv, GCLOUD_PROJECT: PROJECT_ID })).not.toThrow();
});

it('leaves the demo forwarder verified with its identity card stored by the local driver', async () => {
  const files = await db().collection(COLLECTIONS.transitaireVerifications).get();
  expect(files.docs.map((doc) => doc.get('statut'))).toEqual(['approved']);
  // Identity cards are private files of their owner (kyc/{uid}/...), never public images.
  expect(files.docs[0].get('dossier.cardFront')).toMatch(new RegExp(`^kyc/${files.docs[0].id}/.+\\.jpg$`));
});

it('refuses, as the Functions emulator and a deploy do, a settings file with a key Cloud Functions reserves (FIREBASE_..., X_GOOGLE_...)', () => {
  // firebase-tools refused `FIREBASE_APP_CHECK_ENFORCED=false` in functions/.env.demo-marketplace: no
  // function loaded under npm start while every in-process test passed.
  const dir = mkdtempSync(join(tmpdir(), 'env-'));
  const file = join(dir, '.env.demo-test');
  writeFileSync(file, 'FIREBASE_APP_CHECK_ENFORCED=false\n');
  expect(() => withLoader(`import { readEnvFile } from './scripts/emulator-env.mjs'; readEnvFile(${JSON.stringify(file)});`)).toThrow(/reserved prefix/);
  writeFileSync(file, 'APP_CHECK_ENFORCED=false\n');
  expect(withLoader(`import { readEnvFile } from './scripts/emulator-env.mjs'; console.log(JSON.stringify(readEnvFile(${JSON.stringify(file)})));`).trim()).toBe('{"APP_CHECK_ENFORCED":"false"}');
  // And the project's own files load.
  expect(() => withLoader('emulatorEnv();')).not.toThrow();
});
