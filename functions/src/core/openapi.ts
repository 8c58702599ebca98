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
import { headerParametersOf } from './request-headers';
import { audienceOf } from './route-audience';
import { withTypedNullables } from './openapi-nullable';
import { type Deprecation, deprecationHeaderValues, deprecationNote } from './deprecation';
import { conditionalRoleText } from './access-matrix';
import { errorCodesOf } from './route-errors';

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
/** A group of operations, declared at the top of the document with what its operations are about. */
export interface DocumentTag {
  name: string;
  description: string;
}

/** Express `:id` to OpenAPI `{id}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function buildOpenApiDocument(info: DocumentInfo, routers: ApiRouter[], sharedSchemas: ZodType[], tags: readonly DocumentTag[]) {
  const routes = routers.flatMap((router) => router.routes);
  assertNamedOnce(routes, tags);
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
  for (const route of routes) {
    registry.registerPath(describeRoute(route));
  }
  const generator = new OpenApiGeneratorV3([...schemaDefinitions, ...registry.definitions]);
  const document = generator.generateDocument({
    openapi: '3.0.0',
    info,
    servers: [{ url: '/', description: 'The base URL of the service ({base_url})' }],
    tags: tags.map(({ name, description }) => ({ name, description })),
  });
  return withTypedNullables(withHeaderParameters(document, routes));
}

/**
 * Operation ids name generated clients' methods, so two routes may not share one; tags group the
 * operations in every tool, so each one used is declared with its description.
 */
function assertNamedOnce(routes: readonly RouteDefinition[], tags: readonly DocumentTag[]): void {
  const owners = new Map<string, string>();
  const declaredTags = new Set(tags.map((tag) => tag.name));
  for (const route of routes) {
    const where = `${route.method.toUpperCase()} ${route.path}`;
    const owner = owners.get(route.operationId);
    if (owner) throw new Error(`${where}: operationId ${route.operationId} is already ${owner}'s`);
    owners.set(route.operationId, where);
    const undeclared = route.tags.filter((tag) => !declaredTags.has(tag));
    if (undeclared.length > 0) throw new Error(`${where}: tags ${undeclared.join(', ')} are not declared (src/openapi-tags.ts)`);
  }
}

type HeaderParameters = ReturnType<typeof headerParametersOf>;
type GeneratedDocument = ReturnType<OpenApiGeneratorV3['generateDocument']>;

/** Each operation's header parameters, as references to one component per header. */
function withHeaderParameters(document: GeneratedDocument, routes: readonly RouteDefinition[]): GeneratedDocument {
  const components: HeaderParameters = {};
  for (const route of routes) {
    const operation = document.paths[toOpenApiPath(route.path)]?.[route.method];
    if (!operation) throw new Error(`${route.method.toUpperCase()} ${route.path}: not in the document`);
    const headers = headerParametersOf(route.kind === 'raw' ? { access: route.access, headers: route.headers } : route);
    Object.assign(components, headers);
    const references = Object.keys(headers).map((name) => ({ $ref: `#/components/parameters/${name}` }));
    operation.parameters = [...(operation.parameters ?? []), ...references];
  }
  document.components = { ...document.components, parameters: { ...document.components?.parameters, ...components } };
  return document;
}

function describeRoute(route: RouteDefinition): Parameters<OpenAPIRegistry['registerPath']>[0] {
  const common = {
    method: route.method,
    path: toOpenApiPath(route.path),
    operationId: route.operationId,
    tags: route.tags,
    summary: route.summary,
  };
  if (route.kind === 'raw') {
    const content = Object.fromEntries(route.contentTypes.map((type) => [type, { schema: { type: 'string' as const } }]));
    return {
      ...common,
      description: descriptionOf(route),
      security: [],
      ...(route.params ? { request: { params: route.params } } : {}),
      responses: {
        200: { description: route.summary, content },
        // The app parses a JSON body before any route: a malformed one is refused whatever the path.
        ...errorResponses([...(route.errors ?? []), 'INVALID_JSON', 'INTERNAL']),
      },
    };
  }
  const reads = readCeilingOf(route, config());
  return {
    ...common,
    description: descriptionOf(route, reads),
    ...(reads === undefined ? {} : { 'x-max-documents-read': reads }),
    ...(route.deprecated ? { deprecated: true, 'x-sunset': route.deprecated.sunset } : {}),
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

/**
 * What an operation's description says, a paragraph each: what the route does, who may call it,
 * when it goes (deprecated), how much it reads, and its role rules on what is asked.
 */
function descriptionOf(route: RouteDefinition, reads?: number): string {
  const paragraphs = [route.description ?? `${route.summary}.`, audienceOf(route)];
  if (route.kind !== 'raw') {
    if (route.deprecated) paragraphs.push(deprecationNote(route.deprecated));
    if (reads !== undefined) paragraphs.push(readCeilingLine(route, reads));
    if (route.conditionalRoles?.length) paragraphs.push(`Role rules on what is asked: ${route.conditionalRoles.map(conditionalRoleText).join(' ')}`);
  }
  return paragraphs.join('\n\n');
}

/** The route's ceiling of documents read. */
function readCeilingLine(route: DeclaredRoute, reads: number): string {
  const router = [callerReads(route.access) > 0 ? 'the caller’s profile and session' : '', route.rateLimit || route.userRateLimit ? 'its rate limits’ counters' : ''].filter(Boolean).join(' and ');
  return `Reads at most ${reads} documents${router ? ` (${router} included)` : ''}: ${route.reads!.why}`;
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
  const headers = route.deprecated ? { headers: deprecationHeadersDocumented(route.deprecated) } : {};
  return { [status]: { description: route.success.description, ...headers, content: { 'application/json': { schema } } } };
}

/** What a deprecated route's answers carry (core/deprecation.ts), its own values as examples. */
function deprecationHeadersDocumented(deprecation: Deprecation) {
  const values = deprecationHeaderValues(deprecation);
  return {
    Deprecation: { description: 'When the route was deprecated (RFC 9745): `@` and a Unix time.', schema: { type: 'string' as const, example: values.Deprecation } },
    Sunset: { description: 'After which day a major release may remove it (RFC 8594).', schema: { type: 'string' as const, example: values.Sunset } },
  };
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
