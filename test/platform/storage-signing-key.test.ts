/**
 * docs/settings.md (the setting's doc comment in core/config.ts): "`STORAGE_LOCAL_SIGNING_KEY` ... The
 * default is a published development value, kept in the emulator (`FUNCTIONS_EMULATOR=true`) and in
 * scripts only: a function outside the emulator with `STORAGE_DRIVER=local` and no key of its own
 * (unset, or set to that value) stops at its first request naming it."
 * The development value is public (it is on that page), so a deployed function that signed its
 * links with it would hand out links anyone can forge.
 */
import { randomUUID } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import { fileStorage } from '../../functions/src/adapters/storage/storage';
import { config } from '../../functions/src/core/config';
import { api } from '../helpers/api';
import { restoreSettings, useSettings } from '../helpers/settings';

const DEVELOPMENT_KEY = 'local-development-signing-key';
const PNG = Buffer.from('\x89PNG\r\n\x1a\n-some-pixels', 'latin1');

/** Runs `body` with the signing key unset and the given platform variables set or unset. */
async function withoutKey(platform: Record<string, string | undefined>, body: () => Promise<void>): Promise<void> {
  const saved = new Map<string, string | undefined>();
  for (const name of ['STORAGE_LOCAL_SIGNING_KEY', ...Object.keys(platform)]) saved.set(name, process.env[name]);
  try {
    delete process.env.STORAGE_LOCAL_SIGNING_KEY;
    for (const [name, value] of Object.entries(platform)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    useSettings({ STORAGE_DRIVER: 'local' });
    await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    restoreSettings();
  }
}

afterEach(() => jest.restoreAllMocks());
// The suite's own key (test/setup/env.ts) stands for a deployment's; these tests take it away.

it('stops a function outside the emulator at its first request that uses the local driver, naming the setting', async () => {
  // The app is built (as an instance's first request builds it) before the environment goes bad.
  const client = await api();
  const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  await withoutKey({ K_SERVICE: 'catalog', FUNCTION_TARGET: 'catalog', FUNCTIONS_EMULATOR: undefined }, async () => {
    expect(() => config()).toThrow(/STORAGE_LOCAL_SIGNING_KEY/);
    const res = await client.get(`/api/upload/files/images/${randomUUID()}.png`);
    // A function stops as with any invalid setting: a 500, and the log names the setting.
    expect(res.status).toBe(500);
    expect(JSON.stringify(logged.mock.calls)).toContain('STORAGE_LOCAL_SIGNING_KEY');
  });
});

it('runs with the key it is given outside the emulator, and never with the development value then', async () => {
  await withoutKey({ K_SERVICE: 'catalog', FUNCTION_TARGET: 'catalog', FUNCTIONS_EMULATOR: undefined }, async () => {
    useSettings({ STORAGE_LOCAL_SIGNING_KEY: 'a-deployment-signing-key' });
    expect(config().STORAGE_LOCAL_SIGNING_KEY).toBe('a-deployment-signing-key');
    // The development value, copied into a deployment's settings, is no key either.
    useSettings({ STORAGE_LOCAL_SIGNING_KEY: DEVELOPMENT_KEY });
    expect(() => config()).toThrow(/STORAGE_LOCAL_SIGNING_KEY/);
  });
});

it('keeps the development key inside the emulator and in scripts, where links still work', async () => {
  for (const platform of [{ K_SERVICE: 'catalog', FUNCTION_TARGET: 'catalog', FUNCTIONS_EMULATOR: 'true' }, { K_SERVICE: undefined, FUNCTION_TARGET: undefined }]) {
    await withoutKey(platform, async () => {
      expect(config().STORAGE_LOCAL_SIGNING_KEY).toBe(DEVELOPMENT_KEY);
      const storage = await fileStorage();
      const stored = await storage.save(`images/${randomUUID()}.png`, PNG, 'image/png');
      const served = await (await api()).get(stored.url);
      expect(served.status).toBe(200);
      const link = new URL(await storage.signedLink(stored.path, new Date(Date.now() + 60_000)), 'http://localhost');
      expect(storage.checkLink!(stored.path, link.searchParams.get('expires')!, link.searchParams.get('signature')!)).toBe('valid');
    });
  }
});

it('does not ask the cloud driver for a key it never reads', async () => {
  await withoutKey({ K_SERVICE: 'catalog', FUNCTION_TARGET: 'catalog', FUNCTIONS_EMULATOR: undefined }, async () => {
    useSettings({ STORAGE_DRIVER: 'cloud' });
    expect(config().STORAGE_DRIVER).toBe('cloud');
  });
});
