/**
 * Query parameters (docs/api-conventions.md): "Every body, query and path parameter is checked by
 * a zod schema; unknown fields are refused", query parameters included: "a route that declares no
 * query takes none". Every declared route is called with a parameter it does not declare and
 * answers 400 VALIDATION_ERROR naming it, before its handler runs.
 */
import request from 'supertest';
import { createFullApp } from '../../functions/src/app';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { DeclaredRoute } from '../../functions/src/core/http';
import { ADMIN_ROLES, AGENT_TYPES, type AgentType, type Role } from '../../functions/src/core/roles';
import { allRouters } from '../../functions/src/groups';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';

let users: Partial<Record<Role | AgentType, TestUser>> = {};

beforeAll(async () => {
  await resetEmulators();
  const roles: Role[] = ['acheteur', 'vendeur', 'chauffeur', 'transitaire', 'livreur', 'agentCommercial', 'superAdmin'];
  users = Object.fromEntries(await Promise.all(roles.map(async (role) => [role, await createUser(role)])));
  for (const type of AGENT_TYPES) users[type] = await createUser('agentCommercial', {}, type);
});

/**
 * Partner callbacks read what the partner sends, loosely, and check it themselves (docs/api-conventions.md): FeexPay's callback URL is ours but its query is the partner's to extend; the
 * messaging webhook checks its signature before anything else.
 */
const PARTNER_CALLBACKS = ['POST /api/payments/webhook', 'POST /api/messaging/webhook'];
const nameOf = (route: DeclaredRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** Path ids the route's params accept, so that the request gets past them to its query. */
const ID_CANDIDATES = ['no-such-id-0001', 'a'.repeat(40), `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.jpg`, `fcm-token-${'x'.repeat(30)}`];
function pathOf(route: DeclaredRoute): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const shape = (route.params as { shape?: Record<string, { safeParse(value: unknown): { success: boolean } }> } | undefined)?.shape;
    return ID_CANDIDATES.find((candidate) => shape?.[name]?.safeParse(candidate).success) ?? ID_CANDIDATES[0];
  });
}

const declaredRoutes = async () =>
  (await allRouters()).flatMap((router) => router.routes).filter((route): route is DeclaredRoute => route.kind !== 'raw');

/** A caller the route admits, so that the request reaches validation. */
function callerOf(route: DeclaredRoute): TestUser | undefined {
  if (route.access === 'public') return undefined;
  if (route.agentTypes) return users[route.agentTypes[0]];
  const roles = route.roles ?? [];
  if (roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role))) return users.superAdmin;
  return users[roles[0] ?? 'acheteur'] ?? users.superAdmin;
}

it('declares every query schema strict: an unknown parameter is an unknown field', async () => {
  const lax = (await declaredRoutes())
    .filter((route) => route.query && !PARTNER_CALLBACKS.includes(nameOf(route)))
    .filter((route) => {
      const result = route.query.safeParse({ zzunknown: '1' });
      return result.success || !result.error.issues.some((issue: { code: string; keys?: string[] }) => issue.code === 'unrecognized_keys' && issue.keys?.includes('zzunknown'));
    })
    .map(nameOf);
  expect(lax).toEqual([]);
});

it('answers every declared route called with an undeclared query parameter 400 VALIDATION_ERROR naming it', async () => {
  const app = await createFullApp();
  const routes = (await declaredRoutes()).filter((route) => !PARTNER_CALLBACKS.includes(nameOf(route)));
  const wrong: string[] = [];
  for (let i = 0; i < routes.length; i += 8) {
    await Promise.all(
      routes.slice(i, i + 8).map(async (route) => {
        let call = request(app)[route.method](`${pathOf(route)}?zzunknown=1`);
        const caller = callerOf(route);
        if (caller) call = call.set(bearer(caller.token));
        const res = await call;
        const named = (res.body.details ?? []).some((detail: { field: string; reason: string }) => detail.field === 'query.zzunknown' && detail.reason === 'unknown_field');
        if (res.status !== 400 || res.body.code !== 'VALIDATION_ERROR' || !named) {
          wrong.push(`${nameOf(route)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }),
    );
  }
  expect(wrong).toEqual([]);
  expect(routes.length).toBeGreaterThan(100);
}, 300_000);

describe('a route that declares no query', () => {
  it('refuses GET /api/verification/admin/stats?foo=bar, in the caller’s language, and answers without it', async () => {
    const client = await api();
    const admin = users.superAdmin!;
    const refused = await client.get('/api/verification/admin/stats?foo=bar&lang=en').set(bearer(admin.token)).set('Accept-Language', 'en');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(refused.body.details).toEqual([
      { field: 'query.foo', reason: 'unknown_field', hint: 'This field is not accepted.' },
      { field: 'query.lang', reason: 'unknown_field', hint: 'This field is not accepted.' },
    ]);
    expect((await client.get('/api/verification/admin/stats').set(bearer(admin.token))).status).toBe(200);
  });

  it('refuses a POST with a query parameter and writes nothing', async () => {
    const seller = users.vendeur!;
    const listingId = (await publish(seller)).id;
    const client = await api();
    const refused = await client.post('/api/chat/rooms?debug=1').set(bearer(users.acheteur!.token)).send({ contextKind: 'article', contextId: listingId });
    expect([refused.status, refused.body.code, refused.body.details?.[0]?.field]).toEqual([400, 'VALIDATION_ERROR', 'query.debug']);
    expect((await db().collection(COLLECTIONS.chatRooms).where('contextId', '==', listingId).get()).size).toBe(0);
  });

  it('refuses a public route’s query parameter too', async () => {
    const res = await (await api()).get('/api/geo/countries?x=1');
    expect([res.status, res.body.code, res.body.details]).toEqual([400, 'VALIDATION_ERROR', [{ field: 'query.x', reason: 'unknown_field', hint: 'This field is not accepted.' }]]);
    expect((await (await api()).get('/api/geo/countries')).status).toBe(200);
  });
});
