/**
 * Referrals (`/api/referrals`) and what they earn: a sign-up with an agent's code makes a pending
 * referral and a `referral_signup` earning; the referred user's payments complete it and earn
 * commissions (rounded up, once per payment, also when the event is delivered again); the daily
 * KPIs and totals move with them. Payments go through the FeexPay sandbox and an admin's confirmation.
 */
import { auth, db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createLogin, createUser, lastCodeSentTo, newBeninNumber, proveTelephone, signIn, syntheticEmailOf, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { redeliver } from '../helpers/events';
import { paidAtFeexPay, useFeexPaySandbox } from '../helpers/feexpay';
import { frozenClock, resetClock, useSettings } from '../helpers/settings';

useFeexPaySandbox();
// Many sign-ups from one address: the auth rate limit is not what these tests are about.
beforeEach(() => useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' }));
afterEach(resetClock);

const PASSWORD = 'Agent-2026!';
let admin: TestUser;
let agent: TestUser & { referralCode: string };
let otherAgent: TestUser & { referralCode: string };

const doc = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data();

async function createAgent(typeAgent: 'Market_pro' | 'Market'): Promise<TestUser & { referralCode: string }> {
  const body = { telephone: `+229${newBeninNumber()}`, nom: 'Adjovi', prenoms: 'Nadège', typeAgent, zone: 'Cotonou' };
  const res = await (await api()).post('/api/agents').set(bearer(admin.token)).send(body);
  if (res.status !== 201) throw new Error(`agent not created: ${res.status} ${JSON.stringify(res.body)}`);
  const made = res.body.data;
  // The agent's own password (set through the reset flow in life; test/agents/agents.test.ts drives it).
  await auth().updateUser(made.id, { password: PASSWORD });
  return { uid: made.id, token: await signIn(made.email, PASSWORD), national: '', telephone: made.telephone, email: made.email, role: 'agentCommercial', referralCode: made.referralCode };
}

/** A user who signs up through the API, as the apps do, with a referral code, and proves its telephone (unless told not to). */
async function signUp(role: 'vendeur' | 'acheteur' | 'transitaire', referralCode?: string, { prove = true } = {}): Promise<TestUser> {
  const national = newBeninNumber();
  const login = await createLogin(syntheticEmailOf(national, role === 'acheteur' ? 'buyer' : 'pro'));
  const res = await (await api())
    .post('/api/auth/register')
    .set(bearer(login.token))
    .send({ nom: 'Dossou', prenoms: 'Koffi', telephone: `+229${national}`, pays: 'BJ', role, ...(referralCode ? { referralCode } : {}) });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const user: TestUser = { uid: login.uid, token: login.token, national, telephone: `+229${national}`, email: syntheticEmailOf(national, 'pro'), role };
  if (prove) await proveTelephone(user);
  return user;
}

let payer = 100;
/** A payment started by `user` and confirmed by an admin: answers its id. */
async function pay(user: TestUser, body: { type: string; montant: number; metadata: Record<string, string> }): Promise<string> {
  const client = await api();
  payer += 1;
  // Numbers ending in 2 stay pending at the sandbox: the admin's confirmation settles them.
  const started = await client.post('/api/payments/requesttopay/mtn').set(bearer(user.token)).send({ ...body, telephone: `+2290197${String(payer).padStart(5, '0')}2` });
  if (started.status !== 201) throw new Error(`payment not started: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.data.paymentId as string;
  await paidAtFeexPay(id);
  const confirmed = await client.post(`/api/payments/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
  if (confirmed.status !== 200) throw new Error(`payment not confirmed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return id;
}

const dashboard = async (who: TestUser = agent) => (await (await api()).get('/api/agents/me/dashboard').set(bearer(who.token))).body.data;
const earningsOf = async (who: TestUser) =>
  (await db().collection(COLLECTIONS.agentEarnings).where('agentId', '==', who.uid).get()).docs.map((earning) => ({ id: earning.id, ...earning.data() }));
const ledgerSize = async (who: TestUser) => (await db().collection(COLLECTIONS.wallets).doc(who.uid).collection('transactions').get()).size;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
  [agent, otherAgent] = await Promise.all([createAgent('Market_pro'), createAgent('Market')]);
});

describe('sign-up with a referral code', () => {
  it('makes a pending referral and earns referral_signup once; a seller counts as a shop created', async () => {
    frozenClock(new Date('2026-11-22T10:00:00Z'));
    const seller = await signUp('vendeur', agent.referralCode.toLowerCase());
    expect(await doc(COLLECTIONS.referrals, seller.uid)).toMatchObject({
      referrerId: agent.uid, referredId: seller.uid, code: agent.referralCode, statut: 'pending', referredRole: 'vendeur', completedAt: null,
    });
    expect(await earningsOf(agent)).toEqual([
      expect.objectContaining({ id: `referral_signup_${seller.uid}`, type: 'referral_signup', montant: 150, sourceUserId: seller.uid, dateKey: '2026-11-22' }),
    ]);
    const buyer = await signUp('acheteur', agent.referralCode);
    const board = await dashboard();
    expect(board.stats).toEqual({ totalReferrals: 2, completedReferrals: 0, awaitingPhoneProof: 0, totalEarnings: 300, currentBalance: 300 });
    expect(board.daily).toMatchObject({ dateKey: '2026-11-22', boutiquesCreees: 1 });
    // Delivered again (its runs lost): nothing more.
    await redeliver(`user.registered_${seller.uid}`);
    await redeliver(`user.registered_${buyer.uid}`);
    expect((await dashboard()).stats).toEqual(board.stats);
    expect(await ledgerSize(agent)).toBe(2);
    expect((await doc(COLLECTIONS.agentDays, `${agent.uid}_2026-11-22`))?.boutiquesCreees).toBe(1);
  });

  it('earns nothing for a sign-up without a code, and the tariff an admin set for one with', async () => {
    const before = await dashboard(otherAgent);
    await signUp('acheteur');
    expect(await dashboard(otherAgent)).toEqual(before);
    const client = await api();
    const tariff = await client.put('/api/admin/referral-pricing').set(bearer(admin.token)).send({ referralSignupXof: 200, commissionSubscriptionPct: 10, commissionPublicitePct: 10 });
    expect(tariff.status).toBe(200);
    const referred = await signUp('acheteur', otherAgent.referralCode);
    expect(await doc(COLLECTIONS.agentEarnings, `referral_signup_${referred.uid}`)).toMatchObject({ agentId: otherAgent.uid, montant: 200 });
    await client.put('/api/admin/referral-pricing').set(bearer(admin.token)).send({ referralSignupXof: 150, commissionSubscriptionPct: 10, commissionPublicitePct: 10 });
  });
});

describe('payments of referred users', () => {
  it('completes the referral at the first success and earns 10 % of a subscription once, also when the event comes again', async () => {
    frozenClock(new Date('2026-11-23T08:00:00Z'));
    const seller = await signUp('vendeur', agent.referralCode);
    const before = await dashboard();
    const paymentId = await pay(seller, { type: 'abonnement', montant: 10_000, metadata: { months: '2' } });
    expect(await doc(COLLECTIONS.referrals, seller.uid)).toMatchObject({ statut: 'completed', firstPaymentId: paymentId });
    expect(await doc(COLLECTIONS.agentEarnings, `commission_subscription_${paymentId}`)).toMatchObject({
      agentId: agent.uid, type: 'commission_subscription', montant: 1000, paymentId, sourceUserId: seller.uid, dateKey: '2026-11-23',
    });
    const after = await dashboard();
    expect(after.stats).toEqual({
      totalReferrals: before.stats.totalReferrals,
      completedReferrals: before.stats.completedReferrals + 1,
      awaitingPhoneProof: 0,
      totalEarnings: before.stats.totalEarnings + 1000,
      currentBalance: before.stats.currentBalance + 1000,
    });
    expect(after.daily).toMatchObject({ dateKey: '2026-11-23', boutiquesCreees: 1, abonnementsVendus: 1, revenueAbonnement: 1000, campagnesLancees: 0 });
    const entries = await ledgerSize(agent);

    // The same success told again: refused by the payment's table, and its event redelivered changes nothing.
    const again = await (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Encore' });
    expect(again.body.code).toBe('INVALID_TRANSITION');
    const runs = await redeliver(`payment.succeeded_${paymentId}`);
    expect(runs['agents.referral_payment']).toBe('done');
    expect(await dashboard()).toEqual(after);
    expect(await ledgerSize(agent)).toBe(entries);
    expect((await earningsOf(agent)).filter((earning) => earning.id.startsWith('commission_'))).toHaveLength(1);

    // A second subscription: another commission, the referral stays completed once.
    const second = await pay(seller, { type: 'abonnement', montant: 5000, metadata: { months: '1' } });
    expect(await doc(COLLECTIONS.referrals, seller.uid)).toMatchObject({ statut: 'completed', firstPaymentId: paymentId });
    const third = await dashboard();
    expect(third.stats.completedReferrals).toBe(after.stats.completedReferrals);
    expect(third.daily).toMatchObject({ abonnementsVendus: 2, revenueAbonnement: 1500 });
    expect(await doc(COLLECTIONS.agentEarnings, `commission_subscription_${second}`)).toMatchObject({ montant: 500 });
  });

  it('rounds a commission up to the franc, and takes the admin’s tariff', async () => {
    const client = await api();
    await client.put('/api/admin/subscription-pricing').set(bearer(admin.token)).send({ mensuel: 1234 });
    const seller = await signUp('vendeur', otherAgent.referralCode);
    const odd = await pay(seller, { type: 'abonnement', montant: 1234, metadata: { months: '1' } });
    // 10 % of 1234 is 123.4: 124.
    expect(await doc(COLLECTIONS.agentEarnings, `commission_subscription_${odd}`)).toMatchObject({ agentId: otherAgent.uid, montant: 124 });
    await client.put('/api/admin/referral-pricing').set(bearer(admin.token)).send({ referralSignupXof: 150, commissionSubscriptionPct: 7.5, commissionPublicitePct: 10 });
    await client.put('/api/admin/subscription-pricing').set(bearer(admin.token)).send({ mensuel: 5000 });
    // 7.5 % of 10000 is exactly 750: no franc added.
    const exact = await pay(seller, { type: 'abonnement', montant: 10_000, metadata: { months: '2' } });
    expect(await doc(COLLECTIONS.agentEarnings, `commission_subscription_${exact}`)).toMatchObject({ montant: 750 });
    await client.put('/api/admin/referral-pricing').set(bearer(admin.token)).send({ referralSignupXof: 150, commissionSubscriptionPct: 10, commissionPublicitePct: 10 });
  });

  it('counts a forwarder’s subscription too', async () => {
    const forwarder = await signUp('transitaire', otherAgent.referralCode);
    const paymentId = await pay(forwarder, { type: 'abonnement_transitaire', montant: 5000, metadata: { months: '1' } });
    expect(await doc(COLLECTIONS.agentEarnings, `commission_subscription_${paymentId}`)).toMatchObject({ agentId: otherAgent.uid, montant: 500 });
    expect(await doc(COLLECTIONS.referrals, forwarder.uid)).toMatchObject({ statut: 'completed' });
  });

  it('counts an advertisement asked for, then paid: campagnesDemandees, campagnesLancees and commission_publicite', async () => {
    frozenClock(new Date('2026-11-24T09:00:00Z'));
    const seller = await signUp('vendeur', agent.referralCode);
    const listing = await publish(seller);
    const client = await api();
    const pub = (await client.post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'sponsorise', duree: 7 })).body.data;
    expect(pub.montant).toBe(7000);
    const day = () => doc(COLLECTIONS.agentDays, `${agent.uid}_2026-11-24`);
    expect(await day()).toMatchObject({ campagnesDemandees: 1, boutiquesCreees: 1 });
    await redeliver(`publicite.requested_${pub.id}`);
    expect((await day())?.campagnesDemandees).toBe(1);
    const paymentId = await pay(seller, { type: 'publicite', montant: pub.montant, metadata: { publiciteId: pub.id } });
    expect(await doc(COLLECTIONS.agentEarnings, `commission_publicite_${paymentId}`)).toMatchObject({ agentId: agent.uid, montant: 700, type: 'commission_publicite' });
    expect((await dashboard()).daily).toMatchObject({ dateKey: '2026-11-24', campagnesLancees: 1, revenueCampagne: 700, abonnementsVendus: 0 });
    expect(await doc(COLLECTIONS.agents, agent.uid)).toMatchObject({ campagnesLancees: 1, campagnesDemandees: 1 });
  });

  it('earns nothing on the payments of users nobody referred', async () => {
    const seller = await signUp('vendeur');
    const before = (await db().collection(COLLECTIONS.agentEarnings).get()).size;
    await pay(seller, { type: 'abonnement', montant: 5000, metadata: { months: '1' } });
    expect((await db().collection(COLLECTIONS.agentEarnings).get()).size).toBe(before);
    expect(await doc(COLLECTIONS.referrals, seller.uid)).toBeUndefined();
  });

  it('makes the referral from the profile when a payment is handled before its payer’s sign-up', async () => {
    const seller = await signUp('vendeur', otherAgent.referralCode);
    // As if the sign-up's event had not been handled yet.
    await db().collection(COLLECTIONS.referrals).doc(seller.uid).delete();
    await db().collection(COLLECTIONS.agentEarnings).doc(`referral_signup_${seller.uid}`).delete();
    await db().collection(COLLECTIONS.wallets).doc(otherAgent.uid).collection('transactions').doc(`gain_agent_referral_signup_${seller.uid}`).delete();
    const paymentId = await pay(seller, { type: 'abonnement', montant: 5000, metadata: { months: '1' } });
    expect(await doc(COLLECTIONS.referrals, seller.uid)).toMatchObject({ referrerId: otherAgent.uid, statut: 'completed', firstPaymentId: paymentId });
    expect(await doc(COLLECTIONS.agentEarnings, `referral_signup_${seller.uid}`)).toMatchObject({ montant: 150 });
  });
});

describe('/api/referrals', () => {
  it('lists the calling agent’s referrals, newest first, by page and status, and no other agent’s', async () => {
    const client = await api();
    const mine = await client.get('/api/referrals/me?limit=2').set(bearer(agent.token));
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.pagination).toMatchObject({ page: 1, limit: 2, hasMore: true });
    const all = (await client.get('/api/referrals/me?limit=100').set(bearer(agent.token))).body;
    expect(all.data.every((referral: { referrerId: string }) => referral.referrerId === agent.uid)).toBe(true);
    const dates = all.data.map((referral: { createdAt: string }) => referral.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const completed = (await client.get('/api/referrals/me?statut=completed').set(bearer(agent.token))).body.data;
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((referral: { statut: string }) => referral.statut === 'completed')).toBe(true);
    const others = (await client.get('/api/referrals/me?limit=100').set(bearer(otherAgent.token))).body.data;
    expect(others.some((referral: { referrerId: string }) => referral.referrerId === agent.uid)).toBe(false);
  });

  it('gives the agent its statistics from its totals', async () => {
    const stats = (await (await api()).get('/api/referrals/me/stats').set(bearer(agent.token))).body.data;
    const board = await dashboard();
    expect(stats).toMatchObject({
      totalReferrals: board.stats.totalReferrals,
      completedReferrals: board.stats.completedReferrals,
      pendingReferrals: board.stats.totalReferrals - board.stats.completedReferrals,
      boutiquesCreees: 3,
      abonnementsVendus: 2,
      campagnesLancees: 1,
      campagnesDemandees: 1,
      earnings: { total: board.stats.totalEarnings, referralSignup: 600, commissionSubscription: 1500, commissionPublicite: 700, dailyPresence: 0 },
      totalWithdrawn: 0,
      currentBalance: board.stats.currentBalance,
    });
  });

  it('shows one referral to its agent and admins only', async () => {
    const client = await api();
    const [first] = (await client.get('/api/referrals/me').set(bearer(agent.token))).body.data;
    expect((await client.get(`/api/referrals/${first.id}`).set(bearer(agent.token))).body.data).toEqual(first);
    expect((await client.get(`/api/referrals/${first.id}`).set(bearer(admin.token))).body.data).toEqual(first);
    for (const [id, token] of [[first.id, otherAgent.token], ['nobody', agent.token], ['__x__', agent.token], ['a%2Fb', admin.token]] as const) {
      const res = await client.get(`/api/referrals/${id}`).set(bearer(token));
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: 'REFERRAL_NOT_FOUND' });
    }
    const seller = await createUser('vendeur');
    expect((await client.get(`/api/referrals/${first.id}`).set(bearer(seller.token))).body.code).toBe('FORBIDDEN_ROLE');
    expect((await client.get(`/api/referrals/${first.id}`)).status).toBe(401);
  });

  it('lists every referral to admin levels, by agent and status', async () => {
    const client = await api();
    const everyone = await client.get('/api/referrals?limit=100').set(bearer(admin.token));
    expect(everyone.status).toBe(200);
    const referrers = new Set(everyone.body.data.map((referral: { referrerId: string }) => referral.referrerId));
    expect(referrers).toEqual(new Set([agent.uid, otherAgent.uid]));
    const ofOther = (await client.get(`/api/referrals?referrerId=${otherAgent.uid}&statut=pending`).set(bearer(admin.token))).body.data;
    expect(ofOther.length).toBeGreaterThan(0);
    expect(ofOther.every((referral: { referrerId: string; statut: string }) => referral.referrerId === otherAgent.uid && referral.statut === 'pending')).toBe(true);
    for (const token of [agent.token, (await createUser('vendeur')).token]) {
      expect((await client.get('/api/referrals').set(bearer(token))).body.code).toBe('FORBIDDEN_ROLE');
    }
    for (const query of ['statut=paid', 'limit=0', 'page=0', 'referrerId=__x__', 'foo=bar']) {
      const res = await client.get(`/api/referrals?${query}`).set(bearer(admin.token));
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await client.get('/api/referrals/me?statut=paid').set(bearer(agent.token))).body.code).toBe('VALIDATION_ERROR');
    expect((await client.get('/api/referrals/me').set(bearer(admin.token))).body.code).toBe('FORBIDDEN_ROLE');
    expect((await client.get('/api/referrals/me')).body.code).toBe('UNAUTHENTICATED');
  });

  it('keeps the referral tariff to admin levels, and refuses a malformed one', async () => {
    const client = await api();
    expect((await client.get('/api/admin/referral-pricing').set(bearer(admin.token))).body.data).toEqual({
      referralSignupXof: 150, commissionSubscriptionPct: 10, commissionPublicitePct: 10,
    });
    for (const token of [agent.token, (await createUser('vendeur')).token]) {
      expect((await client.get('/api/admin/referral-pricing').set(bearer(token))).body.code).toBe('FORBIDDEN_ROLE');
      expect((await client.put('/api/admin/referral-pricing').set(bearer(token)).send({ referralSignupXof: 1, commissionSubscriptionPct: 50, commissionPublicitePct: 50 })).body.code).toBe('FORBIDDEN_ROLE');
    }
    for (const body of [{ referralSignupXof: 150, commissionSubscriptionPct: 101, commissionPublicitePct: 10 }, { referralSignupXof: -1, commissionSubscriptionPct: 10, commissionPublicitePct: 10 }, { referralSignupXof: 150 }]) {
      expect((await client.put('/api/admin/referral-pricing').set(bearer(admin.token)).send(body)).body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('referral money waits for the telephone proof (docs/guides/agents.md, "Referral money waits for the telephone proof")', () => {
  let third: TestUser & { referralCode: string };
  beforeAll(async () => {
    third = await createAgent('Market_pro');
  });
  const periodDoc = (dateKey: string) => doc(COLLECTIONS.agentPeriods, `day_${dateKey}_${third.uid}`);
  const held = (paymentId: string) => doc(COLLECTIONS.agentHeldCommissions, paymentId);

  it('pays nothing for a referred account that never proved its telephone, counts it apart, and pays the sign-up once at the proof', async () => {
    frozenClock(new Date('2026-11-26T10:00:00Z'));
    const fake = await signUp('vendeur', third.referralCode, { prove: false });
    expect(await doc(COLLECTIONS.referrals, fake.uid)).toMatchObject({ referrerId: third.uid, statut: 'pending', phoneProven: false });
    expect(await earningsOf(third)).toEqual([]);
    const board = await dashboard(third);
    expect(board.stats).toEqual({ totalReferrals: 1, completedReferrals: 0, awaitingPhoneProof: 1, totalEarnings: 0, currentBalance: 0 });
    expect(board.daily).toMatchObject({ dateKey: '2026-11-26', boutiquesCreees: 0 });
    // No leaderboard points either.
    expect((await periodDoc('2026-11-26'))?.score ?? 0).toBe(0);
    const client = await api();
    expect((await client.get('/api/referrals/me/stats').set(bearer(third.token))).body.data).toMatchObject({ totalReferrals: 1, awaitingPhoneProof: 1, earnings: { referralSignup: 0 } });
    expect((await client.get(`/api/referrals/${fake.uid}`).set(bearer(third.token))).body.data).toMatchObject({ phoneProven: false });
    expect((await client.get(`/api/agents/${third.uid}/referral-stats`).set(bearer(admin.token))).body.data).toMatchObject({ awaitingPhoneProof: 1 });

    frozenClock(new Date('2026-11-27T10:00:00Z'));
    await proveTelephone(fake);
    expect(await earningsOf(third)).toEqual([
      expect.objectContaining({ id: `referral_signup_${fake.uid}`, type: 'referral_signup', montant: 150, sourceUserId: fake.uid, dateKey: '2026-11-27' }),
    ]);
    const proven = await dashboard(third);
    expect(proven.stats).toEqual({ totalReferrals: 1, completedReferrals: 0, awaitingPhoneProof: 0, totalEarnings: 150, currentBalance: 150 });
    expect(proven.daily).toMatchObject({ dateKey: '2026-11-27', boutiquesCreees: 1 });
    expect(await periodDoc('2026-11-27')).toMatchObject({ boutiquesCreees: 1, score: 2 });
    expect(await doc(COLLECTIONS.referrals, fake.uid)).toMatchObject({ phoneProven: true });
    // Both events delivered again: nothing more.
    await redeliver(`user.phone_verified_${fake.uid}`);
    await redeliver(`user.registered_${fake.uid}`);
    expect((await dashboard(third)).stats).toEqual(proven.stats);
    expect(await ledgerSize(third)).toBe(1);
  });

  it('pays the sign-up bonus once when two verifications come at once', async () => {
    const buyer = await signUp('acheteur', third.referralCode, { prove: false });
    const client = await api();
    await client.post('/api/auth/phone/request').set(bearer(buyer.token));
    const otp = await lastCodeSentTo(buyer.telephone);
    const before = await ledgerSize(third);
    const results = await Promise.all([0, 1, 2].map(() => client.post('/api/auth/phone/verify').set(bearer(buyer.token)).send({ otp })));
    expect(results.filter((res) => res.status === 200 && res.body.data.verifiedNow)).toHaveLength(1);
    expect((await earningsOf(third)).filter((earning) => earning.id === `referral_signup_${buyer.uid}`)).toHaveLength(1);
    expect(await ledgerSize(third)).toBe(before + 1);
    expect((await dashboard(third)).stats.awaitingPhoneProof).toBe(0);
  });

  it('holds the commissions of payments made before the proof and credits at the proof those whose money was not refunded', async () => {
    frozenClock(new Date('2026-11-28T10:00:00Z'));
    const seller = await signUp('vendeur', third.referralCode, { prove: false });
    const before = await dashboard(third);
    const kept = await pay(seller, { type: 'abonnement', montant: 10_000, metadata: { months: '2' } });
    const refunded = await pay(seller, { type: 'abonnement', montant: 5000, metadata: { months: '1' } });
    // The referral is completed (the user paid), but the agent earns nothing yet.
    expect(await doc(COLLECTIONS.referrals, seller.uid)).toMatchObject({ statut: 'completed', firstPaymentId: kept, phoneProven: false });
    expect((await earningsOf(third)).filter((earning) => earning.id.startsWith('commission_'))).toEqual([]);
    expect(await held(kept)).toMatchObject({ statut: 'held', agentId: third.uid, referredId: seller.uid, type: 'commission_subscription', montant: 1000 });
    expect(await held(refunded)).toMatchObject({ statut: 'held', montant: 500 });
    const waiting = await dashboard(third);
    expect(waiting.stats).toMatchObject({ completedReferrals: before.stats.completedReferrals + 1, totalEarnings: before.stats.totalEarnings, awaitingPhoneProof: 1 });
    expect(waiting.daily).toMatchObject({ abonnementsVendus: 0, revenueAbonnement: 0 });

    const { markForRefund } = await import('../../functions/src/domains/payments');
    await markForRefund(refunded, 'Abonnement remboursé (test)');
    expect(await held(refunded)).toMatchObject({ statut: 'refunded' });

    frozenClock(new Date('2026-11-29T10:00:00Z'));
    await proveTelephone(seller);
    const commissions = (await earningsOf(third)).filter((earning) => earning.id.startsWith('commission_'));
    expect(commissions).toEqual([expect.objectContaining({ id: `commission_subscription_${kept}`, montant: 1000, paymentId: kept, dateKey: '2026-11-29' })]);
    expect(await held(kept)).toMatchObject({ statut: 'released' });
    expect(await held(refunded)).toMatchObject({ statut: 'refunded' });
    expect((await dashboard(third)).daily).toMatchObject({ dateKey: '2026-11-29', abonnementsVendus: 1, revenueAbonnement: 1000, boutiquesCreees: 1 });
    const entries = await ledgerSize(third);
    await redeliver(`user.phone_verified_${seller.uid}`);
    expect(await ledgerSize(third)).toBe(entries);

    // After the proof, a payment is commissioned at once.
    const later = await pay(seller, { type: 'abonnement', montant: 5000, metadata: { months: '1' } });
    expect(await doc(COLLECTIONS.agentEarnings, `commission_subscription_${later}`)).toMatchObject({ montant: 500, dateKey: '2026-11-29' });
    expect(await held(later)).toBeUndefined();
  });
});

describe('self-referral (docs/guides/identity.md, Accounts and sign-up, "Self-referral")', () => {
  it('refuses an agent’s own telephone signing up on the buyer app with its own code, writes nothing, and accepts it without the code', async () => {
    const national = agent.telephone.replace('+229', '');
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    const client = await api();
    const body = { nom: 'Adjovi', prenoms: 'Nadège', telephone: agent.telephone, pays: 'BJ', role: 'acheteur' };
    const before = await dashboard();
    const refused = await client.post('/api/auth/register').set(bearer(login.token)).send({ ...body, referralCode: agent.referralCode });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: 'SELF_REFERRAL' });
    const english = await client.post('/api/auth/register').set(bearer(login.token)).set('Accept-Language', 'en').send({ ...body, referralCode: agent.referralCode });
    expect(english.body.message).toBe('You cannot sign up with your own referral code.');
    expect(refused.body.message).toBe('Vous ne pouvez pas vous inscrire avec votre propre code de parrainage.');
    expect(await doc(COLLECTIONS.users, login.uid)).toBeUndefined();
    expect(await doc(COLLECTIONS.telephones, `buyer_${agent.telephone}`)).toBeUndefined();
    expect(await doc(COLLECTIONS.referrals, login.uid)).toBeUndefined();
    expect(await dashboard()).toEqual(before);
    // Another agent's code is fine, and so is no code.
    const plain = await client.post('/api/auth/register').set(bearer(login.token)).send(body);
    expect(plain.status).toBe(201);
    expect(plain.body.data.referredBy).toBeUndefined();
  });
});
