/**
 * Sends real requests to the service served on a loopback port, as a demo account, and keeps for
 * each operation the first answered request that makes a good example: a success, checked against
 * the route's own schemas (core/openapi-examples.ts), or, where a step says the operation can only
 * be shown refusing, its documented refusal (a later success replaces it).
 */
import type { RouteDefinition } from '../../core/http';
import type { ExampleAnswer, ExampleCall, ExampleRecorder } from '../../core/examples/walk';
import { exampleProblems, operationKey, type OperationExample, type OperationExamples } from '../../core/openapi-examples';

export class Recorder implements ExampleRecorder {
  readonly examples: OperationExamples = {};
  /** Ids read from the answers: by the path (template) that answered them, and by field name. */
  readonly idsByPath = new Map<string, string[]>();
  readonly idsByField = new Map<string, string[]>();
  private readonly routes = new Map<string, RouteDefinition>();

  constructor(
    private readonly baseUrl: string,
    private readonly tokens: ReadonlyMap<string, string>,
    routes: readonly RouteDefinition[],
  ) {
    for (const route of routes) this.routes.set(operationKey(route), route);
  }

  operations(): string[] {
    return [...this.routes.keys()];
  }

  route(key: string): RouteDefinition {
    const route = this.routes.get(key);
    if (!route) throw new Error(`No operation ${key}`);
    return route;
  }

  has(key: string): boolean {
    const example = this.examples[key];
    return Boolean(example && !example.refused);
  }

  /** Sends `key` (`POST /api/orders/{id}/cancel`) as `caller`, keeps it as its example when it makes one. */
  async call(key: string, caller: string, call: ExampleCall = {}): Promise<ExampleAnswer> {
    const route = this.route(key);
    const path = key.slice(key.indexOf(' ') + 1).replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = call.params?.[name];
      if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { 'accept-language': 'fr', ...call.headers };
    const token = this.tokens.get(caller);
    if (caller !== 'anonymous' && !token) throw new Error(`No demo account ${caller}`);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | Buffer | undefined;
    if (call.file) {
      headers['content-type'] = call.file.contentType;
      body = call.file.data;
    } else if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const response = await fetch(url, { method: route.method.toUpperCase(), headers, body });
    const contentType = response.headers.get('content-type') ?? '';
    const json = contentType.includes('application/json');
    const answer: ExampleAnswer = { status: response.status, body: json ? await response.json() : await response.arrayBuffer().then(() => undefined) };
    // A raw route's success (a page, the document itself) is shown by its type only: the document
    // holding itself as an example would grow at every run. Its refusals are ApiError bodies.
    const shownByType = !json || (route.kind === 'raw' && response.ok);
    this.keep(key, route, caller, call, answer, shownByType ? contentType.split(';')[0] : undefined);
    if (answer.status >= 300 && !call.quiet && !call.refusal) console.log(`  ${key} as ${caller}: ${answer.status} ${answer.body?.code ?? ''} ${JSON.stringify(answer.body?.details ?? '')}`);
    if (answer.status < 300 && json) this.harvest(key.slice(key.indexOf(' ') + 1), answer.body?.data);
    return answer;
  }

  private keep(key: string, route: RouteDefinition, caller: string, call: ExampleCall, answer: ExampleAnswer, contentType: string | undefined): void {
    const success = answer.status >= 200 && answer.status < 300;
    if (this.has(key) || (!success && !call.refusal) || (!success && this.examples[key])) return;
    const example: OperationExample = {
      caller,
      request: {
        ...(call.params ? { params: call.params } : {}),
        ...(call.query ? { query: call.query } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(call.file ? { file: { contentType: call.file.contentType, bytes: call.file.data.length } } : {}),
      },
      answer: { status: answer.status, ...(contentType ? { contentType } : { body: answer.body }) },
      ...(success ? {} : { refused: true as const }),
    };
    const problems = exampleProblems(route, example);
    if (problems.length) {
      console.warn(`  ${key}: not kept (${problems.join(' | ')})`);
      return;
    }
    this.examples[key] = example;
  }

  /** The ids an answer holds: its data's (or its items') `id`, and every `...Id` or `uid` field within. */
  private harvest(template: string, data: unknown): void {
    const add = (map: Map<string, string[]>, name: string, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      const list = map.get(name) ?? [];
      if (!list.includes(value)) list.push(value);
      map.set(name, list);
    };
    const top = Array.isArray(data) ? data : [data];
    for (const item of top) if (item && typeof item === 'object') add(this.idsByPath, template, (item as { id?: unknown }).id);
    const visit = (value: unknown, depth: number) => {
      if (depth > 4 || !value || typeof value !== 'object') return;
      for (const [name, inner] of Object.entries(value)) {
        if (/(Id|^uid|^id)$/.test(name)) add(this.idsByField, name, inner);
        visit(inner, depth + 1);
      }
    };
    visit(data, 0);
  }

  /** Examples sorted by operation, for a file whose diffs read well. */
  sorted(): OperationExamples {
    return Object.fromEntries(Object.entries(this.examples).sort(([a], [b]) => a.localeCompare(b)));
  }
}
