/**
 * npm run openapi: writes docs/read-ceilings.md, the most documents each list and search route
 * reads, from the routes' declarations (`reads`, core/read-ceiling.ts) at the default settings.
 * test/platform/read-ceilings.test.ts fails when the file is stale, and counts each route's reads.
 */
import { writeGenerated } from './write-generated';
import { join } from 'node:path';
import { describeSettings, type Settings } from '../core/config';
import type { ApiRouter, DeclaredRoute } from '../core/http';
import { toOpenApiPath } from '../core/openapi';
import { callerReads, deepestPage, RATE_LIMIT_READS, readCeilingOf } from '../core/read-ceiling';
import { allRouters } from '../groups';

export const READ_CEILINGS_FILE = join(__dirname, '..', '..', '..', 'docs', 'read-ceilings.md');

/** The settings as shipped: the file does not depend on the environment it is written in. */
function defaultSettings(): Settings {
  return Object.fromEntries(describeSettings().map(({ name, default: value }) => [name, value])) as Settings;
}

/** What the router reads for a caller before the handler (core/read-ceiling.ts, callerReads). */
const CALLER_READS: Partial<Record<DeclaredRoute['access'], string>> = {
  profile: `the caller's profile and web session (${callerReads('profile')}); `,
  token: `the caller's web session (${callerReads('token')}); `,
};

export function readCeilings(routers: ApiRouter[]): string {
  const settings = defaultSettings();
  const { offset, limit } = deepestPage(settings);
  const routes = routers.flatMap((router) => router.routes).filter((route): route is DeclaredRoute => route.kind !== 'raw' && route.reads !== undefined);
  const rows = routes.map((route) => {
    const limits = (route.rateLimit ? 1 : 0) + (route.userRateLimit ? 1 : 0);
    const counters = limits === 0 ? '' : limits === 1 ? `its rate limit's counter (${RATE_LIMIT_READS}); ` : `its rate limits' counters (${limits * RATE_LIMIT_READS}); `;
    const how = `${CALLER_READS[route.access] ?? ''}${counters}${route.reads!.why}`;
    return `| \`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}\` | ${readCeilingOf(route, settings)!.toLocaleString('en-US')} | ${how.replace(/\|/g, '\\|')} |`;
  });
  return [
    '# Documents read per request',
    '',
    '<!-- Generated from the route declarations by `npm run openapi`; do not edit. -->',
    '',
    `The most Firestore documents one request of each route that declares it reads (${routes.length} routes: the list and search`,
    'routes, and the dashboard statistics, whose own test counts its reads), at the default settings, as Firestore bills them: each document a lookup names (found or not), each document a',
    'query returns (an empty answer is billed one), each document a query\'s offset skips, and one read per',
    '1,000 index entries a count aggregation matches. Each route declares its ceiling (`reads`,',
    '`functions/src/core/read-ceiling.ts`); the OpenAPI document gives it on each operation',
    '(`x-max-documents-read`, and the last paragraph of its description), and `test/platform/read-ceilings.test.ts`',
    'calls every list and search route at its largest page, its deepest page and a one-item page over more',
    'documents than a page holds, counts what each call reads against the emulator, and fails above the ceiling.',
    '',
    `A paged list's deepest page starts at \`PAGINATION_MAX_OFFSET\` (${offset.toLocaleString('en-US')}) with \`PAGINATION_MAX_LIMIT\` (${limit}) items: the`,
    'documents the offset skips are read and billed, so a list\'s ceiling is about their sum. Its `total` is a count',
    'aggregation capped at the deepest page\'s reach and one more (`PAGINATION_MAX_OFFSET` + `PAGINATION_MAX_LIMIT` + 1):',
    'one read per 1,000 documents begun, so a large collection does not make its lists read more. Requests of a',
    'signed-in caller also read its profile and, from the web dashboard, its session.',
    '',
    '| Route | Documents read at most | How |',
    '|---|--:|---|',
    ...rows,
    '',
  ].join('\n');
}

export async function renderReadCeilings(): Promise<string> {
  return readCeilings(await allRouters());
}

if (require.main === module) writeGenerated(READ_CEILINGS_FILE, renderReadCeilings);
