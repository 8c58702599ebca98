/**
 * Where a file sits in functions/src (ARCHITECTURE.md, "Code layout"): core, an adapter, a domain
 * (and whether it is a route), or the top level (index.ts, app.ts, groups.ts, cli/, dev/).
 * The rules name the source root in `settings.boundaries.src` (eslint.config.mjs).
 */
import { relative, sep } from 'node:path';

/** @typedef {{ layer: 'core' | 'adapter' | 'domain' | 'top', name?: string | null, route?: boolean, declaration?: boolean, path: string }} Place */

/**
 * The files of a domain that declare rather than do (docs/architecture.md, "Persistence"): its manifest,
 * public surface, reactions' list, notices, events, error codes, state tables, schemas and payable
 * answers' entry. They name what the domain's code does; none of them touches Firestore.
 */
const DECLARATIONS = new Set(['module.ts', 'index.ts', 'subscribers.ts', 'notices.ts', 'events.ts', 'errors.ts', 'state.ts', 'schemas.ts', 'payables.ts']);

export function sourceRoot(context) {
  const src = context.settings.boundaries?.src;
  if (!src) throw new Error('eslint.config.mjs must set settings.boundaries.src to the functions source root');
  return src;
}

/** The place of an absolute path, or null outside the source root. @returns {Place | null} */
export function placeOf(src, file) {
  const path = relative(src, file).split(sep).join('/');
  if (path.startsWith('..') || path === '') return null;
  const parts = path.split('/');
  if (parts[0] === 'core') return { layer: 'core', path };
  // Files directly in adapters/ (http-client.ts) are the plumbing every adapter shares: name null.
  if (parts[0] === 'adapters') return { layer: 'adapter', name: parts.length > 2 ? parts[1] : null, path };
  if (parts[0] === 'domains' && parts.length > 2) {
    const route = parts.slice(2, -1).includes('routes') || parts.at(-1).includes('routes');
    return { layer: 'domain', name: parts[1], route, declaration: DECLARATIONS.has(parts.at(-1)), path };
  }
  return { layer: 'top', path };
}
