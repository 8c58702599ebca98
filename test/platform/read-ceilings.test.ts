/**
 * docs/api-conventions.md: "Every request has a documented ceiling of documents read, and a test
 * walks each list and search route at its maximum parameters and counts the reads."
 *
 * Every list and search route of the app (paged lists, answers that are arrays or pages, searches)
 * must declare `reads` and have a walk below: a new one without either fails the first test. Each
 * walk seeds more than a page of what the route lists for its caller (batched writes, as the
 * domains leave their documents), then calls the route as a caller that may call it, at the
 * largest page, at the deepest page and with a one-item page, and counts the documents each call
 * reads against the real emulator (test/helpers/reads.ts): never more than the route's declared
 * ceiling for the page asked.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { READ_CEILINGS_FILE, renderReadCeilings } from '../../functions/src/cli/write-read-ceilings';
import { config } from '../../functions/src/core/config';
import { db } from '../../functions/src/core/firebase';
import type { RouteDefinition } from '../../functions/src/core/http';
import { type PageAsked, readCeilingOf } from '../../functions/src/core/read-ceiling';
import { allRouters } from '../../functions/src/groups';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { clearRateLimits, resetEmulators } from '../helpers/emulators';
import { countReads } from '../helpers/reads';
import { SEEDS, seedMany, type SeedContext } from '../helpers/read-seeds';

jest.setTimeout(180_000);

type Caller = 'public' | 'acheteur' | 'vendeur' | 'chauffeur' | 'livreur' | 'transitaire' | 'superAdmin' | 'agentPro' | 'agentMarket';

interface Walk {
  as: Caller;
  /** The path with its ids, and the query besides `page` and `limit` (its widest values). */
  url?: (context: SeedContext) => string;
}

/** Every list and search route, keyed `GET /path` as declared. */
const WALKS: Record<string, Walk> = {
  'GET /api/users': { as: 'superAdmin' },
  'GET /api/geo/countries': { as: 'public' },
  'GET /api/notifications': { as: 'acheteur' },
  'GET /api/notifications/admin-messages/history': { as: 'superAdmin' },
  'GET /api/articles': { as: 'acheteur' },
  'GET /api/articles/mine': { as: 'vendeur' },
  'GET /api/public/articles': { as: 'public' },
  'GET /api/public/articles/a-la-une': { as: 'public' },
  'GET /api/public/articles/sponsorises': { as: 'public' },
  'GET /api/views/most-viewed': { as: 'public' },
  'GET /api/publicites/mine': { as: 'vendeur' },
  'GET /api/publicites': { as: 'superAdmin' },
  'GET /api/public/publicites': { as: 'public' },
  'GET /api/chauffeurs/demandes/mine': { as: 'acheteur' },
  'GET /api/chauffeurs/demandes/open': { as: 'chauffeur', url: () => '/api/chauffeurs/demandes/open?lat=6.3703&lng=2.3912&radiusKm=50' },
  'GET /api/chauffeurs/admin/demandes': { as: 'superAdmin' },
  'GET /api/tricycles/nearby': { as: 'acheteur', url: () => '/api/tricycles/nearby?latitude=6.3703&longitude=2.3912&radiusKm=50' },
  'GET /api/tricycles/contacts/mine': { as: 'acheteur' },
  'GET /api/tricycles/admin/drivers': { as: 'superAdmin' },
  'GET /api/tricycles/admin/contacts': { as: 'superAdmin' },
  'GET /api/verification/admin/requests': { as: 'superAdmin' },
  'GET /api/verification/mine': { as: 'acheteur' },
  'GET /api/achat/mine': { as: 'acheteur' },
  'GET /api/achat/sales': { as: 'vendeur' },
  'GET /api/litiges/mine': { as: 'vendeur' },
  'GET /api/admin/litiges': { as: 'superAdmin', url: () => '/api/admin/litiges?statut=ouvert&escalade=false' },
  'GET /api/admin/remises-en-retard': { as: 'superAdmin', url: () => '/api/admin/remises-en-retard?vente=achat' },
  'GET /api/chat/rooms': { as: 'acheteur' },
  'GET /api/chat/rooms/:id/messages': { as: 'acheteur', url: ({ roomId }) => `/api/chat/rooms/${roomId}/messages` },
  'GET /api/chat/rooms/:id/search': { as: 'acheteur', url: ({ roomId }) => `/api/chat/rooms/${roomId}/search?q=camion&limit=50` /* no message matches: the search scans its whole window */ },
  'GET /api/orders/mine': { as: 'acheteur' },
  'GET /api/orders/sales': { as: 'vendeur' },
  'GET /api/orders/admin': { as: 'superAdmin' },
  'GET /api/invoices': { as: 'acheteur' },
  'GET /api/delivery-zones': { as: 'public' },
  'GET /api/delivery-zones/admin': { as: 'superAdmin' },
  'GET /api/livreurs/me/deliveries': { as: 'livreur', url: () => '/api/livreurs/me/deliveries?scope=offered' },
  'GET /api/livreurs': { as: 'superAdmin' },
  'GET /api/deliveries': { as: 'superAdmin' },
  'GET /api/payments': { as: 'superAdmin' },
  'GET /api/payments/subscriptions/me': { as: 'vendeur' },
  'GET /api/wallet/me/transactions': { as: 'vendeur' },
  'GET /api/transit-missions/mes-parcours': { as: 'acheteur' },
  'GET /api/transit-missions/mes-missions': { as: 'transitaire' },
  'GET /api/transit-missions/acceptes': { as: 'transitaire' },
  'GET /api/transit/mes-parcours': { as: 'acheteur' },
  'GET /api/transit/mes-missions': { as: 'transitaire' },
  'GET /api/transit/acceptes': { as: 'transitaire' },
  'GET /api/transitaires/verification/admin/demandes': { as: 'superAdmin' },
  'GET /api/transitaire-reviews/received': { as: 'transitaire' },
  'GET /api/transitaire-reviews/transitaire/:transitaireId': { as: 'acheteur', url: ({ users }) => `/api/transitaire-reviews/transitaire/${users.transitaire.uid}` },
  'GET /api/transitaires': { as: 'acheteur' },
  'GET /api/agents/leaderboard': { as: 'agentPro' },
  'GET /api/agents/me-pro/leaderboard': { as: 'agentPro' },
  'GET /api/agents/me-market/leaderboard': { as: 'agentMarket' },
  'GET /api/agents/withdrawals': { as: 'superAdmin' },
  'GET /api/agents/:id/referrals': { as: 'superAdmin', url: ({ users }) => `/api/agents/${users.agentPro.uid}/referrals` },
  'GET /api/agents/:id/pro-monitor': { as: 'superAdmin', url: ({ users }) => `/api/agents/${users.agentPro.uid}/pro-monitor` },
  'GET /api/referrals/me': { as: 'agentPro' },
  'GET /api/referrals': { as: 'superAdmin' },
  'GET /api/admin/events/parked': { as: 'superAdmin' },
  'GET /api/admin/reconciliation/debts': { as: 'superAdmin' },
  'GET /api/admin/documents': { as: 'superAdmin' },
  'GET /api/admin/audit': { as: 'superAdmin' },
};

const keyOf = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;

function schemaOf(route: RouteDefinition): z.ZodType | undefined {
  return route.kind === 'json' || route.kind === undefined ? (route as { success: { data: z.ZodType } }).success.data : undefined;
}

/** Lists (paged or not) and searches: what can answer many documents. */
function listsOrSearches(route: RouteDefinition): boolean {
  if (route.kind === 'list') return true;
  if (route.kind === 'raw' || route.kind === 'file' || route.method !== 'get') return false;
  const data = schemaOf(route);
  if (data instanceof z.ZodArray) return true;
  if (data instanceof z.ZodObject && 'items' in data.shape) return true;
  return /search|nearby/i.test(route.path);
}

function takesPages(route: RouteDefinition): boolean {
  return route.kind !== 'raw' && route.query instanceof z.ZodObject && 'page' in route.query.shape && 'limit' in route.query.shape;
}

let routes: RouteDefinition[] = [];

beforeAll(async () => {
  routes = (await allRouters()).flatMap((router) => router.routes).filter(listsOrSearches);
});

describe('counting reads as Firestore bills them (test/helpers/reads.ts)', () => {
  const items = () => db().collection('readCountProbe');

  beforeAll(async () => {
    await resetEmulators();
    await seedMany(30, (index) => [items().doc(`item-${index}`), { index }]);
  });

  it('counts a lookup per document named, found or not, and a transaction’s reads', async () => {
    expect((await countReads(() => items().doc('item-1').get())).reads.total).toBe(1);
    expect((await countReads(() => db().getAll(items().doc('item-1'), items().doc('missing')))).reads.total).toBe(2);
    const inTransaction = await countReads(() =>
      db().runTransaction(async (tx) => {
        await tx.get(items().doc('item-2'));
        await tx.get(items().limit(3));
        await tx.get(items().count());
      }),
    );
    expect(inTransaction.reads.byPath).toEqual({ 'lookup readCountProbe': 1, 'query readCountProbe': 3, 'count readCountProbe': 1 });
  });

  it('counts the documents a query returns, one for an empty answer, and those its offset skips', async () => {
    expect((await countReads(() => items().limit(10).get())).reads.total).toBe(10);
    expect((await countReads(() => items().where('index', '>', 100).get())).reads.total).toBe(1);
    expect((await countReads(() => items().offset(5).limit(10).get())).reads.total).toBe(15);
    expect((await countReads(() => items().count().get())).reads.total).toBe(1);
    const streamed = await countReads(async () => {
      const seen: unknown[] = [];
      for await (const document of items().limit(4).stream()) seen.push(document);
      return seen.length;
    });
    expect({ seen: streamed.result, reads: streamed.reads.total }).toEqual({ seen: 4, reads: 4 });
  });
});

/**
 * docs/api-conventions.md: "`total` counts at most as many documents as the deepest page can reach
 * and one more". A count aggregation is billed one read per 1,000 documents it matches, so an
 * uncapped `total` would make a list over a large collection read without bound however small its
 * page.
 */
it('a list over more documents than its pages reach counts only what they reach, and stays under its ceiling', async () => {
  await resetEmulators();
  const buyer = await createUser('acheteur');
  const settings = config();
  const reachable = settings.PAGINATION_MAX_OFFSET + settings.PAGINATION_MAX_LIMIT;
  await seedMany(3_100, (index) => [
    db().collection('users').doc(buyer.uid).collection('notifications').doc(`notice-${index}`),
    { type: 'admin_message', category: 'system', title: 'Bonjour', body: 'Un message', language: 'fr', resource: null, read: false, readAt: null, createdAt: new Date(Date.now() - index * 1000), expireAt: new Date(Date.now() + 86_400_000) },
  ]);
  const route = routes.find((candidate) => keyOf(candidate) === 'GET /api/notifications')!;
  const deepest = { offset: settings.PAGINATION_MAX_OFFSET, limit: settings.PAGINATION_MAX_LIMIT };
  const url = `/api/notifications?page=${deepest.offset / deepest.limit + 1}&limit=${deepest.limit}`;
  const { result, reads } = await countReads(async () => (await api()).get(url).set(bearer(buyer.token)));
  expect({ status: result.status, items: result.body.data.length, total: result.body.pagination.total, hasMore: result.body.pagination.hasMore }).toEqual({
    status: 200,
    items: deepest.limit,
    total: reachable + 1,
    hasMore: true,
  });
  expect({ reads: reads.total, byPath: reads.byPath, within: reads.total <= readCeilingOf(route, settings, deepest)! }).toEqual({ reads: reads.total, byPath: reads.byPath, within: true });
});

it('every list and search route declares its ceiling of documents read and is walked below', () => {
  const undeclared = routes.filter((route) => route.kind === 'raw' || !route.reads).map(keyOf);
  const unwalked = routes.map(keyOf).filter((key) => !WALKS[key]);
  const stale = Object.keys(WALKS).filter((key) => !routes.some((route) => keyOf(route) === key));
  expect({ undeclared, unwalked, stale }).toEqual({ undeclared: [], unwalked: [], stale: [] });
});

it('keeps docs/read-ceilings.md up to date (run `npm run openapi` after changing a route)', async () => {
  expect(readFileSync(READ_CEILINGS_FILE, 'utf8')).toBe(await renderReadCeilings());
});

describe('each list and search route, at its maximum parameters, reads at most its ceiling', () => {
  const users = {} as Record<Exclude<Caller, 'public'>, TestUser>;
  const context = { users } as SeedContext;

  beforeAll(async () => {
    await resetEmulators();
    Object.assign(users, {
      acheteur: await createUser('acheteur'),
      vendeur: await createUser('vendeur'),
      chauffeur: await createUser('chauffeur'),
      livreur: await createUser('livreur'),
      transitaire: await createUser('transitaire'),
      superAdmin: await createUser('superAdmin'),
    });
    // Agents made by an admin, as the dashboard does: their records are what the admin routes read.
    Object.assign(users, { agentPro: await createAgent(users.superAdmin, 'Market_pro'), agentMarket: await createAgent(users.superAdmin, 'Market') });
    for (const seed of SEEDS) await seed(context);
  });

  it.each(Object.keys(WALKS))('%s', async (key) => {
    const route = routes.find((candidate) => keyOf(candidate) === key);
    if (!route || route.kind === 'raw') throw new Error(`${key} is not a declared list or search route`);
    const walk = WALKS[key];
    const settings = config();
    const base = walk.url?.(context) ?? route.path;
    const pages: Array<PageAsked | undefined> = takesPages(route)
      ? [
          { offset: 0, limit: settings.PAGINATION_MAX_LIMIT },
          { offset: settings.PAGINATION_MAX_OFFSET, limit: settings.PAGINATION_MAX_LIMIT },
          { offset: 0, limit: 1 },
        ]
      : [undefined];
    await clearRateLimits();
    for (const page of pages) {
      const url = page ? `${base}${base.includes('?') ? '&' : '?'}page=${page.offset / page.limit + 1}&limit=${page.limit}` : base;
      const headers = walk.as === 'public' ? {} : bearer(users[walk.as].token);
      const { result, reads } = await countReads(async () => (await api()).get(url).set(headers));
      const ceiling = readCeilingOf(route, settings, page)!;
      const seen = { url, status: result.status, code: (result.body as { code?: string }).code, reads: reads.total, ceiling, byPath: reads.byPath };
      expect({ ...seen, status: result.status, withinCeiling: reads.total <= ceiling }).toEqual({ ...seen, status: 200, withinCeiling: true });
      // The seeds matched more than a page: a route that read without bound would have read them all.
      const total = (result.body as { pagination?: { total: number } }).pagination?.total ?? (result.body as { data?: { pagination?: { total: number } } }).data?.pagination?.total;
      if (page) expect({ url, total, moreThanAPage: (total ?? 0) > settings.PAGINATION_MAX_LIMIT }).toEqual({ url, total, moreThanAPage: true });
    }
  });
});
