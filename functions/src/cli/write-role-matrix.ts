/**
 * npm run role-matrix (and npm run openapi): writes docs/role-matrix.md, who may call each route,
 * from the routes' declarations (core/access-matrix.ts). test/platform/role-matrix.test.ts fails when the
 * file is stale, and proves every cell against the service.
 */
import { writeGenerated } from './write-generated';
import { join } from 'node:path';
import { answerOf, type Answer, conditionalRoleText, conditionsOn, MATRIX_CALLERS } from '../core/access-matrix';
import type { ApiRouter, RouteDefinition } from '../core/http';
import { toOpenApiPath } from '../core/openapi';
import { allRouters } from '../groups';

export const ROLE_MATRIX_FILE = join(__dirname, '..', '..', '..', 'docs', 'role-matrix.md');

/** Short column headers; the legend gives each in full. */
const HEADERS: Record<string, string> = {
  anonymous: 'no token',
  blocked: 'blocked',
  'blocked-signed-in-again': 'blocked, new sign-in',
  'no-profile': 'no profile',
  'agentCommercial:Market_pro': 'agent Market_pro',
  'agentCommercial:Market': 'agent Market',
  'agentCommercial:none': 'agent, no type',
};

const CELL: Record<Answer, string> = {
  allowed: '✓',
  UNAUTHENTICATED: '401',
  USER_BLOCKED: 'blocked',
  PROFILE_REQUIRED: 'sign-up',
  FORBIDDEN_ROLE: '–',
  AGENT_TYPE_FORBIDDEN: 'type',
};

const ACCESS_TEXT = {
  public: 'public',
  optional: 'optional token',
  token: 'token',
  profile: 'profile',
} as const;

/**
 * The footnotes of the rules that depend on what is asked, numbered in the order they first appear:
 * a cell such a rule may turn into a refusal carries its number.
 */
class Footnotes {
  readonly texts: string[] = [];

  mark(texts: readonly string[]): string {
    const numbers = texts.map((text) => {
      if (!this.texts.includes(text)) this.texts.push(text);
      return this.texts.indexOf(text) + 1;
    });
    return numbers.map((n) => ` (${n})`).join('');
  }
}

function row(route: RouteDefinition, footnotes: Footnotes): string {
  const security = route.kind === 'raw' ? { access: route.access } : route;
  const cells = MATRIX_CALLERS.map(({ caller }) => CELL[answerOf(security, caller)] + footnotes.mark(conditionsOn(security, caller).map(conditionalRoleText)));
  return `| \`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}\` | ${ACCESS_TEXT[security.access]} | ${cells.join(' | ')} |`;
}

export function roleMatrix(routers: ApiRouter[]): string {
  const routes = routers.flatMap((router) => router.routes);
  // One table per tag, in the order routes are mounted: the sections of the OpenAPI document.
  const byTag = new Map<string, RouteDefinition[]>();
  for (const route of routes) byTag.set(route.tags[0] ?? 'Other', [...(byTag.get(route.tags[0] ?? 'Other') ?? []), route]);
  const header = `| Route | Access | ${MATRIX_CALLERS.map(({ id }) => HEADERS[id] ?? id).join(' | ')} |`;
  const rule = `|---|---|${MATRIX_CALLERS.map(() => ':-:').join('|')}|`;
  const footnotes = new Footnotes();
  const sections = [...byTag.entries()].map(([tag, list]) => [`## ${tag}`, '', header, rule, ...list.map((route) => row(route, footnotes)), ''].join('\n'));
  return [
    '# Who may call what',
    '',
    '<!-- Generated from the route declarations by `npm run role-matrix` (also run by `npm run openapi`); do not edit. -->',
    '',
    `Every route of the service (${routes.length}), and the answer each kind of caller gets from its access`,
    'checks. It is derived from the same declarations the router enforces and the OpenAPI document',
    'describes, and `test/platform/role-matrix.test.ts` calls every route as every caller below to prove each cell.',
    '',
    '- ✓: let in (the route may still answer 400, 404, 409... on what is asked, or refuse a user who',
    '  does not own the thing named: those are the route\'s own rules, in the OpenAPI document).',
    '- `401`: no token (UNAUTHENTICATED). `blocked`: USER_BLOCKED. `sign-up`: PROFILE_REQUIRED (a token',
    '  without profile). `–`: FORBIDDEN_ROLE (the role may not). `type`: AGENT_TYPE_FORBIDDEN (an agent of another',
    '  type, or of none).',
    '- `✓ (n)`: let in, but the handler may refuse it on what is asked: rule (n) of the last section.',
    '- Access: `public` (no token read), `optional token` (anyone; a token that is sent is verified),',
    '  `token` (a valid token, profile optional: sign-up), `profile` (a registered, unblocked user).',
    '',
    'Columns:',
    '',
    ...MATRIX_CALLERS.filter(({ id }) => HEADERS[id]).map(({ id, label }) => `- **${HEADERS[id]}**: ${label}.`),
    '- The other columns: a registered, unblocked user of that role.',
    '',
    'Blocking revokes a user\'s tokens, so the token a blocked user held is refused everywhere a token is',
    'read; a blocked user who signs in again is refused by every route that needs a profile.',
    '',
    ...sections,
    '## Rules on what is asked',
    '',
    'Role rules that depend on the request or on the thing it names: the router cannot check them before',
    'the handler reads it, so each route declares them (`conditionalRoles`) and its handler applies them.',
    '',
    ...footnotes.texts.map((text, index) => `${index + 1}. ${text}`),
    '',
  ].join('\n');
}

export async function renderRoleMatrix(): Promise<string> {
  return roleMatrix(await allRouters());
}

if (require.main === module) writeGenerated(ROLE_MATRIX_FILE, renderRoleMatrix);
