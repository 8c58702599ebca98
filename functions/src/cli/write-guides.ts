/**
 * npm run openapi: writes the routes table at the end of each guide in docs/guides/ (between its
 * markers; the guide's own text is left as it is), from the route declarations of the domains the
 * guide covers: method and path, what the route does, who may call it, and the codes it answers
 * beyond those its access and inputs give every route (API conventions). test/platform/reference-pages.test.ts
 * fails while a table is stale, or a domain with routes is in no guide.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeGenerated } from './write-generated';
import type { ApiRouter, RouteDefinition } from '../core/http';
import { toOpenApiPath } from '../core/openapi';
import { errorCodesOf } from '../core/route-errors';
import type { ErrorCode } from '../core/error-codes';
import { ADMIN_ROLES, type Role } from '../core/roles';
import type { DomainModule } from '../core/module';
import { MODULES } from '../modules';

export const GUIDES_DIR = join(__dirname, '..', '..', '..', 'docs', 'guides');

/** Each guide and the domain folders whose routes it lists (docs/guides/README.md says why some are merged). */
export const GUIDE_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  'identity.md': ['identity', 'geo', 'settings'],
  'account-security.md': ['account-security'],
  'catalog.md': ['catalog'],
  'payments.md': ['payments', 'subscriptions', 'pricing'],
  'commerce.md': ['commerce'],
  'chat.md': ['chat'],
  'wallet.md': ['wallet'],
  'logistics.md': ['logistics'],
  'transit.md': ['transit'],
  'agents.md': ['agents'],
  'notifications.md': ['notifications'],
  'admin.md': ['admin'],
};

/** Domains with routes but no guide: the health route and the documentation pages (the README's URLs). */
export const NOT_IN_GUIDES: readonly string[] = ['health', 'docs'];

export const ROUTES_START = '<!-- routes:start: written by `npm run openapi` from the route declarations; do not edit by hand -->';
export const ROUTES_END = '<!-- routes:end -->';

/** Codes every route whose access or inputs call for them may answer: the legend says so once, the rows leave them out. */
const SHARED_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'INTERNAL',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'USER_BLOCKED',
  'WEB_SESSION_REQUIRED',
  'WEB_SESSION_INVALID',
  'WEB_SESSION_EXPIRED',
  'PROFILE_REQUIRED',
  'FORBIDDEN_ROLE',
  'AGENT_TYPE_FORBIDDEN',
  'APP_CHECK_FAILED',
]);

const code = (text: string) => `\`${text}\``;
/** A table cell: one line, no column break. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** Who may call a route, as its declaration says (the router enforces it; docs/role-matrix.md gives every caller's answer). */
export function whoMayCall(route: RouteDefinition): string {
  if (route.kind === 'raw' || route.access === 'public') return 'anyone, no token';
  if (route.access === 'optional') return 'anyone (a token sent is verified)';
  if (route.access === 'token') return 'a signed-in account, profile or not';
  if (!route.roles) return 'any signed-in user';
  const roles: readonly Role[] = route.roles;
  const admins = ADMIN_ROLES.every((role) => roles.includes(role));
  const named = [...roles.filter((role) => !admins || !(ADMIN_ROLES as readonly Role[]).includes(role)).map(code), ...(admins ? ['admin levels'] : [])];
  const types = route.agentTypes ? ` (${route.agentTypes.map(code).join(', ')})` : '';
  return `${named.join(', ')}${types}`;
}

/** The codes a route answers beyond the shared ones: its declared codes, and those its limits and uploads bring. */
export function ownCodes(route: RouteDefinition): ErrorCode[] {
  const codes = route.kind === 'raw' ? [...(route.errors ?? [])] : errorCodesOf(route);
  return codes.filter((each) => !SHARED_CODES.has(each));
}

function row(route: RouteDefinition): string {
  const what = `${route.summary}${route.kind !== 'raw' && route.deprecated ? ' (deprecated)' : ''}`;
  return `| ${code(`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`)} | ${cell(what)} | ${whoMayCall(route)} | ${ownCodes(route).map(code).join(', ')} |`;
}

/** The generated block of a guide: its domains' routes in mounting order, and the legend. */
export function routesTable(routes: readonly RouteDefinition[]): string {
  return [
    ROUTES_START,
    '',
    `${routes.length} routes. Codes: those the route answers besides the ones its access and inputs give every route`,
    '(`VALIDATION_ERROR` for a bad input; `UNAUTHENTICATED`, `USER_BLOCKED`, web sessions, `PROFILE_REQUIRED`,',
    '`FORBIDDEN_ROLE` and `AGENT_TYPE_FORBIDDEN` by its access: [API conventions](../api-conventions.md),',
    '[who may call what](../role-matrix.md); `APP_CHECK_FAILED` on signed-in routes and the apps\' free actions:',
    '[App Check](../api-conventions.md#app-check)). Each code\'s meaning and messages: [error codes](../error-codes.md).',
    '',
    '| Route | What | Who may call | Codes |',
    '|---|---|---|---|',
    ...routes.map(row),
    '',
    ROUTES_END,
  ].join('\n');
}

/** The routes of the named domains, each domain's routers in their declaration order. */
export async function routesOf(domains: readonly string[], modules: readonly DomainModule[] = MODULES): Promise<RouteDefinition[]> {
  const routers: ApiRouter[] = [];
  for (const name of domains) {
    const module = modules.find((each) => each.name === name);
    if (!module) throw new Error(`docs/guides: no domain module named ${name}`);
    for (const declaration of module.routers ?? []) routers.push(await declaration.load());
  }
  return routers.flatMap((router) => router.routes);
}

/** A guide's text with its routes table written between its markers (which must be there, once each). */
export function withRoutesTable(text: string, table: string, file: string): string {
  const start = text.indexOf(ROUTES_START);
  const end = text.indexOf(ROUTES_END);
  if (start < 0 || end < start || text.indexOf(ROUTES_START, start + 1) >= 0 || text.indexOf(ROUTES_END, end + 1) >= 0) {
    throw new Error(`${file}: needs the routes markers once each, start before end:\n${ROUTES_START}\n${ROUTES_END}`);
  }
  return `${text.slice(0, start)}${table}${text.slice(end + ROUTES_END.length)}`;
}

export async function renderGuide(guide: string): Promise<string> {
  const file = join(GUIDES_DIR, guide);
  return withRoutesTable(readFileSync(file, 'utf8'), routesTable(await routesOf(GUIDE_DOMAINS[guide] ?? [])), file);
}

if (require.main === module) {
  for (const guide of Object.keys(GUIDE_DOMAINS)) writeGenerated(join(GUIDES_DIR, guide), () => renderGuide(guide));
}
