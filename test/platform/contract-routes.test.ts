/**
 * Every route of the contract is served and documented: the endpoint tables of the spec
 * (its copy in the repository, `docs/contract/marketplace-service-interface.md`, so a clean clone
 * holds what it is checked against; the README says how to refresh it) and
 * its "Routes present but missing from the published description" are read from the spec itself,
 * and each (method, path) must be declared by a router and be in the OpenAPI document.
 * (test/platform/openapi.test.ts proves the document's paths equal the routers'.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDefinition } from '../../functions/src/core/http';
import { toOpenApiPath } from '../../functions/src/core/openapi';
import { ADMIN_ROLES, type Role } from '../../functions/src/core/roles';
import { renderOpenApi } from '../../functions/src/cli/write-openapi';
import { allRouters } from '../../functions/src/groups';

const SPEC = process.env.CONTRACT_SPEC ?? join(__dirname, '..', '..', 'docs', 'contract', 'marketplace-service-interface.md');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Path parameters by position, not name: `{id}` and `{articleId}` are the same wire path. */
const shape = (operation: string) => operation.replace(/\{[^}]+\}/g, '{}');

/**
 * The spec's routes. A table under a "Prefix `/api/x`" sentence (or "prefix `/api/x`") lists paths
 * relative to it (and to its alias: "same routes under `/api/y`"), unless a path starts with `/api`;
 * a cell may hold several paths. The "missing" paragraph names `METHOD /path`, or "`GET`, `POST` on `/path`".
 */
function contractRoutes(markdown: string, callers?: Map<string, string>): string[] {
  const routes = new Set<string>();
  let prefixes: string[] = [];
  let inMissing = false;
  let header: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('| Method')) header = line.split('|').map((cell) => cell.trim());
    if (line.startsWith('#')) {
      prefixes = [];
      inMissing = /missing from the published description/i.test(line);
      continue;
    }
    const prefix = /prefix `([^`]+)`/i.exec(line);
    if (prefix && !line.startsWith('|')) {
      const alias = /same routes under `([^`]+)`/.exec(line);
      prefixes = [prefix[1], ...(alias ? [alias[1]] : [])];
      continue;
    }
    const cells = line.split('|').map((cell) => cell.trim());
    if (line.startsWith('|') && METHODS.includes(cells[1])) {
      for (const [, path] of cells[2].matchAll(/`([^`]+)`/g)) {
        const full = path.startsWith('/api') || prefixes.length === 0 ? [path] : prefixes.map((base) => `${base}${path}`);
        for (const each of full) {
          routes.add(`${cells[1]} ${each}`);
          // The "Auth", "Caller" or "Roles" column, where the table has one.
          if (['Auth', 'Caller', 'Roles'].includes(header[3])) callers?.set(`${cells[1]} ${each}`, cells[3]);
        }
      }
    }
    if (inMissing) {
      for (const item of line.split(';')) {
        const methods = [...item.matchAll(/`?\b(GET|POST|PUT|PATCH|DELETE)\b`?/g)].map((match) => match[1]);
        const path = /(\/api[^\s`;,]*)/.exec(item)?.[1];
        if (path) for (const method of methods) routes.add(`${method} ${path}`);
      }
    }
  }
  return [...routes];
}

it('reads the contract (docs/contract, or CONTRACT_SPEC)', () => {
  expect({ spec: SPEC, exists: existsSync(SPEC) }).toEqual({ spec: SPEC, exists: true });
});

it('finds the spec’s tables and its list of routes missing from the published description', () => {
  const routes = contractRoutes(readFileSync(SPEC, 'utf8'));
  expect(routes.length).toBeGreaterThan(60);
  expect(routes).toEqual(
    expect.arrayContaining([
      'GET /',
      'POST /api/transit/start',
      'PATCH /api/transit-missions/{id}/details',
      'GET /api/transitaires/verification/admin/demandes/{userId}',
      'GET /api/agents/me-market/leaderboard',
      'POST /api/payments/admin/{id}/status',
      'GET /api/wallet/me/stats',
      'PUT /api/admin/seller-gain-pricing',
      'GET /api/admin/documents/{id}/download',
      'PATCH /api/verification/admin/requests/{articleId}/statut',
    ]),
  );
});

it('serves and documents every route of the contract', async () => {
  const routes = contractRoutes(readFileSync(SPEC, 'utf8'));
  const declared = new Set((await allRouters()).flatMap((router) => router.routes).map((route) => shape(`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`)));
  const document = JSON.parse(await renderOpenApi()) as { paths: Record<string, Record<string, unknown>> };
  const documented = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => shape(`${method.toUpperCase()} ${path}`))));
  expect(routes.filter((route) => !declared.has(shape(route)))).toEqual([]);
  expect(routes.filter((route) => !documented.has(shape(route)))).toEqual([]);
});

const WHO: Record<string, readonly Role[]> = { buyer: ['acheteur'], seller: ['vendeur'], forwarder: ['transitaire'], admin: ADMIN_ROLES };

/** What a spec cell says of a route's security: public, or signed in (by which roles, when it says). */
function contractSecurity(cell: string): { public: boolean; roles?: Role[] } {
  if (/^None/.test(cell)) return { public: true };
  const named = [...cell.matchAll(/`([A-Za-z]+)`/g)].map((match) => match[1] as Role);
  if (named.length > 0) return { public: false, roles: named };
  const words = cell.replace(/^Bearer/, '').toLowerCase().match(/buyer|seller|forwarder|admin/g);
  return { public: false, roles: words ? [...new Set(words.flatMap((word) => WHO[word]))] : undefined };
}

it('declares the security the contract gives each route: public where it says None, the roles it names', async () => {
  const callers = new Map<string, string>();
  contractRoutes(readFileSync(SPEC, 'utf8'), callers);
  expect(callers.size).toBeGreaterThan(50);
  const byOperation = new Map<string, RouteDefinition>(
    (await allRouters()).flatMap((router) => router.routes).map((route) => [shape(`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`), route]),
  );
  const different = [...callers].flatMap(([operation, cell]) => {
    const route = byOperation.get(shape(operation));
    if (!route) return []; // not served: the test above says so
    const wanted = contractSecurity(cell);
    const roles = route.kind === 'raw' ? undefined : route.roles;
    const same = wanted.public ? route.access === 'public' : route.access !== 'public' && (!wanted.roles || [...(roles ?? [])].sort().join() === [...wanted.roles].sort().join());
    return same ? [] : [`${operation}: the contract says "${cell}", declared ${route.access} ${roles?.join(',') ?? ''}`];
  });
  expect(different).toEqual([]);
});

it('declares the agent rules of the contract’s prose: agent routes for agentCommercial, `me-pro` for Market_pro, `me-market` for Market', async () => {
  // "Agent routes require authentication and the role agentCommercial. The routes under me-pro
  // require typeAgent = Market_pro; those under me-market require typeAgent = Market; the generic me
  // routes accept both" (and the ranking `/leaderboard`, in the same table).
  const agentRoutes = (await allRouters())
    .flatMap((router) => router.routes)
    .filter((route) => /^\/api\/agents\/(me|me-pro|me-market)\/|^\/api\/agents\/leaderboard$/.test(route.path));
  expect(agentRoutes.length).toBeGreaterThanOrEqual(8);
  const declared = agentRoutes.map((route) => ({
    route: `${route.method.toUpperCase()} ${route.path}`,
    access: route.access,
    roles: route.kind === 'raw' ? undefined : route.roles,
    agentTypes: route.kind === 'raw' ? undefined : route.agentTypes,
  }));
  const wanted = declared.map(({ route }) => ({
    route,
    access: 'profile',
    roles: ['agentCommercial'],
    agentTypes: route.includes('/me-pro/') ? ['Market_pro'] : route.includes('/me-market/') ? ['Market'] : undefined,
  }));
  expect(declared).toEqual(wanted);
});
