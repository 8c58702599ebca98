/**
 * Error codes declared by their domains (docs/api-conventions.md: "Each domain declares its own codes
 * in `functions/src/domains/<d>/errors.ts`"): one typed catalogue merged from core's table and the
 * domains' (a code nobody declared, or declared twice, does not compile), installed at run time by the
 * composition roots from the modules, so that every deployed function answers a domain's code with its
 * status and its message in each language, whichever of its routers are loaded; and core names no
 * domain's code.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import request from 'supertest';
import * as ts from 'typescript';
import { CORE_ERRORS, declareErrors, declaredErrorCodes, type ErrorCode, errorDeclaration } from '../../functions/src/core/error-codes';
import { installErrorCodes } from '../../functions/src/error-codes';
import { FUNCTION_NAMES, type FunctionName } from '../../functions/src/groups';
import { MODULES } from '../../functions/src/modules';
import { createUser, type TestUser } from '../helpers/accounts';

const root = join(__dirname, '..', '..');
const functionsDir = join(root, 'functions');
const SRC = join(functionsDir, 'src');
const MAIN = join(functionsDir, JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')).main);
const conventions = readFileSync(join(root, 'docs', 'api-conventions.md'), 'utf8');

/** An id no document can have (core/document-id.ts): the route answers its own not-found code, before any read. */
const NO_ID = '__none__';

interface Probe {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  code: ErrorCode;
  /** The role of the caller, for a route that needs a profile. */
  as?: 'admin' | 'acheteur' | 'transitaire' | 'agentCommercial';
}

/** For each function, a route of one of its domains that answers that domain's code. */
const PROBES: Record<FunctionName, Probe> = {
  core: { method: 'GET', path: `/api/users/${NO_ID}`, code: 'USER_NOT_FOUND', as: 'admin' },
  catalog: { method: 'GET', path: `/api/public/articles/${NO_ID}`, code: 'ARTICLE_NOT_FOUND' },
  commerce: { method: 'GET', path: `/api/orders/${NO_ID}`, code: 'ORDER_NOT_FOUND', as: 'acheteur' },
  logistics: { method: 'GET', path: `/api/delivery-zones/${NO_ID}`, code: 'DELIVERY_ZONE_NOT_FOUND' },
  payments: { method: 'GET', path: `/api/payments/${NO_ID}`, code: 'PAYMENT_NOT_FOUND', as: 'acheteur' },
  transit: { method: 'PATCH', path: `/api/transit-missions/${NO_ID}/marquer-traite`, code: 'MISSION_NOT_FOUND', as: 'transitaire' },
  agents: { method: 'GET', path: `/api/referrals/${NO_ID}`, code: 'REFERRAL_NOT_FOUND', as: 'agentCommercial' },
  admin: { method: 'POST', path: `/api/admin/events/runs/${NO_ID}/replay`, code: 'EVENT_RUN_NOT_FOUND', as: 'admin' },
};

/**
 * Sends `requests` one after the other to the deployed function `name` (the build's `main`, in a
 * fresh process with the environment Cloud Functions gives that function) and answers each reply.
 */
function askDeployedFunction(name: FunctionName, requests: Array<{ method: string; path: string; headers: Record<string, string> }>) {
  const script = `
    const exported = require(${JSON.stringify(MAIN)});
    const http = require('node:http');
    const requests = ${JSON.stringify(requests)};
    const server = http.createServer(exported[${JSON.stringify(name)}]).listen(0, '127.0.0.1', async () => {
      const replies = [];
      for (const { method, path, headers } of requests) {
        replies.push(await new Promise((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port: server.address().port, method, path, headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
            let body = '';
            res.on('data', (chunk) => { body += chunk; });
            res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
          });
          req.on('error', reject);
          req.end(method === 'GET' ? undefined : '{}');
        }));
      }
      server.close();
      console.log(JSON.stringify(replies));
    });`;
  const output = execFileSync(process.execPath, ['-e', script], { cwd: functionsDir, env: { ...process.env, FUNCTION_TARGET: name, K_SERVICE: name }, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop()!) as Array<{ status: number; body: { success: boolean; code: string; message: string } }>;
}

// docs/api-conventions.md: "Each domain declares its own codes in `functions/src/domains/<d>/errors.ts`"
it('the API conventions say where the codes are declared', () => {
  expect(conventions).toContain('Each domain declares its own codes in `functions/src/domains/<d>/errors.ts`');
});

describe('every deployed function answers its domains’ codes with their status and messages', () => {
  const callers: Partial<Record<NonNullable<Probe['as']>, TestUser>> = {};
  beforeAll(async () => {
    for (const role of ['admin', 'acheteur', 'transitaire', 'agentCommercial'] as const) callers[role] = await createUser(role, {}, role === 'agentCommercial' ? 'Market' : undefined);
  });

  it.each(FUNCTION_NAMES)('%s', (name) => {
    const probe = PROBES[name];
    const declared = errorDeclaration(probe.code)!;
    // The probe's code is a domain's, not core's: the function answers it from the table its manifest carries.
    expect(declared.owner).not.toBe('core');
    const auth: Record<string, string> = probe.as ? { authorization: `Bearer ${callers[probe.as]!.token}` } : {};
    const replies = askDeployedFunction(name, [
      { method: probe.method, path: probe.path, headers: { ...auth, 'accept-language': 'en' } },
      { method: probe.method, path: probe.path, headers: { ...auth, 'accept-language': 'fr' } },
    ]);
    expect(replies).toEqual([
      { status: declared.status, body: { success: false, code: probe.code, message: declared.en } },
      { status: declared.status, body: { success: false, code: probe.code, message: declared.fr } },
    ]);
  });
});

describe('the catalogue', () => {
  it('holds core’s codes and each module’s, each declared by one table, the module’s errors.ts', async () => {
    const owners = new Map<string, string>(declaredErrorCodes().map(({ code, owner }) => [code, owner]));
    expect(Object.keys(CORE_ERRORS).filter((code) => owners.get(code) !== 'core')).toEqual([]);
    for (const module of MODULES) {
      const file = join(SRC, 'domains', module.name, 'errors.ts');
      const declared = readdirSync(dirname(file)).includes('errors.ts') ? ((await import(file)) as { errors: Record<string, unknown> }).errors : undefined;
      expect({ module: module.name, errors: module.errors }).toEqual({ module: module.name, errors: declared });
      expect(Object.keys(module.errors ?? {}).filter((code) => owners.get(code) !== module.name)).toEqual([]);
    }
    expect(owners.size).toBe(Object.keys(CORE_ERRORS).length + MODULES.reduce((sum, module) => sum + Object.keys(module.errors ?? {}).length, 0));
  });

  it('refuses at run time a code a second table declares; installing the same tables again changes nothing', () => {
    const before = declaredErrorCodes();
    installErrorCodes();
    expect(declaredErrorCodes()).toEqual(before);
    expect(() => declareErrors('planted', { ORDER_NOT_FOUND: { status: 404, fr: 'x', en: 'x' } })).toThrow('The error code ORDER_NOT_FOUND is declared by commerce and by planted');
    expect(() => declareErrors('planted', { INTERNAL: { status: 500, fr: 'x', en: 'x' } })).toThrow('declared by core and by planted');
    expect(errorDeclaration('ORDER_NOT_FOUND')?.owner).toBe('commerce');
  });

  it('core names no domain’s code: core knows no domain', () => {
    const domainCodes = declaredErrorCodes().filter(({ owner }) => owner !== 'core').map(({ code }) => code);
    const coreFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? coreFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
    const named = coreFiles(join(SRC, 'core')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return domainCodes.filter((code) => text.includes(`'${code}'`)).map((code) => `${file.slice(SRC.length + 1)}: ${code}`);
    });
    expect(named).toEqual([]);
  });
});

describe('the types: adding a code touches only its domain, and a code is declared once', () => {
  /** The type errors of a program made of the real sources and `planted` files (in memory, under functions/src). */
  function typeErrors(planted: Record<string, string>): string[] {
    const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, skipLibCheck: true, noEmit: true, types: [] };
    const files = new Map(Object.entries(planted).map(([path, text]) => [join(SRC, path), text]));
    const host = ts.createCompilerHost(options);
    const { fileExists, readFile } = host;
    host.fileExists = (file) => files.has(file) || fileExists(file);
    host.readFile = (file) => files.get(file) ?? readFile(file);
    const program = ts.createProgram([join(SRC, 'core', 'error-codes.ts'), join(SRC, 'domains', 'commerce', 'errors.ts'), ...files.keys()], options, host);
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
  }

  /** A domain's errors.ts, as every domain writes it. */
  const errorsFile = (owner: string, table: string) => `
    import type { CodesOf, ErrorTable } from '../../core/error-codes';
    export const errors = { ${table} } as const satisfies ErrorTable;
    declare module '../../core/error-codes' {
      interface ErrorCatalog extends CodesOf<'${owner}', typeof errors> {}
    }`;
  const thrower = (code: string) => `import type { ErrorCode } from '../../core/error-codes';\nexport const thrown: ErrorCode = '${code}';\n`;

  it('a code its domain declares compiles wherever it is thrown', () => {
    expect(
      typeErrors({
        'domains/planted/errors.ts': errorsFile('planted', "PLANTED_REFUSED: { status: 409, fr: 'Refusé.', en: 'Refused.' }"),
        'domains/planted/service.ts': thrower('PLANTED_REFUSED'),
      }),
    ).toEqual([]);
  });

  it('a code nobody declares does not compile', () => {
    expect(typeErrors({ 'domains/planted/service.ts': thrower('PLANTED_REFUSED') })).toEqual([expect.stringMatching(/^TS2322: Type '"PLANTED_REFUSED"' is not assignable to type /)]);
  });

  it('a code without a message in each language does not compile', () => {
    const errors = typeErrors({ 'domains/planted/errors.ts': errorsFile('planted', "PLANTED_REFUSED: { status: 409, fr: 'Refusé.' }") });
    expect(errors).toContainEqual(expect.stringMatching(/^TS2322: .* is not assignable to type 'ErrorDeclaration'. +Property 'en' is missing/));
  });

  it.each(['ORDER_NOT_FOUND', 'INTERNAL'])('a code another table declares does not compile: %s', (code) => {
    const twice = typeErrors({ 'domains/planted/errors.ts': errorsFile('planted', `${code}: { status: 404, fr: 'x', en: 'x' }`) });
    expect(twice).toEqual([expect.stringMatching(new RegExp(`^TS2320: Interface 'ErrorCatalog' cannot simultaneously extend types .*Named property '${code}' of types .* are not identical`))]);
  });
});

describe('a code whose table was not installed (a wiring mistake)', () => {
  it('is answered INTERNAL with its message, not a status or message of nothing', async () => {
    await jest.isolateModulesAsync(async () => {
      // A fresh catalogue: core's codes only, as in a process whose composition root installed nothing.
      const { default: express } = await import('express');
      const { ApiError, errorHandler } = await import('../../functions/src/core/errors');
      const { requestContext } = await import('../../functions/src/core/request-context');
      const app = express();
      app.use(requestContext);
      app.get('/thrown', () => {
        throw new ApiError('ORDER_NOT_FOUND');
      });
      app.use(errorHandler);
      const res = await request(app).get('/thrown').set('Accept-Language', 'en');
      expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: { success: false, code: 'INTERNAL', message: CORE_ERRORS.INTERNAL.en } });
    });
  });
});
