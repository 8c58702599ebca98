/**
 * Bad input over the whole interface, generated from the route declarations (the same ones the
 * OpenAPI document is made of): ids that cannot be document ids, bodies of the wrong shape or
 * type, unknown fields, malformed queries, files that are not files. Whatever the route, the
 * answer is never a 5xx, and every 4xx is an ApiError whose code has that status.
 */
import request from 'supertest';
import { createFullApp } from '../../functions/src/app';
import { isErrorCode, statusOf } from '../../functions/src/core/error-codes';
import type { RouteDefinition } from '../../functions/src/core/http';
import { ADMIN_ROLES, AGENT_TYPES, type AgentType, type Role } from '../../functions/src/core/roles';
import { allRouters } from '../../functions/src/groups';
import { createUser, type TestUser } from '../helpers/accounts';
import { resetEmulators } from '../helpers/emulators';

/** Ids Firestore refuses, or that would address another document, as they arrive in a URL. */
const BAD_IDS = ['__proto__', '__x__', 'a%2Fb', 'a%2Fb%2Fc', '..', '%2E%2E', 'x'.repeat(1600), '%00', 'abc%2Fwithdraw'];
const BAD_VALUES: unknown[] = [{ nested: true }, ['a', 'b'], -1, 1e308, '', '__x__', 'a/b', null, true, 'x'.repeat(5000)];

interface Attempt {
  label: string;
  method: string;
  path: string;
  query?: string;
  body?: unknown;
  raw?: { contentType: string; bytes: Buffer };
}

type Shape = Record<string, unknown>;
const shapeOf = (schema: unknown): Shape => ((schema as { shape?: Shape } | undefined)?.shape ?? {});

function pathWith(path: string, id: (name: string) => string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => id(name));
}

/** About ten bad requests for one route. */
function attemptsFor(route: RouteDefinition): Attempt[] {
  const method = route.method;
  const good = pathWith(route.path, () => 'no-such-id-0001');
  const attempts: Attempt[] = [];
  if (route.path.includes(':')) {
    for (const id of BAD_IDS) attempts.push({ label: `path id ${id.slice(0, 20)}`, method, path: pathWith(route.path, () => id) });
  }
  if (route.kind === 'raw') {
    attempts.push({ label: 'raw, no query', method, path: good }, { label: 'raw, odd query', method, path: good, query: 'x=%ZZ&y[]=1' });
    return attempts;
  }
  if (route.upload) {
    attempts.push(
      { label: 'upload: text', method, path: good, raw: { contentType: 'text/plain', bytes: Buffer.from('not a file at all') } },
      { label: 'upload: empty', method, path: good, raw: { contentType: 'image/jpeg', bytes: Buffer.alloc(0) } },
      { label: 'upload: json', method, path: good, body: { file: 'x' } },
    );
  } else if (method !== 'get' && method !== 'delete') {
    const keys = Object.keys(shapeOf(route.body));
    attempts.push(
      { label: 'body: array', method, path: good, body: [] },
      { label: 'body: string', method, path: good, body: '"text"' },
      { label: 'body: empty object', method, path: good, body: {} },
      { label: 'body: unknown field', method, path: good, body: { unknownField: 1, statut: 'success' } },
    );
    BAD_VALUES.forEach((value, i) => {
      if (keys.length) attempts.push({ label: `body: every field = value ${i}`, method, path: good, body: Object.fromEntries(keys.map((key) => [key, value])) });
    });
  }
  const queryKeys = Object.keys(shapeOf(route.query));
  attempts.push({ label: 'query: bad page', method, path: good, query: 'page=-1&limit=abc' });
  if (queryKeys.length) {
    attempts.push(
      { label: 'query: repeated keys', method, path: good, query: queryKeys.map((key) => `${key}=a&${key}=b`).join('&') },
      { label: 'query: bad ids', method, path: good, query: queryKeys.map((key) => `${key}=__x__`).join('&') },
      { label: 'query: nested', method, path: good, query: queryKeys.map((key) => `${key}[a]=1`).join('&') },
    );
  }
  return attempts;
}

let tokens: Partial<Record<Role | AgentType, TestUser>> = {};

beforeAll(async () => {
  await resetEmulators();
  const roles: Role[] = ['acheteur', 'vendeur', 'chauffeur', 'transitaire', 'livreur', 'agentCommercial', 'superAdmin'];
  tokens = Object.fromEntries(await Promise.all(roles.map(async (role) => [role, await createUser(role)])));
  // Agents of each type, for the routes that let in one type only (so the request reaches validation).
  for (const type of AGENT_TYPES) tokens[type] = await createUser('agentCommercial', {}, type);
});

/** A caller the route admits, so the request reaches validation and the handler. */
function callerOf(route: RouteDefinition): TestUser | undefined {
  if (route.kind === 'raw' || route.access === 'public') return undefined;
  if (route.agentTypes) return tokens[route.agentTypes[0]];
  const roles = route.roles ?? [];
  const role = roles.find((candidate) => (ADMIN_ROLES as readonly string[]).includes(candidate)) ? 'superAdmin' : (roles[0] ?? 'acheteur');
  return tokens[role as Role] ?? tokens.superAdmin;
}

it('answers every generated bad request with a 4xx ApiError (or a success), never a 5xx', async () => {
  const app = await createFullApp();
  const routes = (await allRouters()).flatMap((router) => router.routes);
  const failures: string[] = [];
  let sent = 0;
  const work = routes.flatMap((route) => attemptsFor(route).map((attempt) => ({ route, attempt })));
  // A few at a time: in process, against the emulators.
  for (let i = 0; i < work.length; i += 8) {
    await Promise.all(
      work.slice(i, i + 8).map(async ({ route, attempt }) => {
        const url = attempt.query ? `${attempt.path}?${attempt.query}` : attempt.path;
        let call = request(app)[attempt.method as 'get'](url).set('Accept-Language', i % 16 === 0 ? 'en' : 'fr');
        const caller = callerOf(route);
        if (caller) call = call.set('Authorization', `Bearer ${caller.token}`);
        if (attempt.raw) call = call.set('Content-Type', attempt.raw.contentType).send(attempt.raw.bytes);
        else if (typeof attempt.body === 'string') call = call.set('Content-Type', 'application/json').send(attempt.body);
        else if (attempt.body !== undefined) call = call.send(attempt.body as object);
        const res = await call;
        sent += 1;
        const where = `${attempt.method.toUpperCase()} ${route.path} [${attempt.label}] -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        if (res.status >= 500) return void failures.push(where);
        if (res.status >= 400) {
          const { success, code, message } = res.body ?? {};
          if (success !== false || !isErrorCode(code) || statusOf(code) !== res.status || typeof message !== 'string' || !message) failures.push(where);
        }
      }),
    );
  }
  expect(failures).toEqual([]);
  expect(routes.length).toBeGreaterThan(100);
  expect(sent).toBeGreaterThan(routes.length * 8);
}, 600_000);

it('answers a path id that cannot be a document id with the route’s own not-found code', async () => {
  const app = await createFullApp();
  const admin = tokens.superAdmin!;
  const cases: Array<[string, string]> = [
    ['/api/articles/__proto__', 'ARTICLE_NOT_FOUND'],
    ['/api/public/articles/a%2Fb', 'ARTICLE_NOT_FOUND'],
    ['/api/users/__x__', 'USER_NOT_FOUND'],
    [`/api/users/${'u'.repeat(1600)}`, 'USER_NOT_FOUND'],
    ['/api/payments/a%2Fb%2Fc', 'PAYMENT_NOT_FOUND'],
    ['/api/payments/public/status/..', 'PAYMENT_NOT_FOUND'],
    ['/api/transitaires/verification/admin/demandes/__x__', 'USER_NOT_FOUND'],
  ];
  for (const [path, code] of cases) {
    const res = await request(app).get(path).set('Authorization', `Bearer ${admin.token}`);
    expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code });
  }
  const inBody = await request(app).post('/api/publicites').set('Authorization', `Bearer ${tokens.vendeur!.token}`).send({ articleId: 'a/b', typePub: 'sponsorise', duree: 7 });
  expect(inBody.status).toBe(400);
  expect(inBody.body.code).toBe('VALIDATION_ERROR');
  expect(inBody.body.details).toEqual([expect.objectContaining({ field: 'body.articleId' })]);
});
