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
import type { NoticeTemplate } from '../domains/notifications';

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
export const NOTICES_START = '<!-- notices:start: written by `npm run openapi` from each domain\'s notices.ts; do not edit by hand -->';
export const NOTICES_END = '<!-- notices:end -->';
/** The guide that lists every notice (its table between the notices markers). */
const NOTICES_GUIDE = 'notifications.md';
/** The broadcast's notice: the notifications domain writes it itself (admin-messages), from no template. */
const BROADCAST_ROW = '| `admin_message` | notifications | system | a role or everyone | an admin broadcast |';

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

/** A guide's text with `table` written between `start` and `end` (which must be there, once each). */
export function withSection(text: string, table: string, file: string, start = ROUTES_START, end = ROUTES_END): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from || text.indexOf(start, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0) {
    throw new Error(`${file}: needs the markers once each, start before end:\n${start}\n${end}`);
  }
  return `${text.slice(0, from)}${table}${text.slice(to + end.length)}`;
}

/** Every notice the domains declare (their notices.ts), in the modules' order: who reads it and when. */
export async function noticesTable(modules: readonly DomainModule[] = MODULES): Promise<string> {
  const rows: string[] = [];
  for (const module of modules) {
    const notices = ((await module.notices?.()) ?? {}) as Record<string, NoticeTemplate>;
    for (const [type, notice] of Object.entries(notices)) rows.push(`| \`${type}\` | ${module.name} | ${notice.category} | ${notice.to} | ${notice.when} |`);
  }
  return [NOTICES_START, '', '| type | domain | category | to | when |', '|---|---|---|---|---|', ...rows, BROADCAST_ROW, '', NOTICES_END].join('\n');
}

export async function renderGuide(guide: string): Promise<string> {
  const file = join(GUIDES_DIR, guide);
  const text = withSection(readFileSync(file, 'utf8'), routesTable(await routesOf(GUIDE_DOMAINS[guide] ?? [])), file);
  return guide === NOTICES_GUIDE ? withSection(text, await noticesTable(), file, NOTICES_START, NOTICES_END) : text;
}

if (require.main === module) {
  for (const guide of Object.keys(GUIDE_DOMAINS)) writeGenerated(join(GUIDES_DIR, guide), () => renderGuide(guide));
}
