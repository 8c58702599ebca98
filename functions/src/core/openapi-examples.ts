/**
 * Examples of the OpenAPI document: one request and one answer per operation, recorded from a real
 * run of the demo data (`npm run examples`, src/cli/record-examples.ts), never typed by hand. This
 * file says what an example is, checks one against its route's own schemas (the recorder keeps only
 * examples that pass, and a test holds the checked-in file to the same check), and puts them on the
 * document: `example` on each path and query parameter, on the JSON request body and on the
 * recorded answer's JSON content, so that Swagger UI's "Try it out" starts from a request that works.
 */
import { z } from 'zod';
import { type ErrorCode, statusOf } from './error-codes';
import type { DeclaredRoute, RouteDefinition } from './http';
import { ApiErrorSchema, toOpenApiPath } from './openapi';
import { errorCodesOf } from './route-errors';

export interface OperationExample {
  /** The demo account the request was sent as (README's demo accounts), or `anonymous`. */
  caller: string;
  request: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    /** A binary body (file upload): its type and size; the document shows a file picker instead. */
    file?: { contentType: string; bytes: number };
  };
  answer: {
    status: number;
    /** Content type of an answer that is not JSON (a page, a file): its bytes are not kept. */
    contentType?: string;
    body?: unknown;
  };
  /**
   * The operation is shown refusing (a webhook without a partner's signature, a replay with no
   * parked run): the request is well formed, and the answer is one of its documented codes.
   */
  refused?: true;
}

/** Examples by operation, `METHOD /openapi/path` (`GET /api/orders/{id}`). */
export type OperationExamples = Record<string, OperationExample>;

export function operationKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`;
}

/** What is wrong with `example` as an example of `route` (nothing: an empty list). */
export function exampleProblems(route: RouteDefinition, example: OperationExample): string[] {
  const problems: string[] = [];
  const { status } = example.answer;
  if (example.refused) {
    const parsed = ApiErrorSchema.safeParse(example.answer.body);
    if (!parsed.success) problems.push(`refusal: not an ApiError body (${parsed.error.message})`);
    else {
      const codes: readonly string[] = route.kind === 'raw' ? [...(route.errors ?? []), 'INTERNAL'] : errorCodesOf(route);
      if (!codes.includes(parsed.data.code)) problems.push(`refusal: ${parsed.data.code} is not a documented code of the route`);
      else if (statusOf(parsed.data.code as ErrorCode) !== status) problems.push(`refusal: status ${status} is not that of ${parsed.data.code}`);
    }
  } else if (status < 200 || status >= 300) problems.push(`answer: status ${status} is not a success (and not marked refused)`);
  if (route.kind === 'raw') return problems;
  problems.push(...inputProblems(route, example));
  if (!example.refused) {
    const answer = answerSchema(route);
    if (answer) {
      const parsed = answer.safeParse(example.answer.body);
      if (!parsed.success) problems.push(`answer: ${issuesOf(parsed.error)}`);
      const expected = route.kind === 'list' || route.kind === 'file' ? 200 : (route.success.status ?? 200);
      if (status !== expected) problems.push(`answer: status ${status}, the route answers ${expected}`);
    } else if (!example.answer.contentType) problems.push('answer: a file answer without its content type');
  }
  return problems;
}

/** The request's params, query and body against the route's own schemas (as its router parses them). */
function inputProblems(route: DeclaredRoute, example: OperationExample): string[] {
  const problems: string[] = [];
  const check = (where: string, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) {
      if (value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0)) problems.push(`${where}: the route takes none`);
      return;
    }
    const parsed = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
    if (!parsed.success) problems.push(`${where}: ${issuesOf(parsed.error)}`);
  };
  check('params', route.params, example.request.params);
  check('query', route.query, example.request.query);
  if (route.upload) {
    if (!example.request.file || !route.upload.contentTypes.includes(example.request.file.contentType)) problems.push('body: an upload without a file of an accepted type');
  } else check('body', route.body, example.request.body);
  return problems;
}

/** The schema of a route's JSON success answer (undefined for a file). */
function answerSchema(route: DeclaredRoute): z.ZodType | undefined {
  if (route.kind === 'file') return undefined;
  if (route.kind === 'list') {
    const pagination = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() });
    return z.object({ success: z.literal(true), data: z.array(route.success.item), pagination });
  }
  return z.object({ success: z.literal(true), data: route.success.data });
}

function issuesOf(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ');
}

type Parameter = { in: string; name: string; example?: unknown; schema?: { type?: string } };
type Content = Record<string, { example?: unknown }>;
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
};

/**
 * A recorded parameter as its documented schema shows it: the wire carries text (`?page=1`), the
 * schema the number or flag the route reads from it, and an example is checked against the schema.
 */
function asDocumented(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** `document` with each operation's example on its parameters, request body and recorded answer. */
export function withExamples<D extends { paths?: unknown }>(document: D, examples: OperationExamples): D {
  const copy = structuredClone(document);
  const paths = (copy.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const example = examples[`${method.toUpperCase()} ${path}`];
      if (!example) continue;
      for (const parameter of operation.parameters ?? []) {
        const values = parameter.in === 'path' ? example.request.params : parameter.in === 'query' ? example.request.query : undefined;
        if (values?.[parameter.name] !== undefined) parameter.example = asDocumented(values[parameter.name], parameter.schema?.type);
      }
      const body = operation.requestBody?.content?.['application/json'];
      if (body && example.request.body !== undefined) body.example = example.request.body;
      const answer = operation.responses?.[String(example.answer.status)]?.content?.['application/json'];
      if (answer && example.answer.body !== undefined) answer.example = example.answer.body;
    }
  }
  return copy;
}
