/** Admin price lists, and subscriptions paid through the payments flow (effect applied once). */
import { platformFee } from '../../functions/src/domains/pricing/service';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { carInput } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, resetClock } from '../helpers/settings';
import { paidAtFeexPay, useFeexPaySandbox } from '../helpers/feexpay';

useFeexPaySandbox();
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
});
afterEach(resetClock);

describe('price lists', () => {
  it('have defaults, are read by signed-in users and set by admin levels only', async () => {
    const seller = await createUser('vendeur');
    const client = await api();
    const read = async (name: string) => (await client.get(`/api/admin/${name}`).set(bearer(seller.token))).body.data;
    expect(await read('subscription-pricing')).toEqual({ mensuel: 5000 });
    expect(await read('transitaire-subscription-pricing')).toEqual({ mensuel: 5000 });
    expect(await read('verification-pricing')).toEqual({ prix: 20000 });
    expect((await read('seller-gain-pricing')).tiers).toHaveLength(3);
    expect((await client.put('/api/admin/verification-pricing').set(bearer(seller.token)).send({ prix: 1 })).body.code).toBe('FORBIDDEN_ROLE');
    expect((await client.put('/api/admin/verification-pricing').set(bearer(admin.token)).send({ prix: 25000 })).body.data).toEqual({ prix: 25000 });
    expect(await read('verification-pricing')).toEqual({ prix: 25000 });
    await client.put('/api/admin/verification-pricing').set(bearer(admin.token)).send({ prix: 20000 });
  });

  it('refuses malformed lists, and computes the platform fee of a sale by tier', async () => {
    const client = await api();
    for (const tiers of [[], [{ jusqua: 100, commissionPct: 5 }], [{ jusqua: null, commissionPct: 5 }, { jusqua: null, commissionPct: 3 }], [{ jusqua: 500, commissionPct: 5 }, { jusqua: 100, commissionPct: 4 }, { jusqua: null, commissionPct: 2 }], [{ jusqua: null, commissionPct: 80 }]]) {
      const res = await client.post('/api/admin/seller-gain-pricing').set(bearer(admin.token)).send({ tiers });
      expect({ tiers, code: res.body.code }).toEqual({ tiers, code: 'VALIDATION_ERROR' });
    }
    expect(await platformFee(500_000)).toBe(25_000);
    expect(await platformFee(3_000_000)).toBe(90_000);
    expect(await platformFee(10_000_001)).toBe(200_001);
    const posted = await client.post('/api/admin/seller-gain-pricing').set(bearer(admin.token)).send({ tiers: [{ jusqua: null, commissionPct: 4 }] });
    expect(posted.status).toBe(200);
    expect(await platformFee(1000)).toBe(40);
    await client.put('/api/admin/seller-gain-pricing').set(bearer(admin.token)).send({ tiers: [{ jusqua: 1_000_000, commissionPct: 5 }, { jusqua: 5_000_000, commissionPct: 3 }, { jusqua: null, commissionPct: 2 }] });
  });
});

describe('subscriptions', () => {
  async function paySubscription(user: TestUser, months: number, montant = months * 5000, type = 'abonnement') {
    return (await api())
      .post('/api/payments/requesttopay/mtn')
      .set(bearer(user.token))
      .send({ type, montant, metadata: { months: String(months) }, telephone: '+2290197000002' });
  }
  const confirm = async (paymentId: string) => {
    await paidAtFeexPay(paymentId);
    return (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
  };
  const mine = async (user: TestUser) => (await (await api()).get('/api/payments/subscriptions/me').set(bearer(user.token))).body.data;

  it('stacks paid months on the latest of now, the current expiry and the trial’s end, once per payment', async () => {
    frozenClock(new Date('2026-11-22T00:00:00Z'));
    const seller = await createUser('vendeur');
    const first = await paySubscription(seller, 3);
    expect(first.status).toBe(201);
    await confirm(first.body.data.paymentId);
    // Paid during the free trial (ends 2027-01-06): the three months start when the trial ends.
    expect(await mine(seller)).toEqual([
      { kind: 'vendeur', active: true, expiresAt: '2027-04-06T00:00:00.000Z', trialEndsAt: '2027-01-06T00:00:00.000Z' },
    ]);
    const again = await confirm(first.body.data.paymentId);
    expect(again.body.code).toBe('INVALID_TRANSITION');
    const second = await paySubscription(seller, 1);
    await confirm(second.body.data.paymentId);
    expect((await mine(seller))[0].expiresAt).toBe('2027-05-06T00:00:00.000Z');
    // One notice per payment, with the new end written as a French reader expects it.
    const notices = (await (await api()).get('/api/notifications').set(bearer(seller.token))).body.data.map((n: { body: string }) => n.body);
    expect(notices.sort()).toEqual(['Votre abonnement est actif jusqu’au 6 avril 2027.', 'Votre abonnement est actif jusqu’au 6 mai 2027.']);
  });

  it('prices forwarders apart, and refuses wrong amounts, wrong roles and month counts', async () => {
    const forwarder = await createUser('transitaire');
    const seller = await createUser('vendeur');
    const buyer = await createUser('acheteur');
    expect((await paySubscription(forwarder, 2, 10_000, 'abonnement_transitaire')).status).toBe(201);
    expect((await paySubscription(seller, 2, 9_000)).body.code).toBe('AMOUNT_MISMATCH');
    expect((await paySubscription(buyer, 1)).body.code).toBe('PAYMENT_TARGET_INVALID');
    expect((await paySubscription(seller, 1, 5000, 'abonnement_transitaire')).body.code).toBe('PAYMENT_TARGET_INVALID');
    expect((await paySubscription(seller, 25)).body.code).toBe('PAYMENT_TARGET_INVALID');
    expect(await mine(buyer)).toEqual([]);
  });

  it('keeps parts for sellers with access: trial, then subscription', async () => {
    const move = frozenClock(new Date('2026-11-22T00:00:00Z'));
    const seller = await createUser('vendeur');
    const part = () =>
      api().then((client) => client.post('/api/articles').set(bearer(seller.token)).send(carInput({ type: 'piece', titre: 'Filtre à huile', stock: 10, annee: undefined })));
    expect((await part()).status).toBe(201);
    move(46 * 24 * 60 * 60 * 1000);
    const refused = await part();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await (await api()).post('/api/articles').set(bearer(seller.token)).send(carInput())).status).toBe(201);
    const paid = await paySubscription(seller, 1);
    await confirm(paid.body.data.paymentId);
    expect((await part()).status).toBe(201);
  });
});
