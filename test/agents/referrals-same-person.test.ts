/**
 * DOMAIN.md, Fair exchange, "Proven people": "A telephone is one person across both apps: one referral bonus per
 * telephone." One SIM may hold a buyer account and a pro account (the contract allows it); signed up on both with
 * an agent's code and proven on each, it earns the agents one `referral_signup`, whichever account proves first,
 * also when both prove at the same moment. The other referral is still a referral (counted, its shop counted, its
 * commissions earned), shown with `signupBonusRefusedReason: 'meme_personne'`.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createLogin, createUser, lastCodeSentTo, newBeninNumber, proveTelephone, syntheticEmailOf, type TestUser } from '../helpers/accounts';
import { createAgent, signUp, type TestAgent } from '../helpers/agents';
import { api, bearer } from '../helpers/api';
import { redeliver } from '../helpers/events';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettingsAndClockAfterEach } from '../helpers/settings';

restoreSettingsAndClockAfterEach();

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
});

/** One SIM's account on one app, signed up through the API with `code`, its telephone not proven yet. */
async function account(national: string, role: 'acheteur' | 'vendeur', code: string): Promise<TestUser> {
  const app = role === 'acheteur' ? 'buyer' : 'pro';
  const login = await createLogin(syntheticEmailOf(national, app));
  const res = await (await api())
    .post('/api/auth/register')
    .set(bearer(login.token))
    .send({ nom: 'Dossou', prenoms: 'Koffi', telephone: `+229${national}`, pays: 'BJ', role, referralCode: code });
  expect(res.status).toBe(201);
  return { uid: login.uid, token: login.token, national, telephone: `+229${national}`, email: syntheticEmailOf(national, app), role };
}

/** The same SIM on the buyer app and on the pro app. */
async function bothApps(buyerCode: string, proCode = buyerCode) {
  const national = newBeninNumber();
  const buyer = await account(national, 'acheteur', buyerCode);
  const seller = await account(national, 'vendeur', proCode);
  return { buyer, seller };
}

const signupEarnings = async () =>
  (await db().collection(COLLECTIONS.agentEarnings).where('type', '==', 'referral_signup').get()).docs.map((doc) => ({ id: doc.id, agentId: doc.get('agentId') as string }));
const ledgerSize = async (who: TestUser) => (await db().collection(COLLECTIONS.wallets).doc(who.uid).collection('transactions').get()).size;
const dashboard = async (who: TestUser) => (await (await api()).get('/api/agents/me/dashboard').set(bearer(who.token))).body.data;
const referral = async (who: TestAgent, uid: string) => (await (await api()).get(`/api/referrals/${uid}`).set(bearer(who.token))).body.data;
const referralsOf = async (who: TestAgent) => (await (await api()).get('/api/referrals/me').set(bearer(who.token))).body.data as Array<{ id: string }>;

describe('one telephone on both apps with the same agent’s code', () => {
  it('earns one sign-up bonus: the first account proven earns it, the other shows meme_personne and still counts as a referral and a shop', async () => {
    // The real clock: each account's code is told apart from the other's by the moment it was sent (lastCodeSentTo).
    const agent = await createAgent(admin, 'Market_pro');
    const { buyer, seller } = await bothApps(agent.referralCode);
    await proveTelephone(buyer);
    await proveTelephone(seller);

    expect((await signupEarnings()).filter((earning) => earning.agentId === agent.uid)).toEqual([{ id: `referral_signup_${buyer.uid}`, agentId: agent.uid }]);
    expect(await ledgerSize(agent)).toBe(1);
    const board = await dashboard(agent);
    expect(board.stats).toEqual({ totalReferrals: 2, completedReferrals: 0, awaitingPhoneProof: 0, totalEarnings: 150, currentBalance: 150 });
    // The pro account is a real shop: counted, as every referred seller proven.
    expect(board.daily).toMatchObject({ boutiquesCreees: 1 });
    expect(await referral(agent, buyer.uid)).toMatchObject({ phoneProven: true, signupBonusRefusedReason: null });
    expect(await referral(agent, seller.uid)).toMatchObject({ phoneProven: true, signupBonusRefusedReason: 'meme_personne' });
    expect((await referralsOf(agent)).map((item) => item.id).sort()).toEqual([buyer.uid, seller.uid].sort());
    expect((await (await api()).get('/api/referrals/me/stats').set(bearer(agent.token))).body.data).toMatchObject({ totalReferrals: 2, earnings: { referralSignup: 150 } });

    // Every event delivered again: nothing more.
    for (const user of [buyer, seller]) {
      await redeliver(`user.phone_verified_${user.uid}`);
      await redeliver(`user.registered_${user.uid}`);
    }
    expect(await ledgerSize(agent)).toBe(1);
    expect((await dashboard(agent)).stats).toEqual(board.stats);
  });

  it('earns one sign-up bonus when both accounts prove their telephone at the same moment', async () => {
    const agent = await createAgent(admin, 'Market');
    const { buyer, seller } = await bothApps(agent.referralCode);
    const client = await api();
    // Each account asks its own code (the same SIM receives both), then both are typed at once.
    expect((await client.post('/api/auth/phone/request').set(bearer(buyer.token))).status).toBe(200);
    const buyerCode = await lastCodeSentTo(buyer.telephone);
    expect((await client.post('/api/auth/phone/request').set(bearer(seller.token))).status).toBe(200);
    const sellerCode = await lastCodeSentTo(seller.telephone);
    const proofs = await Promise.all([
      client.post('/api/auth/phone/verify').set(bearer(buyer.token)).send({ otp: buyerCode }),
      client.post('/api/auth/phone/verify').set(bearer(seller.token)).send({ otp: sellerCode }),
    ]);
    expect(proofs.map((proof) => [proof.status, proof.body.data?.verifiedNow])).toEqual([
      [200, true],
      [200, true],
    ]);
    const earned = (await signupEarnings()).filter((earning) => earning.agentId === agent.uid);
    expect(earned).toHaveLength(1);
    expect(await ledgerSize(agent)).toBe(1);
    expect((await dashboard(agent)).stats).toMatchObject({ totalReferrals: 2, awaitingPhoneProof: 0, totalEarnings: 150, currentBalance: 150 });
    const reasons = await Promise.all([buyer, seller].map(async (user) => (await referral(agent, user.uid)).signupBonusRefusedReason));
    expect(reasons.sort()).toEqual(['meme_personne', null].sort());
    const paid = earned[0].id.replace('referral_signup_', '');
    expect(await referral(agent, paid)).toMatchObject({ signupBonusRefusedReason: null });
  });

  it('earns one sign-up bonus in all when the two apps used two agents’ codes: the agent of the first proof', async () => {
    const [first, second] = await Promise.all([createAgent(admin, 'Market'), createAgent(admin, 'Market_pro')]);
    const { buyer, seller } = await bothApps(first.referralCode, second.referralCode);
    await proveTelephone(seller);
    await proveTelephone(buyer);
    expect((await signupEarnings()).filter((earning) => [first.uid, second.uid].includes(earning.agentId))).toEqual([{ id: `referral_signup_${seller.uid}`, agentId: second.uid }]);
    expect((await dashboard(first)).stats).toMatchObject({ totalReferrals: 1, awaitingPhoneProof: 0, totalEarnings: 0 });
    expect((await dashboard(second)).stats).toMatchObject({ totalReferrals: 1, awaitingPhoneProof: 0, totalEarnings: 150 });
    expect(await referral(first, buyer.uid)).toMatchObject({ signupBonusRefusedReason: 'meme_personne' });
  });

  it('pays nothing more when the second sign-up is handled after its proof (events in any order)', async () => {
    const agent = await createAgent(admin, 'Market_pro');
    const { buyer, seller } = await bothApps(agent.referralCode);
    await proveTelephone(buyer);
    // The seller's referral made only now, from a proven profile: its sign-up handled late.
    await db().collection(COLLECTIONS.referrals).doc(seller.uid).delete();
    await proveTelephone(seller);
    await redeliver(`user.registered_${seller.uid}`);
    expect((await signupEarnings()).filter((earning) => earning.agentId === agent.uid)).toEqual([{ id: `referral_signup_${buyer.uid}`, agentId: agent.uid }]);
    expect(await referral(agent, seller.uid)).toMatchObject({ phoneProven: true, signupBonusRefusedReason: 'meme_personne' });
    expect(await ledgerSize(agent)).toBe(1);
  });
});

describe('two telephones (the honest path)', () => {
  it('earns a sign-up bonus for each person', async () => {
    const agent = await createAgent(admin, 'Market_pro');
    const one = await signUp('acheteur', agent.referralCode);
    const other = await signUp('vendeur', agent.referralCode);
    expect((await signupEarnings()).filter((earning) => earning.agentId === agent.uid).map((earning) => earning.id).sort()).toEqual(
      [`referral_signup_${one.uid}`, `referral_signup_${other.uid}`].sort(),
    );
    expect((await dashboard(agent)).stats).toMatchObject({ totalReferrals: 2, totalEarnings: 300, currentBalance: 300 });
    for (const user of [one, other]) expect(await referral(agent, user.uid)).toMatchObject({ phoneProven: true, signupBonusRefusedReason: null });
  });
});
