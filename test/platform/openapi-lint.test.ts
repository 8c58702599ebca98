/**
 * The published document as the tools an API's users run see it: Redocly CLI with its recommended
 * rules (redocly.yaml) and Spectral with its OpenAPI rules (.spectral.yaml), each on
 * openapi/openapi.json as checked in (openapi.test.ts holds that file to the routes). Any error or
 * warning fails, listed with where it is; an ignore in a configuration says why the rule does not
 * fit there. Also what those rules cannot see: operation ids that read as method names, declared
 * tags, and the headers each route reads declared as its parameters. No emulator is needed.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ApiRouter } from '../../functions/src/core/http';
import { buildOpenApiDocument } from '../../functions/src/core/openapi';

const root = join(__dirname, '..', '..');
const DOCUMENT = 'openapi/openapi.json';

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // Both exit with 1 when they report a problem: the report is read either way.
    execFile(join(root, 'node_modules', '.bin', command), args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (stdout.trim().startsWith('{') || stdout.trim().startsWith('[')) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')}: ${error?.message ?? ''}\n${stderr}`));
    });
  });
}

type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  parameters?: Array<{ $ref?: string; in?: string; name?: string }>;
};
type Parameter = { in: string; name: string; required: boolean; schema: { type: string } };
type Document = {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { parameters?: Record<string, Parameter> };
};

const document = (): Document => JSON.parse(readFileSync(join(root, DOCUMENT), 'utf8'));
const operations = () => Object.entries(document().paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })));

it('passes Redocly’s recommended rules with no error and no warning', async () => {
  const report = JSON.parse(await run('redocly', ['lint', DOCUMENT, '--format', 'json', '--max-problems', '10000']));
  const problems = (report.problems as Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }>; ignored?: boolean }>)
    .filter((problem) => !problem.ignored)
    .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
  expect(problems).toEqual([]);
  expect([report.totals.errors, report.totals.warnings]).toEqual([0, 0]);
}, 120_000);

it('passes Spectral’s OpenAPI rules with no error and no warning', async () => {
  const results = JSON.parse(await run('spectral', ['lint', DOCUMENT, '--format', 'json', '--quiet'])) as Array<{ code: string; severity: number; message: string; path: string[] }>;
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  const problems = results.filter((result) => result.severity <= 1).map((result) => `${result.severity === 0 ? 'error' : 'warn'} ${result.code} at ${result.path.join('/')}: ${result.message}`);
  expect(problems).toEqual([]);
}, 180_000);

it('names every operation once, with a lowerCamelCase verb and noun', () => {
  const all = operations();
  const badly = all.filter(({ operation }) => !/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(operation.operationId ?? '')).map(({ route, operation }) => `${route}: ${operation.operationId}`);
  expect(badly).toEqual([]);
  const ids = all.map(({ operation }) => operation.operationId);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  expect(Object.fromEntries(all.filter(({ route }) => ['GET /api/orders/mine', 'GET /api/articles/{id}', 'POST /api/deliveries/{id}/pickups/{vendeur}/confirm'].includes(route)).map(({ route, operation }) => [route, operation.operationId]))).toEqual({
    'GET /api/orders/mine': 'listMyOrders',
    'GET /api/articles/{id}': 'getListing',
    'POST /api/deliveries/{id}/pickups/{vendeur}/confirm': 'confirmDeliveryPickup',
  });
});

const route = (operationId: string, path: string) => ({
  method: 'get' as const,
  path,
  operationId,
  tags: ['Health'],
  summary: 'A route',
  access: 'public' as const,
  success: { description: 'Nothing', data: z.object({}) },
  handle: async () => ({}),
});

it('refuses a route whose operation id is not a method name or is another route’s, and a tag nobody declared', () => {
  expect(() => new ApiRouter().json(route('get_health', '/a'))).toThrow('GET /a: operationId "get_health" is not a lowerCamelCase verb and noun');
  expect(() => new ApiRouter().json(route('health', '/a'))).toThrow('is not a lowerCamelCase verb and noun');
  expect(() => new ApiRouter().json(route('getThing', '/a')).json(route('getThing', '/b'))).toThrow("GET /b: operationId getThing is already GET /a's");
  const info = { title: 'A service', version: '1' };
  const health = [{ name: 'Health', description: 'Whether it runs.' }];
  const routers = [new ApiRouter().json(route('getThing', '/a')), new ApiRouter().json(route('getThing', '/b'))];
  expect(() => buildOpenApiDocument(info, routers, [], health)).toThrow("GET /b: operationId getThing is already GET /a's");
  expect(() => buildOpenApiDocument(info, [new ApiRouter().json(route('getThing', '/a'))], [], [{ name: 'Other', description: 'Something else.' }])).toThrow('GET /a: tags Health are not declared');
});

it('declares every tag an operation uses, with a description', () => {
  const declared = new Map((document().tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
  const undeclared = operations().flatMap(({ route, operation }) => (operation.tags ?? []).filter((tag) => !declared.get(tag)).map((tag) => `${route}: ${tag}`));
  expect(undeclared).toEqual([]);
});

it('declares the headers a route reads as its parameters, required where the route refuses a request without', () => {
  const { paths, components } = document();
  const headersOf = (method: string, path: string) =>
    Object.fromEntries(
      (paths[path][method].parameters ?? [])
        .map((parameter) => (parameter.$ref ? components.parameters![parameter.$ref.replace('#/components/parameters/', '')] : (parameter as Parameter)))
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => [parameter.name, parameter.required]),
    );
  // Every route: the language of messages and the log's request id, neither required.
  expect(headersOf('get', '/')).toEqual({ 'Accept-Language': false, 'X-Request-Id': false });
  expect(headersOf('get', '/api/public/articles')).toEqual({ 'Accept-Language': false, 'X-Request-Id': false });
  // A signed-in route: the dashboard says so and shows its session (required of the dashboard only).
  expect(headersOf('get', '/api/orders/mine')).toEqual({ 'Accept-Language': false, 'X-Request-Id': false, 'X-Client-Platform': false, 'X-Web-Session-Id': false });
  // The route that opens a session asks none; the one that ends it needs the one it ends.
  expect(headersOf('post', '/api/auth/web-session')).toEqual({ 'Accept-Language': false, 'X-Request-Id': false, 'X-Client-Platform': false });
  expect(headersOf('delete', '/api/auth/web-session')).toEqual({ 'Accept-Language': false, 'X-Request-Id': false, 'X-Client-Platform': false, 'X-Web-Session-Id': true });
  // Headers only a handler or a `before` check reads.
  expect(headersOf('post', '/api/payments/requesttopay/{network}')).toEqual(expect.objectContaining({ 'Idempotency-Key': false, 'X-Web-Session-Id': false }));
  expect(headersOf('post', '/api/auth/register')).toEqual(expect.objectContaining({ 'X-Captcha-Token': false, 'X-Client-Platform': false }));
  expect(headersOf('post', '/api/messaging/webhook')).toEqual({ 'Accept-Language': false, 'X-Request-Id': false, 'X-Hub-Signature-256': true });
  expect(components.parameters!.AcceptLanguage.schema).toEqual(expect.objectContaining({ type: 'string', default: 'fr' }));
});
