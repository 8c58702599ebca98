/**
 * The document's examples (issue 26: "every operation of the OpenAPI document carries one request
 * and one answer example taken from a real run of the demo data (generated, not typed), so Swagger
 * UI's 'Try it out' starts from something that works"). They are recorded by `npm run examples`
 * into functions/src/openapi-examples.json; here each one is held to its route's own schemas, the
 * operations still without one are listed, and the document `npm run openapi` writes carries them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDefinition } from '../../functions/src/core/http';
import { exampleProblems, operationKey, type OperationExample, type OperationExamples, withExamples } from '../../functions/src/core/openapi-examples';
import { renderOpenApi } from '../../functions/src/cli/write-openapi';
import { installErrorCodes } from '../../functions/src/error-codes';
import { allRouters } from '../../functions/src/groups';
import { api } from '../helpers/api';

const EXAMPLES_FILE = join(__dirname, '..', '..', 'functions', 'src', 'openapi-examples.json');
const examples = JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as OperationExamples;

/**
 * The operations the recorder cannot show yet, each with why (none today). An operation that gains
 * an example must leave this list, and one outside it must have an example.
 */
const WITHOUT_EXAMPLE: Record<string, string> = {};

/** Operations shown refusing (core/openapi-examples.ts: `refused`), each a documented code of its route. */
const SHOWN_REFUSING = [
  'POST /api/admin/events/runs/{id}/replay',
  'POST /api/agents/{id}/withdrawals',
  'POST /api/deliveries/{id}/admin/relaunch',
  'POST /api/messaging/webhook',
  'POST /api/payments/webhook',
];

let routes: Map<string, RouteDefinition>;

beforeAll(async () => {
  installErrorCodes();
  routes = new Map((await allRouters()).flatMap((router) => router.routes).map((route) => [operationKey(route), route]));
});

it('has an example of every operation but the listed ones, and none of those', () => {
  const operations = [...routes.keys()].sort();
  // Every operation the published document names, computed from it (a route added to its domain's
  // router is counted there once `npm run openapi` ran, which a test holds fresh): no count to bump.
  const published = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(published.paths).flatMap(([path, item]) => Object.keys(item).filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method)).map((method) => `${method.toUpperCase()} ${path}`));
  expect(operations).toEqual(documented.sort());
  const without = operations.filter((key) => !examples[key]);
  expect(without).toEqual(Object.keys(WITHOUT_EXAMPLE).sort());
  // No example of an operation the service does not serve (a renamed route's leftover).
  expect(Object.keys(examples).filter((key) => !routes.has(key))).toEqual([]);
});

it('holds every example to its route’s own schemas: params, query and body, and the answer', () => {
  const problems = Object.entries(examples).flatMap(([key, example]) => exampleProblems(routes.get(key)!, example).map((problem) => `${key}: ${problem}`));
  expect(problems).toEqual([]);
});

it('shows a success of every operation but the few that can only be shown refusing', () => {
  const refusing = Object.keys(examples).filter((key) => examples[key].refused).sort();
  expect(refusing).toEqual(SHOWN_REFUSING);
  for (const key of Object.keys(examples).filter((name) => !examples[name].refused)) {
    expect({ key, status: examples[key].answer.status >= 200 && examples[key].answer.status < 300 }).toEqual({ key, status: true });
  }
});

it('finds a planted example that breaks its route’s schemas', () => {
  const order = routes.get('POST /api/orders')!;
  const good = examples['POST /api/orders'];
  expect(exampleProblems(order, good)).toEqual([]);
  const badBody: OperationExample = { ...good, request: { ...good.request, body: { items: [], livraison: 'oui' } } };
  expect(exampleProblems(order, badBody).join(' ')).toMatch(/^body: /);
  const badAnswer: OperationExample = { ...good, answer: { ...good.answer, body: { success: true, data: { id: 42 } } } };
  expect(exampleProblems(order, badAnswer).join(' ')).toMatch(/^answer: /);
  const badStatus: OperationExample = { ...good, answer: { ...good.answer, status: 409 } };
  expect(exampleProblems(order, badStatus).join(' ')).toContain('not a success');
  const one = routes.get('GET /api/orders/{id}')!;
  const unknownQuery: OperationExample = { ...examples['GET /api/orders/{id}'], request: { ...examples['GET /api/orders/{id}'].request, query: { expand: 'all' } } };
  expect(exampleProblems(one, unknownQuery)).toEqual(['query: the route takes none']);
  const refusal: OperationExample = { ...good, answer: { status: 404, body: { success: false, code: 'DELIVERY_NOT_FOUND', message: 'x' } }, refused: true };
  expect(exampleProblems(order, refusal).join(' ')).toContain('not a documented code');
});

it('puts them on the document npm run openapi writes: parameters, request body and the recorded answer', async () => {
  const document = JSON.parse(await renderOpenApi());
  type Operation = {
    parameters?: Array<{ in: string; name: string; example?: unknown; schema?: { type?: string } }>;
    requestBody?: { content: Record<string, { example?: unknown }> };
    responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  };
  let checked = 0;
  for (const [path, item] of Object.entries<Record<string, Operation>>(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const example = examples[`${method.toUpperCase()} ${path}`];
      if (!example) continue;
      checked += 1;
      for (const parameter of operation.parameters ?? []) {
        const given = parameter.in === 'path' ? example.request.params : parameter.in === 'query' ? example.request.query : undefined;
        // The wire's text, shown as the value its schema documents (`?page=1`: the integer 1).
        const recorded = given?.[parameter.name];
        const type = parameter.schema?.type;
        const shown = recorded === undefined ? undefined : type === 'integer' || type === 'number' ? Number(recorded) : type === 'boolean' ? recorded === 'true' : recorded;
        expect({ path, parameter: parameter.name, example: parameter.example }).toEqual({ path, parameter: parameter.name, example: shown });
        // A path parameter is always shown (Swagger UI's "Try it out" needs it).
        if (parameter.in === 'path') expect({ path, parameter: parameter.name, shown: parameter.example !== undefined }).toEqual({ path, parameter: parameter.name, shown: true });
      }
      const body = operation.requestBody?.content['application/json'];
      if (body) expect({ path, method, example: body.example }).toEqual({ path, method, example: example.request.body });
      const answer = operation.responses[String(example.answer.status)]?.content?.['application/json'];
      if (example.answer.body !== undefined) expect({ path, method, example: answer?.example }).toEqual({ path, method, example: example.answer.body });
    }
  }
  expect(checked).toBe(Object.keys(examples).length);
});

it('is what Swagger UI loads: /api-docs.json serves the examples', async () => {
  const served = (await (await api()).get('/api-docs.json')).body;
  const example = examples['GET /api/orders/{id}'];
  const operation = served.paths['/api/orders/{id}'].get;
  expect(operation.parameters.find((parameter: { name: string }) => parameter.name === 'id').example).toBe(example.request.params!.id);
  expect(operation.responses['200'].content['application/json'].example).toEqual(example.answer.body);
});

it('leaves the document as it was for an operation without an example', () => {
  const document = { paths: { '/x': { get: { parameters: [{ in: 'query', name: 'q' }], responses: { 200: { content: { 'application/json': {} } } } } } } };
  expect(withExamples(document, {})).toEqual(document);
  const shown = withExamples(document, { 'GET /x': { caller: 'anonymous', request: { query: { q: 'a' } }, answer: { status: 200, body: { success: true } } } });
  expect(shown.paths['/x'].get.parameters[0]).toEqual({ in: 'query', name: 'q', example: 'a' });
  expect(shown.paths['/x'].get.responses[200].content['application/json']).toEqual({ example: { success: true } });
});
