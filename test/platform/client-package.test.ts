/**
 * The client as an app installs it (clients/typescript/README.md, "Install"): `npm pack` builds the
 * tarball; a scratch ES module app and a scratch CommonJS app, each in its own folder outside the
 * repository, install it from the file (its dependencies from the registry, no Firebase: the REST
 * entry must load without it), type-check with tsc against the package's own declarations, and run
 * against the service started in this process: one reads a listing a seller published, the other
 * gets an unknown listing's refusal as an ApiError.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createFullApp } from '../../functions/src/app';
import { createUser } from '../helpers/accounts';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const CLIENT = join(ROOT, 'clients', 'typescript');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The environment without the outer npm's own settings (`npm test` sets npm_* for its scripts), so the scratch installs are an app's. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));

let server: Server;
let baseUrl: string;
let tarball: string;
let listing: { id: string };

beforeAll(async () => {
  await resetEmulators();
  const seller = await createUser('vendeur');
  listing = await publish(seller, { titre: 'Peugeot 308 de 2015' });
  server = (await createFullApp()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const packs = mkdtempSync(join(tmpdir(), 'client-pack-'));
  // prepack builds dist/ (both builds) from the sources as they are now.
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packs], { cwd: CLIENT, env: cleanEnv, maxBuffer: 16 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(packs, packed!.filename);
  packedFiles = packed!.files.map((file) => file.path);
}, 240_000);

let packedFiles: string[] = [];

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A scratch app of `type` holding `source` as app.ts: installed, type-checked, run; what it printed. */
async function scratchApp(type: 'module' | 'commonjs', source: string): Promise<{ dir: string; printed: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), `client-app-${type}-`));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `scratch-${type}`, version: '1.0.0', private: true, type }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2022', 'DOM'], types: [], strict: true, skipLibCheck: true, rootDir: 'src', outDir: 'out' },
      include: ['src'],
    }),
  );
  writeFileSync(join(dir, 'src', 'app.ts'), source);
  await run('npm', ['install', tarball, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: cleanEnv });
  await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir }).catch((error: { stdout?: string }) => {
    throw new Error(`tsc refused the ${type} app:\n${error.stdout}`);
  });
  const { stdout } = await run(process.execPath, [join(dir, 'out', 'app.js')], { cwd: dir, env: cleanEnv });
  return { dir, printed: JSON.parse(stdout) };
}

it('packs the two builds, their declarations, the README and the LICENSE, and nothing else', () => {
  expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/esm/package.json', 'dist/cjs/package.json']));
  for (const entry of ['index', 'realtime/index']) {
    for (const build of ['esm', 'cjs']) expect(packedFiles).toEqual(expect.arrayContaining([`dist/${build}/${entry}.js`, `dist/${build}/${entry}.d.ts`]));
  }
  expect(packedFiles.filter((path) => !/^(dist\/|package\.json$|README\.md$|LICENSE$)/.test(path))).toEqual([]);
});

it('serves an ES module app: installed without Firebase, type-checked, it reads a published listing', async () => {
  const { dir, printed } = await scratchApp(
    'module',
    `import { createMarketplaceClient } from '@marketplace/client';

const api = createMarketplaceClient({ baseUrl: ${JSON.stringify(baseUrl)}, getIdToken: () => undefined, language: 'en' });
const found = await api.GET('/api/public/articles/{id}', { params: { path: { id: ${JSON.stringify(listing.id)} } } });
// The paths are the document's: the compiler refuses one it does not declare.
// @ts-expect-error no such route
const unknownRoute = () => api.GET('/api/no-such-route');
void unknownRoute;
const titre: string = found.data.titre;
console.log(JSON.stringify({ id: found.data.id, titre }));
`,
  );
  expect(printed).toEqual({ id: listing.id, titre: 'Peugeot 308 de 2015' });
  // The app stayed an ES module: it imports the package, which answered its ES module build.
  expect(readFileSync(join(dir, 'out', 'app.js'), 'utf8')).toContain("from '@marketplace/client'");
  // An optional peer: npm installed no Firebase, and the REST entry loaded without it.
  expect(existsSync(join(dir, 'node_modules', 'firebase'))).toBe(false);
  expect(existsSync(join(dir, 'node_modules', 'openapi-fetch'))).toBe(true);
}, 240_000);

it('serves a CommonJS app: installed without Firebase, type-checked, it gets a refusal as a typed ApiError', async () => {
  const { dir, printed } = await scratchApp(
    'commonjs',
    `import { ApiError, createMarketplaceClient, isApiError, type ErrorCodeOf } from '@marketplace/client';

async function main() {
  const api = createMarketplaceClient({ baseUrl: ${JSON.stringify(baseUrl)}, getIdToken: () => undefined, language: 'en' });
  try {
    await api.GET('/api/public/articles/{id}', { params: { path: { id: 'no-such-listing' } } });
    return { thrown: false };
  } catch (error) {
    if (!isApiError(error, 'ARTICLE_NOT_FOUND')) throw error;
    const code: ErrorCodeOf<'GET /api/public/articles/{id}'> = error.code;
    return { thrown: error instanceof ApiError, code, status: error.status, message: error.message };
  }
}

main().then((result) => console.log(JSON.stringify(result)));
`,
  );
  expect(printed).toEqual({ thrown: true, code: 'ARTICLE_NOT_FOUND', status: 404, message: 'Listing not found.' });
  expect(existsSync(join(dir, 'node_modules', 'firebase'))).toBe(false);
  // The app compiled to CommonJS: it requires the package, which answered its CommonJS build.
  expect(readFileSync(join(dir, 'out', 'app.js'), 'utf8')).toContain('require("@marketplace/client")');
}, 240_000);
