/**
 * The typed client (clients/typescript) is generated from the OpenAPI document: its checked-in
 * types are what `npm run openapi` writes now (clients/typescript/README.md: "a test fails while
 * the checked-in types do not match the document"), and what it holds by hand, the payment starts
 * that take an Idempotency-Key, is what the document says.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENT_PAYMENT_STARTS } from '../../clients/typescript/src/idempotency';
import { declaredErrorCodes } from '../../functions/src/core/error-codes';

const ROOT = join(__dirname, '..', '..');
const CLIENT = join(ROOT, 'clients', 'typescript');
const DOCUMENT = join(ROOT, 'openapi', 'openapi.json');
const GENERATED = ['openapi.ts', 'error-codes.ts'];
const stale = 'stale: run `npm run openapi` and commit clients/typescript/src/generated';

type Document = { paths: Record<string, Record<string, { description?: string; responses?: Record<string, { description?: string }> }>> };

/** The client's generator (the one `npm run openapi` runs), from `document`, into a new folder; its files by name. */
function generate(document = DOCUMENT): Record<string, string> {
  const out = mkdtempSync(join(tmpdir(), 'client-types-'));
  execFileSync(process.execPath, [join(CLIENT, 'scripts', 'generate.mjs'), '--document', document, '--out', out], { stdio: 'pipe' });
  return Object.fromEntries(GENERATED.map((name) => [name, readFileSync(join(out, name), 'utf8')]));
}

const checkedIn = (name: string) => readFileSync(join(CLIENT, 'src', 'generated', name), 'utf8');
const readDocument = (): Document => JSON.parse(readFileSync(DOCUMENT, 'utf8'));

describe('the typed client’s generated sources', () => {
  it('are what the generator writes from openapi/openapi.json now', () => {
    const fresh = generate();
    expect(Object.fromEntries(GENERATED.map((name) => [name, fresh[name] === checkedIn(name) ? 'fresh' : stale]))).toEqual({ 'openapi.ts': 'fresh', 'error-codes.ts': 'fresh' });
  }, 60_000);

  it('differ once the document changes: a new error code makes them stale', () => {
    const document = readDocument();
    const operation = document.paths['/api/achat'].post;
    operation.responses!['409'] = { ...operation.responses!['409'], description: `${operation.responses!['409']?.description ?? ''}\n\n\`ACHAT_PLANTED_CODE\`: planted.` };
    const changed = join(mkdtempSync(join(tmpdir(), 'client-document-')), 'openapi.json');
    writeFileSync(changed, JSON.stringify(document));
    const files = generate(changed);
    expect(files['error-codes.ts']).not.toBe(checkedIn('error-codes.ts'));
    expect(files['error-codes.ts']).toContain("'ACHAT_PLANTED_CODE',");
    expect(files['error-codes.ts']).toMatch(/'POST \/api\/achat': [^\n]*'ACHAT_PLANTED_CODE'/);
    expect(files['openapi.ts']).toContain('ACHAT_PLANTED_CODE');
  }, 60_000);

  it('name only codes the service has (core/error-codes.ts and the domains’ errors.ts)', () => {
    const codes = [...checkedIn('error-codes.ts').matchAll(/^ {2}'([A-Z][A-Z0-9_]*)',$/gm)].map((match) => match[1]);
    expect(codes.length).toBeGreaterThan(100);
    const declared = new Set<string>(declaredErrorCodes().map(({ code }) => code));
    expect(codes.filter((code) => !declared.has(code))).toEqual([]);
  });
});

describe('the payment starts that take an Idempotency-Key', () => {
  it('are the operations whose description in the document offers the header', () => {
    const offered = Object.entries(readDocument().paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => /`Idempotency-Key` header/.test(operation.description ?? ''))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(offered.length).toBeGreaterThan(0);
    expect([...IDEMPOTENT_PAYMENT_STARTS].map((path) => `POST ${path}`).sort()).toEqual(offered.sort());
  });
});
