/** npm run admin:create: creates, then promotes, a superAdmin who can sign in and act as one. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { newBeninNumber, signIn, syntheticEmailOf, userDocument } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { auth } from '../../functions/src/core/firebase';

beforeAll(resetEmulators);

const script = join(__dirname, '..', '..', 'functions', 'lib', 'cli', 'create-admin.js');
// The test's environment, which names this worker's emulator project (test/setup/env.ts): a child
// process otherwise inherits jest's own, with the main project, and writes where the test does not read.
const run = (...args: string[]) => execFileSync(process.execPath, [script, ...args], { env: process.env, encoding: 'utf8', stdio: 'pipe' });

it('creates a superAdmin account and profile, then promotes the same account again', async () => {
  const national = newBeninNumber();
  const first = run('--telephone', `+229${national}`, '--password', 'Strong-pass-9', '--nom', 'Kora', '--prenoms', 'Ada');
  expect(first).toContain(`Created superAdmin +229${national}`);
  const email = syntheticEmailOf(national, 'pro');
  const { uid } = await auth().getUserByEmail(email);
  expect(await userDocument(uid)).toMatchObject({ role: 'superAdmin', app: 'pro', nom: 'Kora', telephone: `+229${national}` });

  const token = await signIn(email, 'Strong-pass-9');
  const list = await (await api()).get('/api/users').set(bearer(token));
  expect(list.status).toBe(200);

  const again = run('--telephone', `+229${national}`, '--password', 'Other-pass-10');
  expect(again).toContain('Promoted superAdmin');
  expect((await auth().getUserByEmail(email)).uid).toBe(uid);
  await expect(signIn(email, 'Other-pass-10')).resolves.toEqual(expect.any(String));
});

it('refuses a missing telephone or a short password without writing anything', () => {
  expect(() => run('--password', 'Strong-pass-9')).toThrow(/usage: admin:create/);
  expect(() => run('--telephone', '+2290197000000', '--password', 'short')).toThrow(/at least 8 characters/);
});
