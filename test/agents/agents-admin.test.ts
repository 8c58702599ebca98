/**
 * Admin routes of the agents (`/api/agents/...`): consolidated statistics, an agent's referral
 * statistics and referred users, pro-monitor, withdrawals (targets, balance, once under
 * parallel requests), observations, and the presence backfill (a second run credits nothing).
 */
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { credit } from '../../functions/src/domains/agents/earnings';
import { writeDay, writeTotals } from '../../functions/src/domains/agents/repository';
import { createUser, type TestUser } from '../helpers/accounts';
import { createAgent, signUp, type TestAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();
beforeEach(() => useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' }));

let admin: TestUser;
let gestionnaire: TestUser;
let pro: TestAgent;
let market: TestAgent;
let seller: TestUser;

/** An earning credited as the subscribers do (wallet entry and counters with it). */
const earn = (agentId: string, reference: string, montant: number, dateKey = '2026-11-10') =>
  runTransaction((tx) => credit(tx, { agentId, type: 'commission_subscription', reference, montant, description: 'seed', dateKey, day: { abonnementsVendus: 1 } }));
const sold = (agentId: string, abonnementsVendus: number, campagnesLancees: number) => runTransaction(async (tx) => writeTotals(tx, agentId, { abonnementsVendus, campagnesLancees }));
/** The audit entries of an action on documents of an agent (its earnings), oldest first. */
const audited = async (action: string, agentId: string) =>
  (await db().collection(COLLECTIONS.auditTrail).where('action', '==', action).get()).docs
    .map((doc) => doc.data())
    .filter((entry) => entry.after?.agentId === agentId)
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
const balance = async (who: TestAgent) => (await (await api()).get('/api/agents/me/dashboard').set(bearer(who.token))).body.data.stats.currentBalance;

beforeAll(async () => {
  await resetEmulators();
  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' });
  [admin, gestionnaire] = await Promise.all([createUser('admin'), createUser('gestionnaire')]);
  [pro, market] = await Promise.all([createAgent(admin, 'Market_pro'), createAgent(admin, 'Market')]);
  seller = await signUp('vendeur', pro.referralCode);
  await signUp('acheteur', market.referralCode);
});

const client = async () => api();

describe('refusals common to the admin routes', () => {
  const routes: Array<[string, string, object?]> = [
    ['get', '/api/agents/admin/consolidated'],
    ['get', '/api/agents/withdrawals'],
    ['post', '/api/agents/admin/backfill-daily-presence', {}],
    ['get', '/api/agents/AGENT/referral-stats'],
    ['get', '/api/agents/AGENT/referrals'],
    ['get', '/api/agents/AGENT/pro-monitor'],
    ['post', '/api/agents/AGENT/withdrawals', { montant: 100 }],
    ['post', '/api/agents/AGENT/daily/observation', { date: '2026-11-10', observation: 'ok' }],
  ];

  it('refuses callers without a token, agents (their own data included) and sellers', async () => {
    const http = await client();
    for (const [method, template, body] of routes) {
      const path = template.replace('AGENT', pro.uid);
      const call = (token?: string) => {
        const req = method === 'get' ? http.get(path) : http.post(path).send(body ?? {});
        return token ? req.set(bearer(token)) : req;
      };
      const anonymous = await call();
      expect({ path, status: anonymous.status, code: anonymous.body.code }).toEqual({ path, status: 401, code: 'UNAUTHENTICATED' });
      for (const who of [pro, market, seller]) {
        const res = await call(who.token);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'FORBIDDEN_ROLE' });
      }
    }
  });

  it('answers AGENT_NOT_FOUND for an id that is no agent or no document id', async () => {
    const http = await client();
    for (const [method, template, body] of routes.filter(([, path]) => path.includes('AGENT'))) {
      for (const id of ['nobody', seller.uid, '__x__', 'a%2Fb']) {
        const path = template.replace('AGENT', id);
        const res = method === 'get' ? await http.get(path).set(bearer(admin.token)) : await http.post(path).set(bearer(admin.token)).send(body);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'AGENT_NOT_FOUND' });
      }
    }
  });
});

describe('statistics', () => {
  it('referral-stats and referrals of an agent, for every admin level', async () => {
    const http = await client();
    const stats = await http.get(`/api/agents/${pro.uid}/referral-stats`).set(bearer(gestionnaire.token));
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({ totalReferrals: 1, completedReferrals: 0, pendingReferrals: 1, boutiquesCreees: 1 });
    const referrals = await http.get(`/api/agents/${pro.uid}/referrals`).set(bearer(admin.token));
    expect(referrals.body.data).toEqual([expect.objectContaining({ referrerId: pro.uid, referredId: seller.uid, statut: 'pending' })]);
    expect(referrals.body.pagination).toMatchObject({ total: 1, page: 1 });
    expect((await http.get(`/api/agents/${pro.uid}/referrals?limit=0`).set(bearer(admin.token))).status).toBe(400);
  });

  it('consolidates the totals of every agent', async () => {
    const res = await (await client()).get('/api/agents/admin/consolidated').set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ agents: 2, totalReferrals: 2, completedReferrals: 0, boutiquesCreees: 1, earnings: { referralSignup: 300, total: 300 } });
  });
});

describe('pro-monitor and observations', () => {
  it('lists a Market_pro agent’s days newest first, with the observation; a Market agent is refused', async () => {
    await runTransaction(async (tx) => {
      writeDay(tx, pro.uid, '2026-11-01', { prospectsApproached: 3 }, { zone: 'Dantokpa' });
      writeDay(tx, pro.uid, '2026-11-03', { demonstrations: 2 }, {}, undefined, 'Market_pro');
    });
    const http = await client();
    const observed = await http.post(`/api/agents/${pro.uid}/daily/observation`).set(bearer(admin.token)).send({ date: '2026-11-01', observation: 'Bon terrain, à relancer.' });
    expect(observed.status).toBe(200);
    expect(observed.body.data).toMatchObject({ dateKey: '2026-11-01', observation: 'Bon terrain, à relancer.', prospectsApproached: 3, zone: 'Dantokpa' });
    const page = await http.get(`/api/agents/${pro.uid}/pro-monitor?limit=2`).set(bearer(admin.token));
    expect(page.status).toBe(200);
    const keys = page.body.data.map((day: { dateKey: string }) => day.dateKey);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(keys).toContain('2026-11-03');
    const all = await http.get(`/api/agents/${pro.uid}/pro-monitor?limit=100`).set(bearer(admin.token));
    expect(all.body.data.find((day: { dateKey: string }) => day.dateKey === '2026-11-01')).toMatchObject({ observation: 'Bon terrain, à relancer.' });
    const refused = await http.get(`/api/agents/${market.uid}/pro-monitor`).set(bearer(admin.token));
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: 'AGENT_NOT_MARKET_PRO' });
  });

  it('refuses bad observations', async () => {
    const http = await client();
    for (const body of [{ date: '2026-02-30', observation: 'x' }, { date: '10/11/2026', observation: 'x' }, { date: '2026-11-01', observation: '' }, { date: '2026-11-01', observation: 'x'.repeat(1001) }, { observation: 'x' }]) {
      const res = await http.post(`/api/agents/${pro.uid}/daily/observation`).set(bearer(admin.token)).send(body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('POST /api/agents/{id}/withdrawals', () => {
  it('is refused below 4 subscriptions or 4 campaigns, and when the balance is short', async () => {
    const http = await client();
    await earn(market.uid, 'seed-market-1', 1000);
    await sold(market.uid, 3, 4);
    const few = await http.post(`/api/agents/${market.uid}/withdrawals`).set(bearer(admin.token)).send({ montant: 500 });
    expect({ status: few.status, code: few.body.code }).toEqual({ status: 409, code: 'AGENT_WITHDRAWAL_TARGETS_NOT_MET' });
    await sold(market.uid, 1, -1);
    // 4 subscriptions, 3 campaigns: still refused.
    expect((await http.post(`/api/agents/${market.uid}/withdrawals`).set(bearer(admin.token)).send({ montant: 500 })).body.code).toBe('AGENT_WITHDRAWAL_TARGETS_NOT_MET');
    await sold(market.uid, 0, 1);
    const short = await http.post(`/api/agents/${market.uid}/withdrawals`).set(bearer(admin.token)).send({ montant: 5000 });
    expect({ status: short.status, code: short.body.code }).toEqual({ status: 409, code: 'INSUFFICIENT_BALANCE' });
    for (const body of [{ montant: 0 }, { montant: -5 }, { montant: 10.5 }, { montant: '100' }, {}, { montant: 100, extra: 1 }]) {
      const res = await http.post(`/api/agents/${market.uid}/withdrawals`).set(bearer(admin.token)).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    // Nothing withdrawn, nothing audited.
    expect(await audited('agent.withdrawal_recorded', market.uid)).toEqual([]);
  });

  it('withdraws once for 10 identical requests at once, and lists withdrawals newest first', async () => {
    frozenClock(new Date('2026-11-12T10:00:00Z'));
    await earn(pro.uid, 'seed-pro-1', 10_000);
    await sold(pro.uid, 4, 4);
    const before = await balance(pro);
    const http = await client();
    const results = await Promise.all(Array.from({ length: 10 }, () => http.post(`/api/agents/${pro.uid}/withdrawals`).set(bearer(admin.token)).send({ montant: 3000, note: 'Retrait espèces' })));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(results.filter((res) => res.body.data.created)).toHaveLength(1);
    expect(new Set(results.map((res) => res.body.data.withdrawal.id)).size).toBe(1);
    expect(await balance(pro)).toBe(before - 3000);
    const earnings = await db().collection(COLLECTIONS.agentEarnings).where('agentId', '==', pro.uid).where('type', '==', 'withdrawal').get();
    expect(earnings.docs.map((doc) => doc.get('montant'))).toEqual([-3000]);
    const ledger = await db().collection(COLLECTIONS.wallets).doc(pro.uid).collection('transactions').where('type', '==', 'retrait').get();
    expect(ledger.docs.map((doc) => doc.get('montant'))).toEqual([-3000]);
    // One audit entry, written with the withdrawal: who, the earning, the amount, the note.
    expect(await audited('agent.withdrawal_recorded', pro.uid)).toEqual([
      expect.objectContaining({
        actor: { uid: admin.uid, role: 'admin' },
        target: { collection: COLLECTIONS.agentEarnings, id: results[0].body.data.withdrawal.id },
        before: null,
        after: { agentId: pro.uid, montant: -3000, description: 'Retrait espèces', dateKey: '2026-11-12' },
        reason: 'Retrait espèces',
      }),
    ]);
    // A distinct request (its own requestId), a little later: a second withdrawal, retried once.
    frozenClock(new Date('2026-11-12T11:00:00Z'));
    const again = () => http.post(`/api/agents/${pro.uid}/withdrawals`).set(bearer(admin.token)).send({ montant: 1000, requestId: 'form-42' });
    expect((await again()).body.data.created).toBe(true);
    expect((await again()).body.data.created).toBe(false);
    expect(await balance(pro)).toBe(before - 4000);
    expect((await audited('agent.withdrawal_recorded', pro.uid)).map((entry) => entry.after.montant)).toEqual([-3000, -1000]);
    const list = await http.get('/api/agents/withdrawals').set(bearer(gestionnaire.token));
    expect(list.status).toBe(200);
    expect(list.body.data.map((item: { montant: number; agentId: string }) => [item.agentId, item.montant])).toEqual([
      [pro.uid, 1000],
      [pro.uid, 3000],
    ]);
    const stats = (await http.get(`/api/agents/${pro.uid}/referral-stats`).set(bearer(admin.token))).body.data;
    expect(stats.totalWithdrawn).toBe(4000);
  });
});

describe('POST /api/agents/admin/backfill-daily-presence', () => {
  it('credits the days with a position and no bonus, once however often it runs', async () => {
    const day = '2026-11-05';
    await runTransaction(async (tx) => {
      writeDay(tx, pro.uid, day, {}, { zone: 'Akpakpa', zoneLocation: { lat: 6.37, lng: 2.43 } });
      writeDay(tx, market.uid, day, { prospectsApproached: 1 }, { zone: 'Ganhi' });
    });
    const before = await balance(pro);
    const http = await client();
    const first = await http.post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({ date: day });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ dateKey: day, scanned: 2, missing: 1, credited: 1, refused: 0 });
    const second = await http.post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({ date: day });
    expect(second.body.data).toEqual({ dateKey: day, scanned: 2, missing: 0, credited: 0, refused: 0 });
    expect(await balance(pro)).toBe(before + 2000);
    expect((await db().collection(COLLECTIONS.agentDays).doc(`${pro.uid}_${day}`).get()).data()).toMatchObject({ dailyBonusCredited: true, dailyPresenceBonusXof: 2000 });
    // The credit the admin's run made is audited once, as the admin's.
    expect(await audited('agent.presence_backfilled', pro.uid)).toEqual([
      expect.objectContaining({ actor: { uid: admin.uid, role: 'admin' }, before: null, after: { agentId: pro.uid, montant: 2000, dateKey: day } }),
    ]);
  });

  it('takes yesterday in the business time zone by default, and refuses a bad date', async () => {
    // 23:30 UTC on the 6th is 00:30 on the 7th in Porto-Novo: yesterday is the 6th.
    frozenClock(new Date('2026-11-06T23:30:00Z'));
    await runTransaction(async (tx) => writeDay(tx, market.uid, '2026-11-06', {}, { zoneLocation: { lat: 6.4, lng: 2.4 } }));
    const http = await client();
    const res = await http.post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({});
    expect(res.body.data).toEqual({ dateKey: '2026-11-06', scanned: 1, missing: 1, credited: 1, refused: 0 });
    const bad = await http.post('/api/agents/admin/backfill-daily-presence').set(bearer(admin.token)).send({ date: '2026-13-01' });
    expect({ status: bad.status, code: bad.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  });
});
