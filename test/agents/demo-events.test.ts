/**
 * Demonstration tracking (`POST /api/demo-events/track`): sellers and buyers only, the seven event
 * types, the session from the token, duplicates within the window ignored also in parallel, and one
 * demonstration per agent and user per cooldown on the agent's day.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent, signUp, type TestAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();
beforeEach(() => useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' }));

let admin: TestUser;
let agent: TestAgent;
let referredSeller: TestUser;
let referredBuyer: TestUser;
let loneBuyer: TestUser;

beforeAll(async () => {
  await resetEmulators();
  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' });
  admin = await createUser('admin');
  agent = await createAgent(admin, 'Market_pro');
  [referredSeller, referredBuyer, loneBuyer] = await Promise.all([signUp('vendeur', agent.referralCode), signUp('acheteur', agent.referralCode), signUp('acheteur')]);
});

const track = async (who: TestUser, eventType: unknown) => (await api()).post('/api/demo-events/track').set(bearer(who.token)).send({ eventType });
const day = async (agentId: string) => {
  const days = await db().collection(COLLECTIONS.agentDays).where('agentId', '==', agentId).get();
  return days.docs.reduce((sum, doc) => sum + (doc.get('demonstrations') ?? 0), 0);
};

describe('POST /api/demo-events/track', () => {
  it('counts a referred user’s demonstration for its agent, then records within the cooldown, and counts again after it', async () => {
    const move = frozenClock(new Date('2026-11-20T10:00:00Z'));
    const first = await track(referredSeller, 'seller_create_started');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ status: 'counted', eventType: 'seller_create_started', sessionKey: expect.stringMatching(new RegExp(`^${referredSeller.uid}_\\d+$`)), agentId: agent.uid });
    // Another type, same user, inside the cooldown: recorded, not counted.
    expect((await track(referredSeller, 'subscription_initiated')).body.data.status).toBe('recorded');
    move(14 * 60_000);
    expect((await track(referredSeller, 'campaign_initiated')).body.data.status).toBe('recorded');
    move(61_000);
    expect((await track(referredSeller, 'alert_created')).body.data.status).toBe('counted');
    expect(await day(agent.uid)).toBe(2);
    const dashboard = await (await api()).get('/api/agents/me/dashboard?date=2026-11-20').set(bearer(agent.token));
    expect(dashboard.body.data.daily.demonstrations).toBe(2);
    expect((await db().collection(COLLECTIONS.agents).doc(agent.uid).get()).get('demonstrations')).toBe(2);
  });

  it('ignores the same event type of a session within the window, also 10 at once: one recorded', async () => {
    const move = frozenClock(new Date('2026-11-21T10:00:00Z'));
    const results = await Promise.all(Array.from({ length: 10 }, () => track(referredBuyer, 'listing_opened_une')));
    const statuses = results.map((res) => res.body.data.status).sort();
    expect(statuses).toEqual(['counted', ...Array(9).fill('deduplicated')]);
    expect(new Set(results.map((res) => res.body.data.sessionKey)).size).toBe(1);
    const stored = await db().collection(COLLECTIONS.demoEvents).where('uid', '==', referredBuyer.uid).get();
    expect(stored.docs.map((doc) => doc.get('count'))).toEqual([1]);
    move(29_000);
    expect((await track(referredBuyer, 'listing_opened_une')).body.data.status).toBe('deduplicated');
    move(31_000);
    expect((await track(referredBuyer, 'listing_opened_une')).body.data.status).toBe('recorded');
  });

  it('follows DEMO_EVENT_DEDUP_MS and DEMO_COOLDOWN_MINUTES', async () => {
    useSettings({ DEMO_EVENT_DEDUP_MS: '0', DEMO_COOLDOWN_MINUTES: '0' });
    frozenClock(new Date('2026-11-22T08:00:00Z'));
    expect((await track(referredBuyer, 'notification_clicked')).body.data.status).toBe('counted');
    expect((await track(referredBuyer, 'notification_clicked')).body.data.status).toBe('counted');
  });

  it('counts 20 users of one agent demonstrating at once, each once, on the agent’s day, its totals and the consolidated statistics', async () => {
    const crowdAgent = await createAgent(admin, 'Market_pro');
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(i % 2 ? 'vendeur' : 'acheteur', crowdAgent.referralCode, { prove: false })));
    const client = await api();
    const consolidated = async () => (await client.get('/api/agents/admin/consolidated').set(bearer(admin.token))).body.data.demonstrations as number;
    const before = await consolidated();
    frozenClock(new Date('2026-11-23T09:00:00Z'));
    const results = await Promise.all(users.map((user) => track(user, 'listing_opened_une')));
    expect(results.map((res) => res.body.data.status)).toEqual(users.map(() => 'counted'));
    expect(await day(crowdAgent.uid)).toBe(20);
    expect((await db().collection(COLLECTIONS.agents).doc(crowdAgent.uid).get()).get('demonstrations')).toBe(20);
    expect(await consolidated()).toBe(before + 20);
    // Again at once, inside the cooldown: recorded, nothing counted twice.
    const again = await Promise.all(users.map((user) => track(user, 'alert_created')));
    expect(again.map((res) => res.body.data.status)).toEqual(users.map(() => 'recorded'));
    expect(await day(crowdAgent.uid)).toBe(20);
    expect(await consolidated()).toBe(before + 20);
  });

  it('records the event of a user without agent, counting nothing', async () => {
    const res = await track(loneBuyer, 'seller_create_completed');
    expect(res.body.data).toMatchObject({ status: 'recorded', agentId: null });
  });

  it('refuses callers without a token, other roles, and other event types', async () => {
    const client = await api();
    const anonymous = await client.post('/api/demo-events/track').send({ eventType: 'alert_created' });
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    for (const caller of [agent, admin]) {
      const res = await track(caller, 'alert_created');
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    }
    for (const eventType of ['page_viewed', '', 42, undefined]) {
      const res = await track(loneBuyer, eventType);
      expect({ eventType, status: res.status, code: res.body.code, success: res.body.success }).toEqual({ eventType, status: 400, code: 'VALIDATION_ERROR', success: false });
    }
    const extra = await client.post('/api/demo-events/track').set(bearer(loneBuyer.token)).send({ eventType: 'alert_created', sessionKey: 'mine' });
    expect(extra.status).toBe(400);
  });
});
