/**
 * Leaderboards (`/api/agents/leaderboard`, `/me-pro/leaderboard`, `/me-market/leaderboard`): the
 * per-period counters moved with the day, the ranking by score and earnings, the caller's rank,
 * pagination, the typeAgent filter and the guards.
 */
import { runTransaction } from '../../functions/src/core/firebase';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { writeDay } from '../../functions/src/domains/agents/repository';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent, signUp, type TestAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();
beforeEach(() => useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' }));

let admin: TestUser;
let pro1: TestAgent;
let pro2: TestAgent;
let market: TestAgent;
let quiet: TestAgent;
let seller: TestUser;

const DAY = '2026-11-18'; // a Wednesday of ISO week 47
const count = (agentId: string, dateKey: string, changes: Record<string, number>, typeAgent: 'Market_pro' | 'Market') =>
  runTransaction(async (tx) => writeDay(tx, agentId, dateKey, changes, {}, new Date(`${dateKey}T12:00:00Z`), typeAgent));

beforeAll(async () => {
  await resetEmulators();
  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' });
  admin = await createUser('admin');
  [pro1, pro2, market, quiet] = await Promise.all([createAgent(admin, 'Market_pro'), createAgent(admin, 'Market_pro'), createAgent(admin, 'Market'), createAgent(admin, 'Market')]);
  seller = await signUp('vendeur');
  // pro1: 1 subscription (3) + 1 demonstration (1) = 4, 500 XOF; market: 2 campaigns = 4, 900 XOF; pro2: a shop (2) on another month.
  await count(pro1.uid, DAY, { abonnementsVendus: 1, revenueAbonnement: 500 }, 'Market_pro');
  await count(pro1.uid, '2026-11-16', { demonstrations: 1 }, 'Market_pro');
  await count(market.uid, DAY, { campagnesLancees: 2, revenueCampagne: 900 }, 'Market');
  await count(pro2.uid, '2026-10-31', { boutiquesCreees: 1 }, 'Market_pro');
});

const board = async (who: TestUser, path = '/api/agents/leaderboard', query = '') => (await api()).get(`${path}${query}`).set(bearer(who.token));

describe('per-period counters', () => {
  it('move the day, the ISO week and the month with the day, and only for scored changes', async () => {
    const period = async (id: string) => (await db().collection(COLLECTIONS.agentPeriods).doc(id).get()).data();
    expect(await period(`day_${DAY}_${pro1.uid}`)).toMatchObject({ score: 3, earnings: 500, abonnementsVendus: 1, typeAgent: 'Market_pro', bucket: `day_${DAY}` });
    expect(await period(`week_2026-W47_${pro1.uid}`)).toMatchObject({ score: 4, earnings: 500, demonstrations: 1 });
    expect(await period(`month_2026-11_${pro1.uid}`)).toMatchObject({ score: 4, earnings: 500 });
    expect(await period(`week_2026-W44_${pro2.uid}`)).toMatchObject({ score: 2 });
    expect(await period(`month_2026-10_${pro2.uid}`)).toMatchObject({ score: 2 });
    await count(quiet.uid, DAY, { prospectsApproached: 3, campagnesDemandees: 1 }, 'Market');
    expect(await period(`month_2026-11_${quiet.uid}`)).toBeUndefined();
  });
});

describe('GET /api/agents/leaderboard', () => {
  it('ranks the month by score, ties by earnings, with the caller’s rank (default period month)', async () => {
    frozenClock(new Date(`${DAY}T09:00:00Z`));
    const res = await board(pro1);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ period: 'month', periodKey: '2026-11', pagination: { page: 1, total: 2, hasMore: false } });
    expect(data.items.map((item: { agentId: string; rank: number; score: number }) => [item.rank, item.agentId, item.score])).toEqual([
      [1, market.uid, 4],
      [2, pro1.uid, 4],
    ]);
    expect(data.me).toEqual({ agentId: pro1.uid, rank: 2, score: 4, earnings: 500, ranked: true });
    const unranked = (await board(quiet)).body.data.me;
    expect(unranked).toEqual({ agentId: quiet.uid, rank: 3, score: 0, earnings: 0, ranked: false });
  });

  it('takes the day and the ISO week, and pages', async () => {
    frozenClock(new Date(`${DAY}T09:00:00Z`));
    const week = (await board(pro2, '/api/agents/leaderboard', '?period=week')).body.data;
    expect(week.periodKey).toBe('2026-W47');
    expect(week.me).toMatchObject({ rank: 3, ranked: false });
    const day = (await board(pro1, '/api/agents/leaderboard', '?period=day&date=2026-11-16')).body.data;
    expect(day.items.map((item: { agentId: string }) => item.agentId)).toEqual([pro1.uid]);
    const october = (await board(pro2, '/api/agents/leaderboard', '?period=month&date=2026-10-31')).body.data;
    expect(october.me).toMatchObject({ rank: 1, score: 2, ranked: true });
    const second = (await board(pro1, '/api/agents/leaderboard', '?limit=1&page=2')).body.data;
    expect(second.items).toEqual([expect.objectContaining({ rank: 2, agentId: pro1.uid })]);
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: 2, hasMore: false });
  });

  // docs/guides/agents.md, "Leaderboards": "standard competition ranking ...; agents equal on both share the rank and the next rank skips
  // (1, 2, 2, 4), so an agent reads the same number beside its name in the list and in its `me.rank`".
  it('gives tied agents one shared rank, the same in the list (every page) and in each one’s me.rank; the next rank skips', async () => {
    const SEPTEMBER = '2026-09-10';
    const agents = await Promise.all(Array.from({ length: 6 }, (_, index) => createAgent(admin, index % 2 ? 'Market' : 'Market_pro')));
    const [leader, tieA, tieB, tieC, lessEarned, last] = agents;
    const typeOf = (agent: TestAgent) => (agents.indexOf(agent) % 2 ? 'Market' : 'Market_pro') as 'Market' | 'Market_pro';
    await count(leader.uid, SEPTEMBER, { abonnementsVendus: 2, revenueAbonnement: 100 }, typeOf(leader)); // 6
    for (const tied of [tieA, tieB, tieC]) await count(tied.uid, SEPTEMBER, { campagnesLancees: 2, revenueCampagne: 300 }, typeOf(tied)); // 4, 300 XOF
    await count(lessEarned.uid, SEPTEMBER, { campagnesLancees: 2, revenueCampagne: 200 }, typeOf(lessEarned)); // 4, 200 XOF
    await count(last.uid, SEPTEMBER, { boutiquesCreees: 1 }, typeOf(last)); // 2
    const query = `?period=month&date=${SEPTEMBER}`;

    const whole = (await board(leader, '/api/agents/leaderboard', query)).body.data;
    const ranks = whole.items.map((item: { agentId: string; rank: number }) => [item.agentId, item.rank]);
    expect(ranks.map(([, rank]: [string, number]) => rank)).toEqual([1, 2, 2, 2, 5, 6]);
    expect(new Set(ranks.slice(1, 4).map(([agentId]: [string, number]) => agentId))).toEqual(new Set([tieA.uid, tieB.uid, tieC.uid]));
    const listed = new Map<string, number>(ranks);
    for (const agent of agents) {
      const me = (await board(agent, '/api/agents/leaderboard', query)).body.data.me;
      expect({ agent: agent.uid, rank: me.rank }).toEqual({ agent: agent.uid, rank: listed.get(agent.uid) });
    }
    // Pages that start inside the tie rank it the same way.
    for (const [limit, page, expected] of [[2, 2, [2, 2]], [2, 3, [5, 6]], [3, 2, [2, 5, 6]], [1, 4, [2]]] as const) {
      const items = (await board(leader, '/api/agents/leaderboard', `${query}&limit=${limit}&page=${page}`)).body.data.items;
      expect({ limit, page, ranks: items.map((item: { rank: number }) => item.rank) }).toEqual({ limit, page, ranks: expected });
    }
    // An agent with nothing counted shares the rank of none here: after every listed agent.
    expect((await board(quiet, '/api/agents/leaderboard', query)).body.data.me).toMatchObject({ rank: 7, ranked: false });
  });

  it('me-pro and me-market rank their type only, and refuse the other type', async () => {
    frozenClock(new Date(`${DAY}T09:00:00Z`));
    const pro = (await board(pro1, '/api/agents/me-pro/leaderboard')).body.data;
    expect(pro.items.map((item: { agentId: string }) => item.agentId)).toEqual([pro1.uid]);
    expect(pro.me.rank).toBe(1);
    const mkt = (await board(market, '/api/agents/me-market/leaderboard')).body.data;
    expect(mkt.items.map((item: { agentId: string }) => item.agentId)).toEqual([market.uid]);
    for (const [who, path] of [
      [pro1, '/api/agents/me-market/leaderboard'],
      [market, '/api/agents/me-pro/leaderboard'],
    ] as const) {
      const res = await board(who, path);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'AGENT_TYPE_FORBIDDEN' });
    }
  });

  it('refuses callers without a token or of another role, and bad queries', async () => {
    const client = await api();
    const anonymous = await client.get('/api/agents/leaderboard');
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    for (const who of [seller, admin]) {
      const res = await board(who);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    }
    for (const query of ['?period=year', '?date=2026-02-30', '?limit=0', '?page=0', '?sort=score']) {
      const res = await board(pro1, '/api/agents/leaderboard', query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});
