/**
 * The published description: fresh on disk, valid, and in step with the routes actually served.
 */
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { z } from 'zod';
import { createFullApp } from '../../functions/src/app';
import { OPENAPI_FILE, renderOpenApi } from '../../functions/src/cli/write-openapi';
import { toOpenApiPath } from '../../functions/src/core/openapi';
import { allRouters } from '../../functions/src/groups';
import { api } from '../helpers/api';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every "METHOD /path" the Express app really serves, found by walking its router stack. */
function servedOperations(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${toOpenApiPath(layer.route!.path)}`);
    }
    return layer.handle?.stack ? servedOperations(layer.handle.stack) : [];
  });
}

function documentedOperations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

const SPEC_SCHEMAS = [
  'ApiError',
  'ApiSuccess',
  'RegisterRequest',
  'WebSessionStart',
  'PasswordResetRequest',
  'VerifyResetCode',
  'ResetPassword',
  'UserSettings',
  'ArticleInput',
  'OrderInput',
  'DeliveryInput',
  'ChatMessage',
  'GeoPoint',
  'PaginationQuery',
];

it('is up to date on disk (run `npm run openapi` after changing a route)', async () => {
  expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await renderOpenApi());
});

it('is a valid OpenAPI 3.0.0 document with the bearer scheme and the spec’s named schemas', async () => {
  const document = JSON.parse(await renderOpenApi());
  expect(document.openapi).toBe('3.0.0');
  await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  expect(document.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }));
  expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(SPEC_SCHEMAS));
});

it('documents exactly the routes the service serves', async () => {
  const app = await createFullApp();
  const served = servedOperations((app as unknown as { router: { stack: Layer[] } }).router.stack).sort();
  const documented = documentedOperations(JSON.parse(await renderOpenApi())).sort();
  expect(served.length).toBeGreaterThan(15);
  expect(documented).toEqual(served);
});

// OpenAPI 3.0.0, "Path Templating": "Each template expression in the path MUST correspond to a path
// parameter that is included in the Path Item itself and/or in each of the Path Item's Operations."
// Swagger UI's Try it out sends an undeclared `{name}` as it is written.
it('declares every parameter its paths name, on each operation', async () => {
  const document = JSON.parse(await renderOpenApi());
  const undeclared: string[] = [];
  for (const [path, item] of Object.entries<Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>>(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' && parameter.required).map((parameter) => parameter.name);
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) if (!declared.includes(name)) undeclared.push(`${method.toUpperCase()} ${path}: {${name}}`);
    }
  }
  expect(undeclared).toEqual([]);
});

it('lists the error responses of every operation', async () => {
  const document = JSON.parse(await renderOpenApi());
  for (const [path, item] of Object.entries<Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>(document.paths)) {
    if (path.startsWith('/api-docs')) continue;
    for (const [method, operation] of Object.entries(item)) {
      const statuses = Object.keys(operation.responses);
      expect({ operation: `${method} ${path}`, has500: statuses.includes('500') }).toEqual({ operation: `${method} ${path}`, has500: true });
      // A bearer token can be refused (401) or its user blocked (403); an App Check token refused (401 APP_CHECK_FAILED).
      const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement as object)));
      if (schemes.has('bearer')) expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
      if (schemes.has('appCheck')) expect(statuses).toContain('401');
    }
  }
});

it('is served at /api-docs.json, with Swagger UI at /api-docs', async () => {
  const client = await api();
  const json = await client.get('/api-docs.json');
  expect(json.status).toBe(200);
  expect(json.body).toEqual(JSON.parse(await renderOpenApi()));
  const redirect = await client.get('/api-docs');
  expect(redirect.status).toBe(301);
  expect(redirect.headers.location).toBe('/api-docs/');
  const page = await client.get('/api-docs/');
  expect(page.status).toBe(200);
  expect(page.text).toContain('swagger-ui');
  // Swagger UI shows an image answer (the demo Corolla's photo) by a blob: URL; the API's own answers keep helmet's policy.
  expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
  expect(json.headers['content-security-policy']).toContain("img-src 'self' data:;");
  const init = await client.get('/api-docs/swagger-ui-init.js');
  expect(init.status).toBe(200);
  expect(init.text).toContain('/api-docs.json');
});

it('documents the rate limit on every authentication route', async () => {
  const document = JSON.parse(await renderOpenApi());
  const authPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/auth') || path.startsWith('/api/push-otp'));
  expect(authPaths.length).toBeGreaterThanOrEqual(5);
  for (const path of authPaths) {
    for (const [method, operation] of Object.entries<{ responses: Record<string, { description: string }> }>(document.paths[path])) {
      expect({ route: `${method} ${path}`, limited: operation.responses['429']?.description.includes('RATE_LIMITED') }).toEqual({
        route: `${method} ${path}`,
        limited: true,
      });
    }
  }
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema of the document, walked by key
type DocSchema = Record<string, any>;
type ZodDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Every number the service parses, beside the document's schema for it: walks a request schema
 * (zod) and its documented schema ($ref resolved) together, by property and array item.
 */
function numbersOf(schema: z.ZodType, documented: DocSchema | undefined, components: Record<string, DocSchema>, where: string): Array<{ where: string; schema: z.ZodType; documented: DocSchema | undefined }> {
  const resolve = (node: DocSchema | undefined): DocSchema | undefined => {
    if (node?.$ref) return resolve(components[String(node.$ref).split('/').at(-1)!]);
    // A nullable or described reference is an allOf of one.
    if (node?.allOf?.length === 1) return resolve(node.allOf[0]);
    return node;
  };
  const doc = resolve(documented);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return numbersOf(def.innerType!, doc, components, where);
    case 'pipe':
      return numbersOf(def.in!, doc, components, where);
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => numbersOf(value, doc?.properties?.[key], components, `${where}.${key}`));
    case 'array':
      return numbersOf(def.element!, doc?.items, components, `${where}[]`);
    case 'number':
      return [{ where, schema, documented: doc }];
    default:
      return [];
  }
}

// docs/api-conventions.md: "a number the service refuses at 0 is documented so (`minimum: 1` for whole francs and
// other integers, `minimum: 0` with `exclusiveMinimum: true` otherwise), never as an inclusive `minimum: 0`".
it('documents every number the service refuses at 0 (positive()) with a bound that refuses 0 too, whole numbers as minimum 1', async () => {
  const document = JSON.parse(await renderOpenApi());
  const components = document.components.schemas as Record<string, DocSchema>;
  const found: Array<{ where: string; schema: z.ZodType; documented: DocSchema | undefined }> = [];
  for (const route of (await allRouters()).flatMap((router) => router.routes)) {
    if (route.kind === 'raw') continue;
    const operation = document.paths[toOpenApiPath(route.path)]?.[route.method] as DocSchema | undefined;
    const name = `${route.method.toUpperCase()} ${route.path}`;
    if (route.body) found.push(...numbersOf(route.body, operation?.requestBody?.content?.['application/json']?.schema, components, `${name} body`));
    for (const [where, input] of [['query', route.query], ['path', route.params]] as const) {
      if (!input) continue;
      for (const [key, value] of Object.entries(defOf(input).shape ?? {})) {
        const parameter = (operation?.parameters as DocSchema[] | undefined)?.find((item) => item.in === where && item.name === key);
        found.push(...numbersOf(value, parameter?.schema, components, `${name} ${where}.${key}`));
      }
    }
  }
  const refusingZero = found.filter(({ schema }) => !schema.safeParse(0).success && [1, 0.5, 1000].some((value) => schema.safeParse(value).success));
  // The walk reaches the amounts it must check (a withdrawal, a payment, a price).
  expect(refusingZero.map(({ where }) => where)).toEqual(expect.arrayContaining(['POST /api/agents/:id/withdrawals body.montant', 'POST /api/payments/initcard body.montant', 'POST /api/articles body.prix']));
  const wrong = refusingZero
    .filter(({ schema, documented }) => {
      const whole = !schema.safeParse(0.5).success && schema.safeParse(1).success;
      if (whole) return !(documented?.type === 'integer' && documented.minimum >= 1);
      return !(documented?.minimum > 0 || (documented?.minimum === 0 && documented.exclusiveMinimum === true));
    })
    .map(({ where, documented }) => ({ where, minimum: documented?.minimum, exclusiveMinimum: documented?.exclusiveMinimum }));
  expect(wrong).toEqual([]);
});
