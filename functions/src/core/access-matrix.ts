/**
 * The role matrix: the answer each kind of caller gets from a route, derived from the route's
 * declaration alone (`access`, `roles`, `agentTypes`), check by check in the order the router makes
 * them (core/http.ts `identify`, core/auth.ts `verifyCaller` and `loadProfileCaller`).
 * test/platform/role-matrix.test.ts calls every route as every caller below and holds the service to these
 * answers; docs/role-matrix.md is the same table written out for admins (cli/write-role-matrix.ts).
 */
import type { Access, ConditionalRoleRule } from './http';
import { AGENT_TYPES, type AgentType, ROLES, type Role } from './roles';

/** The codes by which the router refuses a caller before the route's own work. */
export const ACCESS_REFUSALS = ['UNAUTHENTICATED', 'USER_BLOCKED', 'PROFILE_REQUIRED', 'FORBIDDEN_ROLE', 'AGENT_TYPE_FORBIDDEN'] as const;
export type AccessRefusal = (typeof ACCESS_REFUSALS)[number];
export type Answer = 'allowed' | AccessRefusal;

/** What the router knows of a route's security: all of it is in the declaration. */
export interface RouteSecurity {
  access: Access;
  roles?: readonly Role[];
  agentTypes?: readonly AgentType[];
  /** Rules checked by the handler on what is asked: shown beside the cells they may turn into a refusal. */
  conditionalRoles?: readonly ConditionalRoleRule[];
}

export type CallerKind =
  /** No Authorization header. */
  | { kind: 'anonymous' }
  /**
   * A user an admin blocked. Blocking revokes the user's tokens: `revokedToken` is the token it held
   * then (refused by the token check itself), otherwise a token from signing in again afterwards
   * (refused by the profile check).
   */
  | { kind: 'blocked'; revokedToken: boolean }
  /** An identity-provider account without a profile: right after creating the account, before sign-up. */
  | { kind: 'noProfile' }
  /** A registered, unblocked user; agents have a type, or none when made without one. */
  | { kind: 'member'; role: Role; typeAgent?: AgentType | null };

export interface MatrixCaller {
  /** Stable name (test titles, the table's columns). */
  id: string;
  label: string;
  caller: CallerKind;
}

/**
 * Every kind of caller the matrix knows: the edge cases of authentication, then each role (from
 * ROLES, so a new role is in the matrix at once), agents once per type and once without one.
 */
export const MATRIX_CALLERS: readonly MatrixCaller[] = [
  { id: 'anonymous', label: 'No token', caller: { kind: 'anonymous' } },
  { id: 'blocked', label: 'Blocked user (the token it held when blocked)', caller: { kind: 'blocked', revokedToken: true } },
  { id: 'blocked-signed-in-again', label: 'Blocked user, signed in again', caller: { kind: 'blocked', revokedToken: false } },
  { id: 'no-profile', label: 'Signed in, no profile yet', caller: { kind: 'noProfile' } },
  ...ROLES.flatMap((role): MatrixCaller[] =>
    role === 'agentCommercial'
      ? [
          ...AGENT_TYPES.map((typeAgent) => ({ id: `agentCommercial:${typeAgent}`, label: `agentCommercial (${typeAgent})`, caller: { kind: 'member' as const, role, typeAgent } })),
          { id: 'agentCommercial:none', label: 'agentCommercial (no type)', caller: { kind: 'member', role, typeAgent: null } },
        ]
      : [{ id: role, label: role, caller: { kind: 'member', role } }],
  ),
];

/** The router's answer to `caller` on `route`: let in, or refused with which code. */
export function answerOf(route: RouteSecurity, caller: CallerKind): Answer {
  if (route.access === 'public') return 'allowed';
  if (caller.kind === 'anonymous') return route.access === 'optional' ? 'allowed' : 'UNAUTHENTICATED';
  // A revoked token is refused before anything else; the user is told it is blocked.
  if (caller.kind === 'blocked' && caller.revokedToken) return 'USER_BLOCKED';
  if (route.access !== 'profile') return 'allowed';
  if (caller.kind === 'noProfile') return 'PROFILE_REQUIRED';
  if (caller.kind === 'blocked') return 'USER_BLOCKED';
  if (route.roles && !route.roles.includes(caller.role)) return 'FORBIDDEN_ROLE';
  if (route.agentTypes && caller.role === 'agentCommercial' && !(caller.typeAgent && route.agentTypes.includes(caller.typeAgent))) return 'AGENT_TYPE_FORBIDDEN';
  return 'allowed';
}

/**
 * The rules on what is asked that may still refuse a caller the router lets in: those whose roles
 * do not include the caller's. Shown as a footnote on that cell (docs/role-matrix.md).
 */
export function conditionsOn(route: RouteSecurity, caller: CallerKind): ConditionalRoleRule[] {
  if (caller.kind !== 'member' || answerOf(route, caller) !== 'allowed') return [];
  return (route.conditionalRoles ?? []).filter((rule) => !rule.roles.includes(caller.role));
}

/** A rule in one sentence, as the role matrix's footnotes and the route's description say it. */
export function conditionalRoleText(rule: ConditionalRoleRule): string {
  const roles = rule.roles.length > 1 ? `${rule.roles.slice(0, -1).join(', ')} and ${rule.roles.at(-1)}` : rule.roles[0];
  return `When ${rule.when}: ${roles} only; the others get ${rule.code}.`;
}
