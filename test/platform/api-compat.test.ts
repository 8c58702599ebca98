/**
 * docs/api-conventions.md, "Versions and breaking changes": "a breaking difference from
 * openapi/released.json fails `npm test` unless `info.version`'s major moved and CHANGELOG.md's
 * section for that version names each operation it breaks, with what apps do about it".
 * The check runs as a developer runs it (`node scripts/api-compat.mjs`), on small documents of
 * its own, and on the repository's own files.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'api-compat.mjs');
const SALES = '/api/orders/sales';
const LEDGER = '/api/wallet/me/transactions';

interface Verdict {
  ok: boolean;
  breaking: Array<{ operation: string; rules: Array<{ rule: string; message: string }> }>;
  problems: string[];
}

type Operation = { operationId?: string; parameters?: unknown[]; responses: Record<string, unknown> };
type Document = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { type: string; properties: Record<string, unknown>; required?: string[] }> } };

/**
 * A release of two operations, written here rather than cut from openapi/released.json: what the
 * check is shown must not move with the service's own document.
 */
function baseDocument(version = '1.0.0'): Document {
  const ok = (schema: unknown) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
  return {
    openapi: '3.0.0',
    info: { title: 'Vehicle marketplace service', version },
    paths: {
      [SALES]: {
        get: {
          operationId: 'listMySales',
          responses: ok({ type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: { $ref: '#/components/schemas/SellerOrder' } } }, required: ['success', 'data'] }),
        },
      },
      [LEDGER]: {
        get: {
          operationId: 'listMyTransactions',
          parameters: [{ name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }],
          responses: ok({ type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: { type: 'object', properties: { montant: { type: 'integer' } } } } } }),
        },
      },
    },
    components: {
      schemas: {
        SellerOrder: { type: 'object', properties: { id: { type: 'string' }, acheteur: { type: 'string' }, sousTotal: { type: 'integer' } }, required: ['id', 'acheteur', 'sousTotal'] },
      },
    },
  };
}

const copy = (document: Document): Document => JSON.parse(JSON.stringify(document));

function runCheck(released: Document, current: Document, changelog: string): Verdict {
  const dir = mkdtempSync(join(tmpdir(), 'api-compat-'));
  writeFileSync(join(dir, 'released.json'), JSON.stringify(released));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(current));
  writeFileSync(join(dir, 'CHANGELOG.md'), changelog);
  const run = spawnSync(process.execPath, [SCRIPT, '--released', join(dir, 'released.json'), '--current', join(dir, 'openapi.json'), '--changelog', join(dir, 'CHANGELOG.md'), '--json'], {
    encoding: 'utf8',
  });
  const verdict = JSON.parse(run.stdout) as Verdict;
  expect(run.status).toBe(verdict.ok ? 0 : 1);
  return verdict;
}

/** A seller's order loses its buyer: an app reading `acheteur` breaks. */
function withoutBuyer(document: Document): Document {
  const changed = copy(document);
  const order = changed.components.schemas.SellerOrder;
  delete order.properties.acheteur;
  order.required = order.required?.filter((name) => name !== 'acheteur');
  return changed;
}

const CHANGELOG_2 = [
  '# Changelog',
  '',
  '## [2.0.0] - 2026-12-01',
  '',
  '### Removed',
  '',
  '- `GET /api/orders/sales`: a sale no longer carries `acheteur`.',
  '  **Apps:** read the buyer from the order\'s chat room.',
  '',
  '## [1.0.0] - 2026-11-29',
  '',
].join('\n');

describe('the breaking-change check (scripts/api-compat.mjs)', () => {
  jest.setTimeout(180_000);

  test('an addition needs no new major: a new optional query parameter and a new operation pass at 1.1.0', () => {
    const released = baseDocument();
    const current = copy(released);
    current.info.version = '1.1.0';
    current.paths[LEDGER].get.parameters = [...(current.paths[LEDGER].get.parameters ?? []), { name: 'depuis', in: 'query', required: false, schema: { type: 'string' } }];
    current.paths['/api/orders/sales/count'] = { get: { ...copy(released).paths[SALES].get, operationId: 'countMySales' } };
    const verdict = runCheck(released, current, '# Changelog\n');
    expect(verdict).toMatchObject({ ok: true, breaking: [], problems: [] });
  });

  test('a removed response property fails at the same major, naming the operation and the rule', () => {
    const released = baseDocument();
    const current = withoutBuyer(released);
    current.info.version = '1.1.0';
    const verdict = runCheck(released, current, CHANGELOG_2);
    expect(verdict.ok).toBe(false);
    expect(verdict.breaking).toEqual([
      { operation: `GET ${SALES}`, rules: [{ rule: 'prevent removing response property', message: "cannot remove response property 'acheteur'." }] },
    ]);
    expect(verdict.problems).toEqual([
      expect.stringContaining('info.version goes from 1.0.0 to 1.1.0: a breaking change moves the major version'),
      'CHANGELOG.md has no section "## [1.1.0]" naming the breaking changes.',
    ]);
  });

  test('a new major without a changelog section for it fails', () => {
    const released = baseDocument();
    const current = withoutBuyer(released);
    current.info.version = '2.0.0';
    const verdict = runCheck(released, current, '# Changelog\n\n## [1.0.0] - 2026-11-29\n');
    expect(verdict.problems).toEqual(['CHANGELOG.md has no section "## [2.0.0]" naming the breaking changes.']);
  });

  test('a section that names another operation, or names it without what apps do, fails', () => {
    const released = baseDocument();
    const current = withoutBuyer(released);
    current.info.version = '2.0.0';
    const elsewhere = CHANGELOG_2.replace('`GET /api/orders/sales`', '`GET /api/orders/mine`');
    expect(runCheck(released, current, elsewhere).problems).toEqual([expect.stringContaining(`names no change of \`GET ${SALES}\``)]);
    const noAdvice = CHANGELOG_2.replace("  **Apps:** read the buyer from the order's chat room.\n", '');
    expect(runCheck(released, current, noAdvice).ok).toBe(false);
  });

  test('a new major whose section names the change and what apps do passes', () => {
    const released = baseDocument();
    const current = withoutBuyer(released);
    current.info.version = '2.0.0';
    const verdict = runCheck(released, current, CHANGELOG_2);
    expect(verdict).toMatchObject({ ok: true, problems: [] });
    expect(verdict.breaking.map((change) => change.operation)).toEqual([`GET ${SALES}`]);
  });

  test('a renamed operationId is breaking (generated clients rename their method), though Optic allows it', () => {
    const released = baseDocument();
    const current = copy(released);
    current.info.version = '1.0.1';
    current.paths[SALES].get.operationId = 'getSellerOrders';
    const verdict = runCheck(released, current, '# Changelog\n');
    expect(verdict.breaking).toEqual([{ operation: `GET ${SALES}`, rules: [{ rule: 'keep operationIds', message: "operationId 'listMySales' became 'getSellerOrders'" }] }]);
    expect(verdict.ok).toBe(false);
  });

  test('a required query parameter added to an operation is breaking', () => {
    const released = baseDocument();
    const current = copy(released);
    current.info.version = '1.1.0';
    current.paths[LEDGER].get.parameters = [...(current.paths[LEDGER].get.parameters ?? []), { name: 'depuis', in: 'query', required: true, schema: { type: 'string' } }];
    const verdict = runCheck(released, current, '# Changelog\n');
    expect(verdict.breaking.map((change) => change.operation)).toEqual([`GET ${LEDGER}`]);
    expect(verdict.ok).toBe(false);
  });

  test("the repository's document is compatible with its release, or its changelog says why not", () => {
    const run = spawnSync(process.execPath, [SCRIPT, '--json'], { encoding: 'utf8', cwd: ROOT });
    const verdict = JSON.parse(run.stdout) as Verdict;
    expect(verdict.problems).toEqual([]);
    expect(run.status).toBe(0);
  });

  test('the typed client carries the version of the last release (its major follows the contract)', () => {
    const released = JSON.parse(readFileSync(join(ROOT, 'openapi', 'released.json'), 'utf8'));
    const client = JSON.parse(readFileSync(join(ROOT, 'clients', 'typescript', 'package.json'), 'utf8'));
    expect(client.version).toBe(released.info.version);
  });
});

describe('npm run release (scripts/release.mjs)', () => {
  jest.setTimeout(180_000);

  /** A scratch copy of what the release reads and writes, beside the repository's packages. */
  function scratch(released: Document, current: Document, changelog: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'release-'));
    for (const folder of ['scripts', 'openapi', 'clients/typescript']) mkdirSync(join(dir, folder), { recursive: true });
    cpSync(join(ROOT, 'scripts', 'release.mjs'), join(dir, 'scripts', 'release.mjs'));
    cpSync(join(ROOT, 'scripts', 'api-compat.mjs'), join(dir, 'scripts', 'api-compat.mjs'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'openapi', 'released.json'), JSON.stringify(released));
    writeFileSync(join(dir, 'openapi', 'openapi.json'), JSON.stringify(current));
    writeFileSync(join(dir, 'CHANGELOG.md'), changelog);
    writeFileSync(join(dir, 'clients', 'typescript', 'package.json'), JSON.stringify({ name: '@marketplace/client', version: released.info.version }));
    writeFileSync(join(dir, 'clients', 'typescript', 'package-lock.json'), JSON.stringify({ name: '@marketplace/client', version: released.info.version, packages: { '': { version: released.info.version } } }));
    return dir;
  }

  const release = (dir: string) => spawnSync(process.execPath, [join(dir, 'scripts', 'release.mjs')], { encoding: 'utf8' });
  const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

  test('a breaking change released as 2.0.0 with its dated section becomes the baseline, and the client takes its version', () => {
    const released = baseDocument();
    const current = withoutBuyer(released);
    current.info.version = '2.0.0';
    const dir = scratch(released, current, CHANGELOG_2);
    const run = release(dir);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readJson(dir, 'openapi/released.json')).toEqual(current);
    expect(readJson(dir, 'clients/typescript/package.json').version).toBe('2.0.0');
    expect(readJson(dir, 'clients/typescript/package-lock.json').packages[''].version).toBe('2.0.0');
  });

  test('the same version again, an undated section or an undeclared breaking change is refused, and the baseline stays', () => {
    const released = baseDocument();
    const cases: Array<[Document, string, string]> = [
      [copy(released), CHANGELOG_2, 'is not above the released 1.0.0'],
      [{ ...withoutBuyer(released), info: { ...released.info, version: '2.0.0' } }, CHANGELOG_2.replace('## [2.0.0] - 2026-12-01', '## [2.0.0] - Unreleased'), 'no dated section "## [2.0.0] - YYYY-MM-DD"'],
      [{ ...withoutBuyer(released), info: { ...released.info, version: '1.1.0' } }, CHANGELOG_2.replace('[2.0.0]', '[1.1.0]'), 'the breaking-change check refuses this release'],
    ];
    for (const [current, changelog, refusal] of cases) {
      const dir = scratch(released, current, changelog);
      const run = release(dir);
      expect(run.stderr).toContain(refusal);
      expect(run.status).toBe(1);
      expect(readJson(dir, 'openapi/released.json')).toEqual(released);
      expect(readJson(dir, 'clients/typescript/package.json').version).toBe('1.0.0');
    }
  });
});
