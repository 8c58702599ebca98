/**
 * The reads the scripted steps left without an example: each GET is tried with the ids earlier
 * answers gave (by the path that answered them, or by the field that named them), as the demo
 * accounts its declaration lets in, until one answers a success. A list asks for a short page.
 */
import type { RouteDefinition } from '../../core/http';
import type { Recorder } from './recorder';

/** The demo accounts that may call a route, most likely first. */
export function callersOf(route: RouteDefinition, roles: readonly string[]): string[] {
  if (route.access === 'public') return ['anonymous'];
  if ('roles' in route && route.roles) return roles.filter((role) => route.roles!.includes(role as never));
  return ['acheteur', ...roles.filter((role) => role !== 'acheteur')];
}

/** Ids for `{name}` of `template`: those `extra` gives (by `template:name` or `name`), then those answered under the path before it, then those of fields of that name. */
export function candidatesFor(recorder: Recorder, template: string, name: string, extra: Record<string, string[]>): string[] {
  const base = template.slice(0, template.indexOf(`/{${name}}`));
  const fromPaths = [...recorder.idsByPath.entries()]
    .filter(([path]) => path === base || (path.startsWith(`${base}/`) && !path.slice(base.length + 1).includes('{')))
    .flatMap(([, ids]) => ids);
  const fromFields = name === 'id' ? [] : (recorder.idsByField.get(name) ?? []);
  return [...new Set([...(extra[`${template}:${name}`] ?? []), ...(extra[name] ?? []), ...fromPaths, ...fromFields])];
}

/** Every combination of candidates for the route's path parameters, at most `limit`. */
function paramSets(recorder: Recorder, template: string, extra: Record<string, string[]>, limit: number): Array<Record<string, string> | undefined> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  let sets: Array<Record<string, string>> = [{}];
  for (const name of names) {
    const values = candidatesFor(recorder, template, name, extra).slice(0, limit);
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value })));
  }
  return names.length ? sets.slice(0, limit) : [undefined];
}

/** A short first page for a list (when its query takes one). */
function queryOf(route: RouteDefinition): Record<string, string> | undefined {
  if (route.kind === 'raw' || !route.query) return undefined;
  const page = { page: '1', limit: '2' };
  return route.query.safeParse(page).success ? page : undefined;
}

export async function walkReads(recorder: Recorder, roles: readonly string[], extra: Record<string, string[]>): Promise<void> {
  for (const key of recorder.operations()) {
    if (!key.startsWith('GET ') || recorder.has(key)) continue;
    const route = recorder.route(key);
    const template = key.slice(4);
    attempts: for (const params of paramSets(recorder, template, extra, 6)) {
      for (const caller of callersOf(route, roles)) {
        await recorder.call(key, caller, { params, query: queryOf(route), quiet: true });
        if (recorder.has(key)) break attempts;
      }
    }
  }
}
