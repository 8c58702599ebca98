/**
 * The most Firestore documents one request of a route reads, declared beside the route (`reads`
 * in core/http.ts). Firestore bills every document a request reads, so a ceiling is a price
 * ceiling as much as a latency one: a list or a search that could read without bound is a bill an
 * attacker writes. The OpenAPI document and docs/read-ceilings.md print each ceiling at the
 * current settings, and test/platform/read-ceilings.test.ts calls every list and search route at its
 * maximum parameters and counts what it reads.
 *
 * What counts as read is what Firestore bills: each document a lookup names (found or not), each
 * document a query returns, each document a query's offset skips (billed although not returned),
 * and one read per batch of up to 1,000 index entries an aggregation (`count()`) matches.
 */
import type { Settings } from './config';
import { countCap } from './pagination';

/** The page a list request asks for (core/pagination.ts); left out: the deepest and largest one. */
export interface PageAsked {
  offset: number;
  limit: number;
}

export interface ReadCeiling {
  /**
   * The documents the route itself reads under these settings: for the page asked when given (a
   * smaller page reads less), else at its maximum parameters (the number documented).
   */
  max(settings: Settings, page?: PageAsked): number;
  /** How that ceiling is reached, in a sentence a reader of the API can check. */
  why: string;
}

/**
 * What the router reads before any handler: the caller's profile (`profile` access), and the web
 * session of a dashboard request (any access that reads a token).
 */
export function callerReads(access: string): number {
  if (access === 'profile') return 2;
  if (access === 'token') return 1;
  return 0;
}

/** What a route's declared rate limit reads: its window counter (core/rate-limit.ts), in a transaction. */
export const RATE_LIMIT_READS = 1;

/** The limits a route declares, each read as one window counter (core/rate-limit.ts). */
export interface LimitedRoute {
  access: string;
  rateLimit?: unknown;
  userRateLimit?: unknown;
}

/** What the router reads before the handler: the caller, and each declared limit's counter. */
export function routerReads(route: LimitedRoute): number {
  return callerReads(route.access) + (route.rateLimit ? RATE_LIMIT_READS : 0) + (route.userRateLimit ? RATE_LIMIT_READS : 0);
}

/** A route's whole ceiling: what the router reads for it, and what the route declares. */
export function readCeilingOf(route: LimitedRoute & { reads?: ReadCeiling }, settings: Settings, page?: PageAsked): number | undefined {
  return route.reads ? routerReads(route) + route.reads.max(settings, page) : undefined;
}

/** The deepest and largest page a list serves: what its documented ceiling assumes. */
export function deepestPage(settings: Settings): PageAsked {
  return { offset: settings.PAGINATION_MAX_OFFSET, limit: settings.PAGINATION_MAX_LIMIT };
}

/** A ceiling that does not depend on the settings. */
export function fixedReads(max: number, why: string): ReadCeiling {
  return { max: () => max, why };
}

/**
 * The reads of a list's `total`: a count aggregation capped at countCap() documents (core/pagination.ts),
 * one read per 1,000 of them begun.
 */
export function countReads(settings: Settings): number {
  return Math.ceil(countCap(settings) / 1000);
}

/**
 * A paginated list (core/pagination.ts): the documents its page's offset skips (at most
 * PAGINATION_MAX_OFFSET: Firestore reads and bills them), the page (at most PAGINATION_MAX_LIMIT
 * items), `perItem` documents per item besides the item itself (a name, a parent), `counts`
 * capped count aggregations (a `total`: countReads each) and `fixed` other documents (a parent, a
 * counter).
 */
export function pagedReads({ perItem = 0, counts = 1, fixed = 0, why = PLAIN_PAGE }: { perItem?: number; counts?: number; fixed?: number; why?: string } = {}): ReadCeiling {
  return {
    max: (settings, page = deepestPage(settings)) => page.offset + page.limit * (1 + perItem) + counts * countReads(settings) + fixed,
    why,
  };
}

const PLAIN_PAGE = 'one indexed query for the page, whose offset skips at most PAGINATION_MAX_OFFSET documents (billed as read), and one count aggregation for `total`, capped at the deepest page’s reach.';
