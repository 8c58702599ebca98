/**
 * The role matrix: every route the service serves (the routers of groups.ts's `allRouters()`, the
 * list the OpenAPI document is built from, so a route added later is in it at once) is called with
 * no token, as a blocked user, as a signed-in user without profile, and as a user of every role
 * (agents of each type and of none). Each answer must be the one its declaration implies
 * (core/access-matrix.ts): 401 UNAUTHENTICATED, 403 with the right code, or, for a caller let in,
 * no refusal at all. docs/role-matrix.md is the same table, and must be fresh.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ACCESS_REFUSALS, type Answer, answerOf, type CallerKind, MATRIX_CALLERS, type RouteSecurity } from '../../functions/src/core/access-matrix';
import { statusOf } from '../../functions/src/core/error-codes';
import { auth, db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { type Access, ACCESS_LEVELS, ApiRouter, type ConditionalRoleRule, type RouteDefinition } from '../../functions/src/core/http';
import type { AgentType, Role } from '../../functions/src/core/roles';
import { toOpenApiPath } from '../../functions/src/core/openapi';
import { errorCodesOf } from '../../functions/src/core/route-errors';
import { renderRoleMatrix, ROLE_MATRIX_FILE } from '../../functions/src/cli/write-role-matrix';
import { allRouters } from '../../functions/src/groups';
import { createLogin, createUser, newBeninNumber, signIn, syntheticEmailOf } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

/** A well-formed document id that names nothing: every `:param` of every path gets it. */
const NOTHING = 'RoleMatrix0Nothing00';

interface Persona {
  id: string;
  caller: CallerKind;
  uid?: string;
  token?: string;
  /** What access depends on, as set up: checked after each route (see `spoiled`). */
  expected?: { profile: Record<string, unknown> | null; validSince?: string };
}

const securityOf = (route: RouteDefinition): RouteSecurity => (route.kind === 'raw' ? { access: route.access } : route);
const label = (route: RouteDefinition) => `${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signedUp = (caller: Extract<CallerKind, { kind: 'member' }>) => createUser(caller.role, { nom: 'Matrice' }, caller.typeAgent ?? undefined);

/** Blocked the way the service blocks (the admin route): the flag on the profile and the tokens revoked. */
async function blockedUser(revokedToken: boolean, superAdminToken: string) {
  const user = await signedUp({ kind: 'member', role: 'acheteur' });
  await pause(1100); // revocation is recorded to the second: the token must be older than it
  const res = await (await api()).patch(`/api/users/${user.uid}/block`).set(bearer(superAdminToken)).send({ motif: 'Matrice des rôles' });
  expect(res.status).toBe(200);
  if (revokedToken) return user;
  await pause(1100); // and a new sign-in younger than it
  return { ...user, token: await signIn(user.email) };
}

async function make(id: string, caller: CallerKind, superAdminToken: string): Promise<Persona> {
  if (caller.kind === 'anonymous') return { id, caller };
  const made =
    caller.kind === 'noProfile'
      ? await createLogin(syntheticEmailOf(newBeninNumber(), 'buyer'))
      : caller.kind === 'blocked'
        ? await blockedUser(caller.revokedToken, superAdminToken)
        : await signedUp(caller);
  const persona: Persona = { id, caller, uid: made.uid, token: made.token };
  persona.expected = (await accessState([persona]))[0];
  return persona;
}

/** What a persona's access depends on: its profile's role, type and block, its account, its tokens' validity. */
async function accessState(personas: Persona[]): Promise<Array<Persona['expected']>> {
  const refs = personas.map((persona) => db().collection(COLLECTIONS.users).doc(persona.uid!));
  const [profiles, accounts] = await Promise.all([db().getAll(...refs), auth().getUsers(personas.map((persona) => ({ uid: persona.uid! })))]);
  const byUid = new Map(accounts.users.map((user) => [user.uid, user]));
  return personas.map((persona, index) => {
    const data = profiles[index].data();
    const account = byUid.get(persona.uid!);
    return {
      profile: data ? { role: data.role, typeAgent: data.typeAgent ?? null, isBlocked: data.isBlocked === true, app: data.app } : null,
      validSince: account ? `${account.tokensValidAfterTime}|${account.disabled}` : 'deleted',
    };
  });
}

let personas: Persona[] = [];
let superAdminToken = '';

/**
 * Calls made as an allowed caller are real calls: a route may change its caller (a role, a block, a
 * password reset that revokes tokens, a deleted account; none do today with an empty body and ids
 * that name nothing, but later routes may). After each route the personas' access state is read
 * again, and any persona it changed is made anew before the next route, so that one route's effect
 * can never change the answer another route gives. The test says which routes did it.
 */
async function restoreSpoiled(route: RouteDefinition, log: string[]): Promise<void> {
  // The superAdmin first: blocking a persona anew needs its token.
  const signedIn = personas.filter((persona) => persona.uid).sort((a, b) => Number(b.id === 'superAdmin') - Number(a.id === 'superAdmin'));
  const states = await accessState(signedIn);
  for (const [index, persona] of signedIn.entries()) {
    if (JSON.stringify(states[index]) === JSON.stringify(persona.expected)) continue;
    log.push(`${label(route)} changed ${persona.id}`);
    const fresh = await make(persona.id, persona.caller, superAdminToken);
    personas[personas.indexOf(persona)] = fresh;
    if (fresh.id === 'superAdmin') superAdminToken = fresh.token!;
  }
}

/** One call, as a mobile client (the dashboard's web-session check is web-session.test.ts's), with no body. */
async function call(route: RouteDefinition, persona: Persona) {
  const client = await api();
  const test = client[route.method](route.path.replace(/:[A-Za-z0-9_]+/g, NOTHING)).redirects(0);
  return persona.token ? test.set(bearer(persona.token)) : test;
}

/** What went wrong with one answer, or undefined when it is the one the declaration implies. */
function mismatch(route: RouteDefinition, expected: Answer, status: number, code: unknown): string | undefined {
  if (expected !== 'allowed') {
    return status === statusOf(expected) && code === expected ? undefined : `expected ${statusOf(expected)} ${expected}`;
  }
  if ((ACCESS_REFUSALS as readonly unknown[]).includes(code)) return 'expected no refusal';
  // Let in: 400/404/409... are the route's answer to an empty request. A 401, 403 or 429 must be one
  // of the route's own documented checks (a webhook's signature, its declared rate limit), never an
  // undocumented refusal; and never a 500.
  const documented: readonly unknown[] = route.kind === 'raw' ? (route.errors ?? []) : errorCodesOf(route);
  if ([401, 403, 429].includes(status) && !documented.includes(code)) return 'expected no refusal';
  if (status >= 500) return 'expected no server error';
  return undefined;
}

let routes: RouteDefinition[] = [];

beforeAll(async () => {
  await resetEmulators();
  routes = (await allRouters()).flatMap((router) => router.routes);
  const superAdminCaller = MATRIX_CALLERS.find(({ id }) => id === 'superAdmin')!;
  const superAdmin = await make(superAdminCaller.id, superAdminCaller.caller, '');
  superAdminToken = superAdmin.token!;
  personas = await Promise.all(MATRIX_CALLERS.map(({ id, caller }) => (id === 'superAdmin' ? superAdmin : make(id, caller, superAdminToken))));
}, 60_000);

it('declares the security of every route: a known access level, roles and agent types only where they mean something', () => {
  expect(routes.length).toBeGreaterThan(200);
  const undeclared = routes.filter((route) => {
    const security = securityOf(route);
    if (!ACCESS_LEVELS.includes(security.access)) return true;
    if ((security.roles || security.agentTypes) && security.access !== 'profile') return true;
    return security.agentTypes !== undefined && !security.roles?.includes('agentCommercial');
  });
  expect(undeclared.map(label)).toEqual([]);
});

it('refuses to mount a route whose declaration says too little or contradicts itself', () => {
  const declare = (security: { access: Access; roles?: Role[]; agentTypes?: AgentType[]; conditionalRoles?: ConditionalRoleRule[] }) => () =>
    new ApiRouter().json({
      method: 'get',
      path: '/api/x',
      operationId: 'getX',
      tags: ['Test'],
      summary: 'a route',
      ...security,
      success: { description: 'nothing', data: z.object({}) },
      handle: async () => ({}),
    } as Parameters<ApiRouter['json']>[0]);
  expect(declare({ access: undefined as unknown as Access })).toThrow('no declared access');
  expect(declare({ access: 'token', roles: ['admin'] })).toThrow("need access 'profile'");
  expect(declare({ access: 'profile', roles: [] })).toThrow('lets nobody in');
  expect(declare({ access: 'profile', roles: ['vendeur'], agentTypes: ['Market'] })).toThrow('agentCommercial');
  expect(declare({ access: 'profile', roles: ['agentCommercial'], agentTypes: [] })).toThrow('at least one type');
  expect(declare({ access: 'profile', roles: ['agentCommercial'], agentTypes: ['Market'] })).not.toThrow();
  const seniorOnly = (roles: Role[]): ConditionalRoleRule => ({ roles, when: 'the amount is large', code: 'FORBIDDEN_ROLE' });
  expect(declare({ access: 'optional', conditionalRoles: [seniorOnly(['principal'])] })).toThrow("needs access 'profile'");
  expect(declare({ access: 'profile', conditionalRoles: [seniorOnly([])] })).toThrow('at least one role');
  expect(declare({ access: 'profile', roles: ['admin'], conditionalRoles: [seniorOnly(['principal'])] })).toThrow('does not let in');
  expect(declare({ access: 'profile', roles: ['admin', 'principal'], conditionalRoles: [seniorOnly(['principal'])] })).not.toThrow();
  const raw = { method: 'get' as const, path: '/api/x', operationId: 'getX', tags: ['Test'], summary: 'raw', contentTypes: ['text/plain'], handlers: [] };
  expect(() => new ApiRouter().raw({ ...raw, access: 'profile' as 'public' })).toThrow('raw route is public');
});

it('knows every kind of caller: no token, blocked, no profile, each role, agents of each type and of none', () => {
  expect(MATRIX_CALLERS.map(({ id }) => id)).toEqual([
    'anonymous',
    'blocked',
    'blocked-signed-in-again',
    'no-profile',
    'acheteur',
    'vendeur',
    'chauffeur',
    'transitaire',
    'livreur',
    'agentCommercial:Market_pro',
    'agentCommercial:Market',
    'agentCommercial:none',
    'admin',
    'superAdmin',
    'principal',
    'gestionnaire',
  ]);
});

it('answers every route as its declaration says, to every caller', async () => {
  const started = Date.now();
  const mismatches: string[] = [];
  const changed: string[] = [];
  const tally: Record<string, number> = {};
  // One route at a time, its callers at once: bounded concurrency, and each route's effects on the
  // personas checked (and undone) before the next.
  for (const route of routes) {
    const security = securityOf(route);
    await Promise.all(
      personas.map(async (persona) => {
        const expected = answerOf(security, persona.caller);
        const response = await call(route, persona);
        const wrong = mismatch(route, expected, response.status, response.body?.code);
        tally[expected] = (tally[expected] ?? 0) + 1;
        if (wrong) mismatches.push(`${label(route)} as ${persona.id}: ${wrong}, got ${response.status} ${response.body?.code ?? ''}`);
      }),
    );
    await restoreSpoiled(route, changed);
  }
  console.info(`role matrix: ${routes.length} routes x ${personas.length} callers in ${Date.now() - started} ms; ${JSON.stringify(tally)}; personas changed: ${JSON.stringify(changed)}`);
  expect(mismatches).toEqual([]);
  // Every kind of answer is exercised, so the matrix cannot pass by letting everyone in.
  expect(Object.keys(tally).sort()).toEqual(['allowed', ...ACCESS_REFUSALS].sort());
}, 240_000);

it('keeps docs/role-matrix.md up to date (run `npm run role-matrix` or `npm run openapi` after changing a route)', async () => {
  expect(readFileSync(ROLE_MATRIX_FILE, 'utf8')).toBe(await renderRoleMatrix());
});
