/**
 * Commercial agents (`/api/agents`): creation by admin levels with a unique referral code, the
 * typeAgent guards, dashboards read from counters, and the daily journal: presence bonus once per
 * day whatever the concurrency, atomic prospect counter.
 */
import { auth, db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { resetCodeDrawer, setCodeDrawer } from '../../functions/src/domains/agents/codes';
import { createUser, newBeninNumber, signIn, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();
afterEach(resetCodeDrawer);

const PASSWORD = 'Agent-2026!';
const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller, buyer] = await Promise.all([createUser('admin'), createUser('vendeur'), createUser('acheteur')]);
});

const doc = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data();

function agentBody(overrides: Record<string, unknown> = {}) {
  return { telephone: `+229${newBeninNumber()}`, nom: 'Adjovi', prenoms: 'Nadège', typeAgent: 'Market_pro', zone: 'Cotonou - Dantokpa', ...overrides };
}

async function createAgent(typeAgent: 'Market_pro' | 'Market' = 'Market_pro', by: TestUser = admin): Promise<TestUser & { referralCode: string }> {
  const res = await (await api()).post('/api/agents').set(bearer(by.token)).send(agentBody({ typeAgent }));
  if (res.status !== 201) throw new Error(`agent not created: ${res.status} ${JSON.stringify(res.body)}`);
  const agent = res.body.data;
  // What the agent sets through the reset flow (driven end to end below), kept short here.
  await auth().updateUser(agent.id, { password: PASSWORD });
  return { uid: agent.id, token: await signIn(agent.email, PASSWORD), national: '', telephone: agent.telephone, email: agent.email, role: 'agentCommercial', referralCode: agent.referralCode };
}

/** The agent's first password, set as the answer of POST /api/agents says: code by the OTP channel, checked, then the new password. Answers a token signed in with it. */
async function passwordThroughReset(telephone: string, email: string, password = PASSWORD): Promise<string> {
  const client = await api();
  const asked = await client.post('/api/push-otp/request').send({ telephone, app: 'pro' });
  if (asked.status !== 200) throw new Error(`no code: ${asked.status} ${JSON.stringify(asked.body)}`);
  const sent = await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get();
  const code = sent.docs.map((message) => message.data()).sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0].code as string;
  expect((await client.post('/api/push-otp/verify-code').send({ telephone, app: 'pro', otp: code })).body.data).toEqual({ valid: true });
  const reset = await client.post('/api/push-otp/reset-password').send({ telephone, app: 'pro', otp: code, newPassword: password });
  expect(reset.body).toEqual({ success: true, data: { reset: true } });
  return signIn(email, password);
}

describe('POST /api/agents', () => {
  it('creates the pro login, the profile, the referral code and the agent record: 201', async () => {
    const body = agentBody({ typeAgent: 'Market' });
    const res = await (await api()).post('/api/agents').set(bearer(admin.token)).send(body);
    expect(res.status).toBe(201);
    const agent = res.body.data;
    expect(agent).toEqual({
      id: expect.any(String),
      telephone: body.telephone,
      email: `pro_${body.telephone.slice(1)}@users.marketplace.invalid`,
      nom: 'Adjovi',
      prenoms: 'Nadège',
      typeAgent: 'Market',
      zone: 'Cotonou - Dantokpa',
      referralCode: expect.stringMatching(CODE),
      createdAt: expect.any(String),
      passwordSetup: { method: 'password_reset', steps: ['POST /api/push-otp/request', 'POST /api/push-otp/verify-code', 'POST /api/push-otp/reset-password'] },
    });
    expect(await doc(COLLECTIONS.users, agent.id)).toMatchObject({ role: 'agentCommercial', app: 'pro', typeAgent: 'Market', referralCode: agent.referralCode });
    expect(await doc(COLLECTIONS.referralCodes, agent.referralCode)).toMatchObject({ agentId: agent.id });
    expect(await doc(COLLECTIONS.agents, agent.id)).toMatchObject({ typeAgent: 'Market', zone: 'Cotonou - Dantokpa', referralCode: agent.referralCode, createdBy: admin.uid });
    // The agent sets its own password through the reset flow, then logs in to the pro app with it.
    const token = await passwordThroughReset(body.telephone, agent.email);
    expect((await (await api()).get('/api/protected/me').set(bearer(token))).body.data).toMatchObject({ role: 'agentCommercial', typeAgent: 'Market' });
  });

  it('is open to every admin level, and to nobody else', async () => {
    const client = await api();
    for (const role of ['superAdmin', 'principal', 'gestionnaire'] as const) {
      const by = await createUser(role);
      expect({ role, status: (await client.post('/api/agents').set(bearer(by.token)).send(agentBody())).status }).toEqual({ role, status: 201 });
    }
    const agent = await createAgent();
    for (const caller of [seller, buyer, agent]) {
      const res = await client.post('/api/agents').set(bearer(caller.token)).send(agentBody());
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    }
    const anonymous = await client.post('/api/agents').send(agentBody());
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('refuses bad bodies and a telephone that already has a pro account', async () => {
    const client = await api();
    const bad = [
      agentBody({ typeAgent: 'Market_plus' }),
      agentBody({ zone: undefined }),
      agentBody({ zone: '' }),
      agentBody({ password: 'short' }),
      agentBody({ password: PASSWORD }),
      agentBody({ role: 'admin' }),
      agentBody({ referralCode: 'MYCODE12' }),
      agentBody({ nom: 42 }),
    ];
    for (const body of bad) {
      const res = await client.post('/api/agents').set(bearer(admin.token)).send(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await client.post('/api/agents').set(bearer(admin.token)).send(agentBody({ telephone: '+229123' }))).body.code).toBe('INVALID_TELEPHONE');
    const taken = await client.post('/api/agents').set(bearer(admin.token)).send(agentBody({ telephone: seller.telephone }));
    expect({ status: taken.status, code: taken.body.code }).toEqual({ status: 409, code: 'TELEPHONE_TAKEN' });
    const body = agentBody();
    expect((await client.post('/api/agents').set(bearer(admin.token)).send(body)).status).toBe(201);
    expect((await client.post('/api/agents').set(bearer(admin.token)).send(body)).body.code).toBe('TELEPHONE_TAKEN');
  });

  it('never lets the admin choose or see the password: the agent sets its own through the reset flow, and only then signs in', async () => {
    const client = await api();
    // A password in the body is an unknown field: refused, nothing made.
    const body = agentBody();
    const chosen = await client.post('/api/agents').set(bearer(admin.token)).send({ ...body, password: PASSWORD });
    expect({ status: chosen.status, code: chosen.body.code, field: chosen.body.details?.[0]?.field }).toEqual({ status: 400, code: 'VALIDATION_ERROR', field: 'body.password' });
    expect((await db().collection(COLLECTIONS.users).where('telephone', '==', body.telephone).get()).size).toBe(0);

    const res = await client.post('/api/agents').set(bearer(admin.token)).send(body);
    expect(res.status).toBe(201);
    // Nothing in the answer is a password, and no password works before the agent chose one.
    expect(Object.keys(res.body.data)).not.toContain('password');
    expect(JSON.stringify(res.body)).not.toMatch(/"password"\s*:/);
    await expect(signIn(res.body.data.email, PASSWORD)).rejects.toThrow('sign-in failed');
    // The agent's own password, through the codes of the reset flow.
    const token = await passwordThroughReset(body.telephone, res.body.data.email, 'Mon-mot-de-passe-2026');
    expect((await client.get('/api/protected/me').set(bearer(token))).body.data).toMatchObject({ id: res.body.data.id, role: 'agentCommercial' });
    // The admin's view of the agent holds no password either.
    const viewed = await client.get(`/api/users/${res.body.data.id}`).set(bearer(admin.token));
    expect(viewed.status).toBe(200);
    expect(JSON.stringify(viewed.body)).not.toContain('Mon-mot-de-passe-2026');
  });

  it('gives agents created at once distinct codes, drawing again when a code is taken', async () => {
    // The first 12 draws, whichever creations make them, are the same code: all but one must draw again.
    let calls = 0;
    setCodeDrawer(() => {
      calls += 1;
      return calls <= 12 ? 'SAMECODE' : `NEXT${String(calls).padStart(4, '0')}`;
    });
    const client = await api();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/agents').set(bearer(admin.token)).send(agentBody())));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(201));
    const codes = results.map((res) => res.body.data.referralCode as string);
    expect(new Set(codes).size).toBe(10);
    expect(codes).toContain('SAMECODE');
    for (const res of results) expect(await doc(COLLECTIONS.referralCodes, res.body.data.referralCode)).toEqual(expect.objectContaining({ agentId: res.body.data.id }));
  });
});

describe('agent routes', () => {
  it('need the role agentCommercial, and the typeAgent of me-pro and me-market', async () => {
    const [pro, market] = await Promise.all([createAgent('Market_pro'), createAgent('Market')]);
    const client = await api();
    const get = (path: string, token?: string) => (token ? client.get(path).set(bearer(token)) : client.get(path));
    const expectations: Array<[string, string | undefined, number, string?]> = [
      ['/api/agents/me/dashboard', pro.token, 200],
      ['/api/agents/me/dashboard', market.token, 200],
      ['/api/agents/me-pro/dashboard', pro.token, 200],
      ['/api/agents/me-pro/dashboard', market.token, 403, 'AGENT_TYPE_FORBIDDEN'],
      ['/api/agents/me-market/dashboard', market.token, 200],
      ['/api/agents/me-market/dashboard', pro.token, 403, 'AGENT_TYPE_FORBIDDEN'],
      ['/api/agents/me/dashboard', seller.token, 403, 'FORBIDDEN_ROLE'],
      ['/api/agents/me-pro/dashboard', admin.token, 403, 'FORBIDDEN_ROLE'],
      ['/api/agents/me-market/dashboard', buyer.token, 403, 'FORBIDDEN_ROLE'],
      ['/api/agents/me/dashboard', undefined, 401, 'UNAUTHENTICATED'],
    ];
    for (const [path, token, status, code] of expectations) {
      const res = await get(path, token);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status, code });
    }
    const french = await get('/api/agents/me-pro/dashboard', market.token);
    const english = await get('/api/agents/me-pro/dashboard', market.token).set('Accept-Language', 'en');
    expect(french.body.message).toMatch(/type d’agent/);
    expect(english.body.message).toMatch(/type of agent/);
    for (const path of ['/api/agents/me/daily', '/api/agents/me/daily/prospects/increment']) {
      expect((await client.post(path).set(bearer(seller.token)).send({ zone: 'Cotonou' })).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.post(path).send({ zone: 'Cotonou' })).status).toBe(401);
    }
  });
});

describe('dashboards', () => {
  it('answer exactly the contract’s paths, today by default in the business time zone, with the targets', async () => {
    // 23:30 UTC is already the next day in Porto-Novo (UTC+1).
    frozenClock(new Date('2026-11-22T23:30:00Z'));
    const agent = await createAgent('Market_pro');
    const res = await (await api()).get('/api/agents/me-pro/dashboard').set(bearer(agent.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      // DOMAIN.md, "Agents' zones": "An agent without an area keeps the land rule and its dashboard says the zone is not set."
      agent: {
        id: agent.uid,
        typeAgent: 'Market_pro',
        referralCode: agent.referralCode,
        presenceZone: { statut: 'non_definie', centre: null, rayonM: null, polygone: null, definedAt: null, definedBy: null },
      },
      stats: { totalReferrals: 0, completedReferrals: 0, awaitingPhoneProof: 0, totalEarnings: 0, currentBalance: 0 },
      daily: {
        dateKey: '2026-11-23',
        prospectsApproached: 0,
        demonstrations: 0,
        boutiquesCreees: 0,
        abonnementsVendus: 0,
        campagnesLancees: 0,
        revenueAbonnement: 0,
        revenueCampagne: 0,
        dailyBonusCredited: false,
        dailyPresenceBonusXof: 0,
        objectifs: { prospectsParJour: 20, abonnementsAvantRetrait: 4, campagnesAvantRetrait: 4 },
      },
    });
  });

  it('show the asked day, and refuse a date that is not a day', async () => {
    const agent = await createAgent('Market');
    const client = await api();
    await client.post('/api/agents/me/daily/prospects/increment').set(bearer(agent.token));
    const today = (await client.get('/api/agents/me/dashboard').set(bearer(agent.token))).body.data.daily;
    expect(today.prospectsApproached).toBe(1);
    const other = (await client.get('/api/agents/me-market/dashboard?date=2020-02-29').set(bearer(agent.token))).body.data.daily;
    expect(other).toMatchObject({ dateKey: '2020-02-29', prospectsApproached: 0 });
    for (const date of ['2026-02-30', '2026-13-01', '22-11-2026', '2026-1-5', 'today', '2026-11-22T00:00:00Z', '']) {
      const res = await client.get('/api/agents/me/dashboard').query({ date }).set(bearer(agent.token));
      expect({ date, status: res.status, code: res.body.code, success: res.body.success }).toEqual({ date, status: 400, code: 'VALIDATION_ERROR', success: false });
    }
    expect((await client.get('/api/agents/me/dashboard?day=2026-01-01').set(bearer(agent.token))).body.code).toBe('VALIDATION_ERROR');
  });

  it('take the targets from configuration', async () => {
    useSettings({ AGENT_TARGET_PROSPECTS_PER_DAY: '25', AGENT_WITHDRAWAL_MIN_SUBSCRIPTIONS: '5' });
    const agent = await createAgent('Market');
    const res = await (await api()).get('/api/agents/me/dashboard').set(bearer(agent.token));
    expect(res.body.data.daily.objectifs).toEqual({ prospectsParJour: 25, abonnementsAvantRetrait: 5, campagnesAvantRetrait: 4 });
  });
});

describe('daily journal', () => {
  const wallet = async (agent: TestUser) => (await (await api()).get('/api/wallet/me').set(bearer(agent.token))).body.data.balance;
  const ledger = async (agent: TestUser) => (await db().collection(COLLECTIONS.wallets).doc(agent.uid).collection('transactions').get()).docs.map((entry) => entry.data());
  const earningsOf = async (agent: TestUser) => (await db().collection(COLLECTIONS.agentEarnings).where('agentId', '==', agent.uid).get()).docs.map((earning) => ({ id: earning.id, ...earning.data() }));

  it('records the zone, and credits the presence bonus at the day’s first position only', async () => {
    frozenClock(new Date('2026-11-22T09:00:00Z'));
    const agent = await createAgent('Market_pro');
    const client = await api();
    const zoneOnly = await client.post('/api/agents/me/daily').set(bearer(agent.token)).send({ zone: 'Akpakpa' });
    expect(zoneOnly.status).toBe(200);
    expect(zoneOnly.body.data).toEqual({
      dateKey: '2026-11-22', zone: 'Akpakpa', zoneLocation: null, prospectsApproached: 0, dailyBonusCredited: false, dailyPresenceBonusXof: 0, bonusCreditedNow: false, bonusRefusedReason: null,
    });
    const located = await client.post('/api/agents/me/daily').set(bearer(agent.token)).send({ zoneLocation: { lat: 6.3654, lng: 2.4183 } });
    expect(located.body.data).toEqual({
      dateKey: '2026-11-22', zone: 'Akpakpa', zoneLocation: { lat: 6.3654, lng: 2.4183 }, prospectsApproached: 0, dailyBonusCredited: true, dailyPresenceBonusXof: 2000, bonusCreditedNow: true, bonusRefusedReason: null,
    });
    const again = await client.post('/api/agents/me/daily').set(bearer(agent.token)).send({ zone: 'Cadjèhoun', zoneLocation: { lat: 6.36, lng: 2.39 } });
    expect(again.body.data).toMatchObject({ zone: 'Cadjèhoun', zoneLocation: { lat: 6.36, lng: 2.39 }, dailyBonusCredited: true, bonusCreditedNow: false });
    expect(await wallet(agent)).toBe(2000);
    expect(await earningsOf(agent)).toEqual([
      expect.objectContaining({ id: `daily_presence_${agent.uid}_2026-11-22`, type: 'daily_presence', montant: 2000, dateKey: '2026-11-22' }),
    ]);
    expect(await ledger(agent)).toEqual([expect.objectContaining({ type: 'gain_agent', montant: 2000, reference: `daily_presence_${agent.uid}_2026-11-22` })]);
    const dashboard = (await client.get('/api/agents/me/dashboard').set(bearer(agent.token))).body.data;
    expect(dashboard.stats).toEqual({ totalReferrals: 0, completedReferrals: 0, awaitingPhoneProof: 0, totalEarnings: 2000, currentBalance: 2000 });
    expect(dashboard.daily).toMatchObject({ dailyBonusCredited: true, dailyPresenceBonusXof: 2000 });
  });

  it('credits one bonus and one wallet entry for 10 calls at once, and again on the next business day', async () => {
    const move = frozenClock(new Date('2026-11-22T22:30:00Z'));
    useSettings({ AGENT_DAILY_PRESENCE_BONUS_XOF: '1500' });
    const agent = await createAgent('Market');
    const client = await api();
    const call = () => client.post('/api/agents/me/daily').set(bearer(agent.token)).send({ zone: 'Porto-Novo', zoneLocation: { lat: 6.4969, lng: 2.6289 } });
    const results = await Promise.all(Array.from({ length: 10 }, call));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(results.filter((res) => res.body.data.bonusCreditedNow)).toHaveLength(1);
    expect(await earningsOf(agent)).toHaveLength(1);
    expect(await ledger(agent)).toHaveLength(1);
    expect(await wallet(agent)).toBe(1500);
    // 23:30 UTC is 00:30 the next day in Porto-Novo: a new day, a new bonus.
    move(60 * 60 * 1000);
    expect((await call()).body.data).toMatchObject({ dateKey: '2026-11-23', bonusCreditedNow: true });
    expect(await wallet(agent)).toBe(3000);
    expect((await earningsOf(agent)).map((earning) => earning.id).sort()).toEqual([`daily_presence_${agent.uid}_2026-11-22`, `daily_presence_${agent.uid}_2026-11-23`]);
  });

  it('refuses positions out of range, half positions and empty bodies', async () => {
    const agent = await createAgent('Market');
    const client = await api();
    const bad = [
      { zoneLocation: { lat: 91, lng: 2 } },
      { zoneLocation: { lat: -90.5, lng: 2 } },
      { zoneLocation: { lat: 6, lng: 180.1 } },
      { zoneLocation: { lat: 6, lng: -181 } },
      { zoneLocation: { lat: 6 } },
      { zoneLocation: { lat: '6.3', lng: '2.4' } },
      { zoneLocation: { lat: 6, lng: 2, alt: 10 } },
      { zoneLocation: null },
      { zone: '' },
      { zone: 'Cotonou', bonus: 5000 },
      {},
    ];
    for (const body of bad) {
      const res = await client.post('/api/agents/me/daily').set(bearer(agent.token)).send(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await wallet(agent)).toBe(0);
    const edges = await client.post('/api/agents/me/daily').set(bearer(agent.token)).send({ zoneLocation: { lat: -90, lng: 180 } });
    // Accepted and recorded, but the South Pole is no land of a served country: no bonus (agents-presence.test.ts).
    expect(edges.body.data).toMatchObject({ zoneLocation: { lat: -90, lng: 180 }, bonusCreditedNow: false, bonusRefusedReason: 'hors_zone' });
  });

  it('counts prospects atomically: 10 increments at once make 10', async () => {
    frozenClock(new Date('2026-11-22T12:00:00Z'));
    const agent = await createAgent('Market_pro');
    const client = await api();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/agents/me/daily/prospects/increment').set(bearer(agent.token))));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(results.map((res) => res.body.data.prospectsApproached).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await doc(COLLECTIONS.agentDays, `${agent.uid}_2026-11-22`)).toMatchObject({ agentId: agent.uid, dateKey: '2026-11-22', prospectsApproached: 10 });
    const daily = (await client.get('/api/agents/me-pro/dashboard').set(bearer(agent.token))).body.data.daily;
    expect(daily).toMatchObject({ dateKey: '2026-11-22', prospectsApproached: 10 });
    const journal = await client.post('/api/agents/me/daily').set(bearer(agent.token)).send({ zone: 'Fidjrossè' });
    expect(journal.body.data.prospectsApproached).toBe(10);
  });
});
