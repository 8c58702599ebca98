/**
 * A route's declaration, as data (core/http.ts serves it, core/openapi.ts documents it): its method
 * and path, access, schemas, errors, limits and handler. Types only, in a file of their own, so the
 * modules the router uses (headers, pagination, error codes, read ceilings) can name a route without
 * importing the router.
 */
import type { Request, RequestHandler } from 'express';
import type { z, ZodType } from 'zod';
import type { Access } from './access';
import type { ProfileCaller, TokenCaller } from './auth';
import type { Deprecation } from './deprecation';
import type { ErrorCode } from './error-codes';
import type { Language } from './i18n';
import type { Page } from './pagination';
import type { RateLimitPolicy, UserRateLimitPolicy } from './rate-limit';
import type { ReadCeiling } from './read-ceiling';
import type { RouteHeaderName } from './request-headers';
import type { AgentType, Role } from './roles';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type CallerOf<A extends Access> = A extends 'profile'
  ? ProfileCaller
  : A extends 'token'
    ? TokenCaller
    : A extends 'optional'
      ? TokenCaller | undefined
      : undefined;

type Input<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteInput<A extends Access, P, Q, B> {
  caller: CallerOf<A>;
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
  language: Language;
  req: Request;
}

/**
 * When `when` holds (what is asked, or the thing it names), only `roles`, among the callers the route
 * lets in, may go on; the others are answered `code` (one of the route's codes through it).
 */
export interface ConditionalRoleRule {
  roles: readonly Role[];
  /** The condition, in a phrase that follows "when": `the new role is an admin level`. */
  when: string;
  code: ErrorCode;
}

interface RouteBase<A extends Access, P, Q, B> {
  method: Method;
  /** Full Express path, prefix included (`/api/users/:id`): the same router serves Hosting and direct calls. */
  path: string;
  /**
   * The operation's name in the contract (docs/api-conventions.md, "Operation ids"): generated
   * clients name their method after it, so it is a lowerCamelCase verb and noun (`listMyOrders`),
   * unique in the service, and renaming it is a breaking change.
   */
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /** A route on its way out (core/deprecation.ts): documented so, and its answers say when it goes. */
  deprecated?: Deprecation;
  access: A;
  /** Roles allowed; only with `access: 'profile'`. */
  roles?: readonly Role[];
  /**
   * Agent types allowed (checked after the role: AGENT_TYPE_FORBIDDEN); only with `roles` that
   * include `agentCommercial`, and only agents are held to it.
   */
  agentTypes?: readonly AgentType[];
  /**
   * Role rules that depend on what is asked, which the router cannot check: the handler does, and
   * declares them here so that the role matrix and the document show them (core/access-matrix.ts).
   */
  conditionalRoles?: readonly ConditionalRoleRule[];
  params?: P;
  /** A route without `query` takes none: any query parameter is a 400 VALIDATION_ERROR. */
  query?: Q;
  body?: B;
  /** Error codes this route can answer besides those its access and validation imply. */
  errors?: readonly ErrorCode[];
  /** Counted against this shared rate limit before anything else (429 RATE_LIMITED). */
  rateLimit?: RateLimitPolicy;
  /**
   * Counted per caller after authentication, before validation (429 RATE_LIMITED): per signed-in
   * user, per client address without a token (core/user-limits.ts lists the limited actions).
   */
  userRateLimit?: UserRateLimitPolicy;
  /**
   * Counted per key of what the request is after (the telephone a code goes to, the account:
   * core/rate-limit.ts, `accountKey`, `telephoneKey`) once its input is valid, before the handler
   * (429 RATE_LIMITED): no address a client changes gives it a fresh count. `per` names the keys
   * in the document.
   */
  keyedRateLimit?: { policy: UserRateLimitPolicy; per: string; keys(input: RouteInput<A, P, Q, B>): ReadonlyArray<string | undefined> };
  /**
   * Whether the route reads the App Check token (core/app-check.ts, `needsAppCheck`): by default the
   * signed-in routes and the free actions (a limit or an upload marks them) do; a public free action
   * without a limit says `true`. Enforced in a deployed function (core/app-check.ts, `appCheckEnforced`); a sent token is verified either way.
   */
  appCheck?: boolean;
  /** The route that opens a web session cannot require one. */
  webSessionExempt?: boolean;
  /** Checks of the raw request before authentication (webhook signatures). */
  before?: RequestHandler[];
  /**
   * Headers its handler or `before` reads (core/request-headers.ts): documented as the route's
   * parameters, beside those the machinery reads for every route or derives from its access.
   */
  headers?: readonly RouteHeaderName[];
  /** A binary body (file upload) of these content types, instead of JSON. */
  upload?: { contentTypes: readonly string[]; maxBytes: string };
  /** The most documents a request reads (core/read-ceiling.ts); every list and search declares it. */
  reads?: ReadCeiling;
}

export interface JsonRoute<A extends Access, P, Q, B, D extends ZodType> extends RouteBase<A, P, Q, B> {
  kind?: 'json';
  success: { status?: 200 | 201; description: string; data: D };
  handle(input: RouteInput<A, P, Q, B>): Promise<z.input<D>>;
}

export interface ListRoute<A extends Access, P, Q, B, D extends ZodType> extends RouteBase<A, P, Q, B> {
  kind: 'list';
  success: { description: string; item: D };
  handle(input: RouteInput<A, P, Q, B>): Promise<Page<z.input<D>>>;
}

/**
 * A route that answers a file's bytes instead of JSON, after the same access and validation, and
 * keeps them out of every cache (private files: identity cards).
 */
export interface FileRoute<A extends Access, P, Q, B> extends RouteBase<A, P, Q, B> {
  kind: 'file';
  success: { description: string; contentTypes: readonly string[] };
  handle(input: RouteInput<A, P, Q, B>): Promise<{ data: Buffer; contentType: string }>;
}

/** A route that writes its own response (HTML, files); documented by content type only. */
export interface RawRoute {
  kind: 'raw';
  /**
   * The router authenticates nobody here: a raw route is public, and whatever it checks (a webhook's
   * verify token, a signed link) is its handlers' own, answered with the codes of `errors`.
   */
  access: 'public';
  method: Method;
  path: string;
  /** As a declared route's (RouteBase). */
  operationId: string;
  tags: string[];
  summary: string;
  /** What it does and for whom, when the summary does not say it all. */
  description?: string;
  /** The content types it may answer with (a stored file: the type it was stored with). */
  contentTypes: readonly string[];
  /** Headers its handlers read (core/request-headers.ts). */
  headers?: readonly RouteHeaderName[];
  /**
   * Its path parameters, for the document (Swagger UI fills and sends them): the handlers read and
   * check them, answering with the codes of `errors`.
   */
  params?: z.ZodObject;
  /** Error codes it answers (as ApiError bodies). */
  errors?: readonly ErrorCode[];
  handlers: RequestHandler[];
}

// The router stores routes with their generics erased; each was type-checked where it was declared.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type AnyJsonRoute = JsonRoute<Access, any, any, any, ZodType>;
export type AnyListRoute = ListRoute<Access, any, any, any, ZodType>;
export type AnyFileRoute = FileRoute<Access, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
/** The routes the router authenticates and validates itself. */
export type DeclaredRoute = AnyJsonRoute | AnyListRoute | AnyFileRoute;
export type RouteDefinition = DeclaredRoute | RawRoute;
