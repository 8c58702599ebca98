/**
 * Builds the OpenAPI 3.0.0 document from the routers' declarations. Nothing here is written by
 * hand per route: paths, parameters, bodies, success shapes and error responses all come from the
 * route definitions, and the error responses from the codes each route declares plus those its
 * access and validation imply.
 */
import { OpenAPIRegistry, OpenApiGeneratorV3, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z, type ZodType } from 'zod';
import { type ErrorCode, statusOf } from './error-codes';
import { messageFor } from './i18n';
import type { ApiRouter, DeclaredRoute, RouteDefinition } from './http';
import { config } from './config';
import { callerReads, readCeilingOf } from './read-ceiling';
import { needsAppCheck } from './app-check';
import { conditionalRoleText } from './access-matrix';
import { errorCodesOf } from './route-errors';

// The codes of a route are read by the router too: they live in route-errors.ts, named here for the document's users.
export { errorCodesOf };

export const ApiErrorSchema = z
  .object({
    success: z.literal(false),
    code: z.string().meta({ description: 'Stable error code.', example: 'VALIDATION_ERROR' }),
    message: z.string().meta({ description: 'Message in the language chosen by Accept-Language (fr by default, en).' }),
    details: z
      .array(
        z.object({
          field: z.string().meta({ example: 'body.telephone' }),
          reason: z.string().meta({ example: 'invalid_type' }),
          hint: z.string().optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ApiError', description: 'Every error answer of the service.' });

export const ApiSuccessSchema = z
  .object({ success: z.literal(true), data: z.unknown().optional() })
  .meta({ id: 'ApiSuccess', description: 'Generic success envelope: `data` holds the operation result.' });

const PaginationSchema = z
  .object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'Pagination' });

export type DocumentInfo = Parameters<OpenApiGeneratorV3['generateDocument']>[0]['info'];

/** Express `:id` to OpenAPI `{id}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function buildOpenApiDocument(info: DocumentInfo, routers: ApiRouter[], sharedSchemas: ZodType[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'ID token of the identity provider: `Authorization: Bearer <ID_TOKEN>`.',
  });
  registry.registerComponent('securitySchemes', 'appCheck', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Firebase-AppCheck',
    description:
      'Firebase App Check token of the calling app (docs/api-conventions.md, App Check): required once deployed (FIREBASE_APP_CHECK_ENFORCED, on by default in production) on the apps’ free actions and every signed-in route, ' +
      'verified whenever sent (401 APP_CHECK_FAILED); a web app’s token makes the request the dashboard’s (captcha, session). Under `npm start` a debug token of functions/.env.demo-marketplace stands for an app.',
  });
  // Schemas carry their component name in `.meta({ id })`; handing them to the generator as
  // schema definitions publishes them even when no route uses them yet.
  for (const schema of [ApiErrorSchema, ApiSuccessSchema, ...sharedSchemas]) {
    if (!z.globalRegistry.get(schema)?.id) throw new Error('A shared schema has no .meta({ id })');
  }
  const schemaDefinitions = [ApiErrorSchema, ApiSuccessSchema, ...sharedSchemas].map((schema) => ({ type: 'schema' as const, schema }));
  for (const route of routers.flatMap((router) => router.routes)) {
    registry.registerPath(describeRoute(route));
  }
  const generator = new OpenApiGeneratorV3([...schemaDefinitions, ...registry.definitions]);
  return generator.generateDocument({
    openapi: '3.0.0',
    info,
    servers: [{ url: '/', description: 'The base URL of the service ({base_url})' }],
  });
}

function describeRoute(route: RouteDefinition): Parameters<OpenAPIRegistry['registerPath']>[0] {
  const common = {
    method: route.method,
    path: toOpenApiPath(route.path),
    tags: route.tags,
    summary: route.summary,
  };
  if (route.kind === 'raw') {
    return {
      ...common,
      security: [],
      ...(route.params ? { request: { params: route.params } } : {}),
      responses: {
        200: { description: route.summary, content: { [route.contentType]: { schema: { type: 'string' } } } },
        ...errorResponses([...(route.errors ?? []), 'INTERNAL']),
      },
    };
  }
  const reads = readCeilingOf(route, config());
  return {
    ...common,
    description: withConditionalRoles(route, reads === undefined ? route.description : withReadCeiling(route, reads)),
    ...(reads === undefined ? {} : { 'x-max-documents-read': reads }),
    deprecated: route.deprecated,
    security: securityOf(route),
    request: {
      params: route.params,
      query: route.query,
      body: route.upload
        ? {
            required: true,
            description: `The file's bytes; at most ${route.upload.maxBytes}. Its type is read from its content.`,
            content: binary(route.upload.contentTypes),
          }
        : route.body
          ? { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema: route.body } } }
          : undefined,
    },
    responses: { ...successResponse(route), ...errorResponses(errorCodesOf(route), limitOf(route)) },
  };
}

/** The route's requirements: the bearer token by its access (an optional one: with or without), each with the App Check token where it reads one. */
function securityOf(route: DeclaredRoute): Array<Record<string, string[]>> {
  const app: Record<string, string[]> = needsAppCheck(route) ? { appCheck: [] } : {};
  if (route.access === 'public') return needsAppCheck(route) ? [app] : [];
  if (route.access === 'optional') return [app, { bearer: [], ...app }];
  return [{ bearer: [], ...app }];
}

/** The route's ceiling of documents read, as the last paragraph of its description. */
function withReadCeiling(route: DeclaredRoute, reads: number): string {
  const router = [callerReads(route.access) > 0 ? 'the caller’s profile and session' : '', route.rateLimit || route.userRateLimit ? 'its rate limits’ counters' : ''].filter(Boolean).join(' and ');
  const line = `Reads at most ${reads} documents${router ? ` (${router} included)` : ''}: ${route.reads!.why}`;
  return route.description ? `${route.description}\n\n${line}` : line;
}

/** The route's role rules on what is asked (core/access-matrix.ts), one paragraph, after what its description says. */
function withConditionalRoles(route: DeclaredRoute, description: string | undefined): string | undefined {
  if (!route.conditionalRoles?.length) return description;
  const rules = `Role rules on what is asked: ${route.conditionalRoles.map(conditionalRoleText).join(' ')}`;
  return description ? `${description}\n\n${rules}` : rules;
}

/** Content of a binary body or answer, one entry per accepted type. */
function binary(types: readonly string[]) {
  return Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]));
}

function successResponse(route: DeclaredRoute): Record<string, ResponseConfig> {
  if (route.kind === 'file') return { 200: { description: route.success.description, content: binary(route.success.contentTypes) } };
  const schema =
    route.kind === 'list'
      ? z.object({ success: z.literal(true), data: z.array(route.success.item), pagination: PaginationSchema })
      : z.object({ success: z.literal(true), data: route.success.data });
  const status = route.kind === 'list' ? 200 : (route.success.status ?? 200);
  return { [status]: { description: route.success.description, content: { 'application/json': { schema } } } };
}

/**
 * What a limited route's 429 says besides its codes: for a per-user or keyed limit whose count,
 * which setting, which window. Every RATE_LIMITED answer carries `Retry-After` (payment starts,
 * counted by their service, too), which `errorResponses` documents.
 */
function limitOf(route: DeclaredRoute): { note?: string } | undefined {
  const notes: string[] = [];
  const limit = route.userRateLimit;
  if (limit) {
    const perAddress = `\`${limit.anonymous?.setting ?? limit.setting}\` requests per client address`;
    const perUser = `\`${limit.setting}\` requests per user`;
    const who = route.access === 'public' ? perAddress : route.access === 'optional' ? `${perUser} (without a token, ${perAddress})` : perUser;
    notes.push(`At most ${who} and ${limit.window} (scope \`${limit.scope}\`: the routes of a scope share one count).`);
  }
  const keyed = route.keyedRateLimit;
  if (keyed) {
    const { setting, window, scope } = keyed.policy;
    notes.push(`At most \`${setting}\` requests per ${keyed.per} in a window of ${window}, from any address (scope \`${scope}\`: the routes of a scope share one count).`);
  }
  return notes.length > 0 ? { note: notes.join('\n\n') } : undefined;
}

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds until the limit’s window ends.', schema: { type: 'integer' as const, minimum: 1 } },
};

function errorResponses(codes: readonly ErrorCode[], limit?: { note?: string }) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        status,
        {
          description: [...codes.map((code) => `\`${code}\`: ${messageFor(code, 'en')}`), ...(status === 429 && limit?.note ? [limit.note] : [])].join('\n\n'),
          ...(codes.includes('RATE_LIMITED') ? { headers: RETRY_AFTER } : {}),
          // The status's first code as the default language (fr) answers it, rather than the schema's generic example.
          content: { 'application/json': { schema: ApiErrorSchema, example: { success: false, code: codes[0], message: messageFor(codes[0], 'fr') } } },
        },
      ]),
  );
}
