/**
 * The published description: fresh on disk, valid, and in step with the routes actually served.
 */
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createFullApp } from '../functions/src/app';
import { OPENAPI_FILE, renderOpenApi } from '../functions/src/cli/write-openapi';
import { toOpenApiPath } from '../functions/src/core/openapi';
import { api } from './helpers/api';

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

it('lists the error responses of every operation', async () => {
  const document = JSON.parse(await renderOpenApi());
  for (const [path, item] of Object.entries<Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>(document.paths)) {
    if (path.startsWith('/api-docs')) continue;
    for (const [method, operation] of Object.entries(item)) {
      const statuses = Object.keys(operation.responses);
      expect({ operation: `${method} ${path}`, has500: statuses.includes('500') }).toEqual({ operation: `${method} ${path}`, has500: true });
      if (operation.security?.length) expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
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
