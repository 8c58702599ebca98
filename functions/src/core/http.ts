/**
 * The route machinery every domain uses. A route is declared once, as data: path, access,
 * zod schemas of its input and output, its documented errors, and its handler. From that one
 * declaration the router authenticates, validates, calls the handler, shapes the response, and
 * `openapi.ts` documents it, so the document cannot forget a route or describe another shape.
 *
 * Order of a request: per-address limit (429) -> App Check (401) -> authenticate (401) -> profile,
 * block and role (403), dashboard session (401) -> per-user limit (429)
 * -> validate (400) -> limit per telephone or account (429) -> handler -> `{ success: true, data }`
 * checked against the declared output schema.
 */
import { type Request, type Response, Router } from 'express';
import { z, type ZodType } from 'zod';
import { ACCESS_LEVELS, type Access } from './access';
import { loadProfileCaller, verifyCaller } from './auth';
import { ApiError, type ErrorDetail } from './errors';
import { attest, needsAppCheck } from './app-check';
import { notFoundCodeOf } from './document-id';
import { assertDeprecation, deprecationHeaders } from './deprecation';
import { withRequestSecrets } from './secrets';
import { countKeyedRequest, countUserRequest, rateLimiter } from './rate-limit';
import { requestLanguage } from './request-context';
import type { AnyFileRoute, AnyJsonRoute, AnyListRoute, DeclaredRoute, FileRoute, JsonRoute, ListRoute, RawRoute, RouteDefinition } from './route-types';
import { assertLiveWebSession, isWebClient } from './web-session';
import { guardDeclaredCodes } from './undeclared-codes';

// zod compiles a parser for an object schema on its first parse (`new Function`): milliseconds per
// schema at each cold start, to save microseconds on later parses. Requests parse a few small
// inputs and answers each, so the service parses without generated code (same results).
z.config({ jitless: true });

// What a route is (route-types.ts), named here too for the domains that declare routes with ApiRouter.
export { ACCESS_LEVELS, type Access } from './access';
export type { Page } from './pagination';
export type {
  AnyFileRoute,
  AnyJsonRoute,
  AnyListRoute,
  ConditionalRoleRule,
  DeclaredRoute,
  FileRoute,
  JsonRoute,
  ListRoute,
  Method,
  RawRoute,
  RouteDefinition,
  RouteInput,
} from './route-types';

/**
 * A router whose module is imported on the first request under one of its paths: a function's
 * cold start builds only the routes (and zod schemas) its first request needs. `paths` are the
 * prefixes its routes live under, among its function's (test/platform/deployment.test.ts checks both).
 */
export interface LazyRouter {
  paths: readonly string[];
  load(): Promise<ApiRouter>;
}

/** What an app mounts: a router, or one loaded on demand. */
export type RouterSource = ApiRouter | LazyRouter;

export class ApiRouter {
  readonly express = Router();
  readonly routes: RouteDefinition[] = [];

  json<A extends Access, P extends ZodType | undefined, Q extends ZodType | undefined, B extends ZodType | undefined, D extends ZodType>(
    route: JsonRoute<A, P, Q, B, D>,
  ): this {
    return this.mount(route as unknown as AnyJsonRoute);
  }

  list<A extends Access, P extends ZodType | undefined, Q extends ZodType | undefined, B extends ZodType | undefined, D extends ZodType>(
    route: Omit<ListRoute<A, P, Q, B, D>, 'kind'>,
  ): this {
    return this.mount({ ...route, kind: 'list' } as unknown as AnyListRoute);
  }

  file<A extends Access, P extends ZodType | undefined, Q extends ZodType | undefined, B extends ZodType | undefined>(
    route: Omit<FileRoute<A, P, Q, B>, 'kind'>,
  ): this {
    return this.mount({ ...route, kind: 'file' } as unknown as AnyFileRoute);
  }

  raw(route: Omit<RawRoute, 'kind'>): this {
    const definition: RawRoute = { ...route, kind: 'raw' };
    assertSecurityDeclared(definition);
    this.assertOperationId(definition);
    this.routes.push(definition);
    this.express[route.method](route.path, ...route.handlers, guardDeclaredCodes(definition));
    return this;
  }

  private mount(route: DeclaredRoute): this {
    assertSecurityDeclared(route);
    this.assertOperationId(route);
    this.routes.push(route);
    if (route.deprecated) assertDeprecation(`${route.method.toUpperCase()} ${route.path}`, route.deprecated);
    const before = [
      ...(route.deprecated ? [deprecationHeaders(route.deprecated)] : []),
      ...(route.rateLimit ? [rateLimiter(route.rateLimit)] : []),
      ...(route.before ?? []),
    ];
    // The guard comes last: a refusal of the limiter or of a `before` check is the route's answer too.
    this.express[route.method](route.path, ...before, (req: Request, res: Response) => withRequestSecrets(res, () => this.handle(route, req, res)), guardDeclaredCodes(route));
    return this;
  }

  /** A route's operation id is a method name, and no other route of the router has it (the document checks all routers together). */
  private assertOperationId(route: RouteDefinition): void {
    assertOperationIdShape(route);
    const taken = this.routes.find((other) => other.operationId === route.operationId);
    if (taken) throw new Error(`${route.method.toUpperCase()} ${route.path}: operationId ${route.operationId} is already ${taken.method.toUpperCase()} ${taken.path}'s`);
  }

  private async handle(route: DeclaredRoute, req: Request, res: Response): Promise<void> {
    if (needsAppCheck(route)) await attest(req);
    const caller = await identify(req, route);
    if (route.userRateLimit) await countUserRequest(route.userRateLimit, caller, req, res);
    const input = {
      caller,
      params: parse(route.params, req.params, 'params'),
      // A route that declares no query takes none: unknown parameters are refused as unknown fields are.
      query: route.query ? parse(route.query, req.query, 'query') : void parse(NO_QUERY, req.query, 'query'),
      // Nor a body, unless the route takes a file: an empty one (or none) is all a bodiless route accepts.
      // A request without a body is an empty one: a route whose body fields are all optional (a body
      // added to a route that had none) still takes the calls of apps that send nothing.
      body: route.body ? parse(route.body, req.body ?? {}, 'body') : route.upload ? undefined : void parse(NO_BODY, req.body ?? {}, 'body'),
      language: requestLanguage(req),
      req,
    };
    if (route.keyedRateLimit) await countKeyedRequest(route.keyedRateLimit.policy, route.keyedRateLimit.keys(input), res);
    if (route.kind === 'file') {
      const file = await route.handle(input);
      res.status(200).set('Cache-Control', 'private, no-store').type(file.contentType).send(file.data);
    } else if (route.kind === 'list') {
      const page = await route.handle(input);
      const items = z.array(route.success.item).parse(page.items);
      res.status(200).json({ success: true, data: items, pagination: page.pagination });
    } else {
      const data = route.success.data.parse(await route.handle(input));
      res.status(route.success.status ?? 200).json({ success: true, data });
    }
  }
}

async function identify(req: Request, route: DeclaredRoute) {
  if (route.access === 'public') return undefined;
  // An optional token is the caller's word on who it is, not a sign-in: no dashboard session asked.
  if (route.access === 'optional') return req.get('authorization') ? verifyCaller(req) : undefined;
  const caller = await verifyCaller(req);
  const identified = route.access === 'profile' ? await loadProfileCaller(caller, { roles: route.roles, agentTypes: route.agentTypes }) : caller;
  if (isWebClient(req) && !route.webSessionExempt) await assertLiveWebSession(req, caller.uid);
  return identified;
}

/**
 * A declaration must say all of its security, consistently, or the service does not start: the
 * role matrix (docs/role-matrix.md and its test) is derived from it, so a check it cannot see
 * would be a check nobody documents.
 */
function assertSecurityDeclared(route: RouteDefinition): void {
  const where = `${route.method.toUpperCase()} ${route.path}`;
  if (!ACCESS_LEVELS.includes(route.access)) throw new Error(`${where}: no declared access`);
  if (route.kind === 'raw') {
    if (route.access !== 'public') throw new Error(`${where}: a raw route is public (its handlers make their own checks)`);
    return;
  }
  if ((route.roles || route.agentTypes) && route.access !== 'profile') throw new Error(`${where}: roles and agent types need access 'profile'`);
  if (route.roles?.length === 0) throw new Error(`${where}: an empty list of roles lets nobody in`);
  for (const rule of route.conditionalRoles ?? []) {
    if (route.access !== 'profile' || rule.roles.length === 0) throw new Error(`${where}: a conditional role rule needs access 'profile' and at least one role`);
    if (route.roles && rule.roles.some((role) => !route.roles!.includes(role))) throw new Error(`${where}: a conditional role rule names roles the route does not let in`);
  }
  if (route.agentTypes && (!route.roles?.includes('agentCommercial') || route.agentTypes.length === 0)) {
    throw new Error(`${where}: agent types need roles that include agentCommercial, and at least one type`);
  }
}

const OPERATION_ID = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;

/** lowerCamelCase, a verb then a noun at least (`getListing`): generated clients use it as a method name. */
export function assertOperationIdShape(route: Pick<RouteDefinition, 'method' | 'path' | 'operationId'>): void {
  if (!OPERATION_ID.test(route.operationId ?? '')) {
    throw new Error(`${route.method.toUpperCase()} ${route.path}: operationId ${JSON.stringify(route.operationId)} is not a lowerCamelCase verb and noun`);
  }
}

/** The query of a route that declares none, and the body of one that takes none. */
const NO_QUERY = z.strictObject({});
const NO_BODY = NO_QUERY;

function parse(schema: ZodType | undefined, value: unknown, location: 'params' | 'query' | 'body') {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (result.success) return result.data;
  if (location === 'params') {
    // An id in the path that cannot be a document id names nothing: the route's not-found answer.
    for (const issue of result.error.issues) {
      const notFound = notFoundCodeOf(schema, String(issue.path[0]));
      if (notFound) throw new ApiError(notFound);
    }
  }
  throw new ApiError('VALIDATION_ERROR', result.error.issues.flatMap((issue) => toDetails(issue, location)));
}

function toDetails(issue: z.core.$ZodIssue, location: string): ErrorDetail[] {
  const base = [location, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: `${base}.${key}`, reason: 'unknown_field', hint: 'This field is not accepted.' }));
  }
  return [{ field: base, reason: issue.code, hint: issue.message }];
}
