/**
 * A payment is believed only when FeexPay's transaction is that payment, to the franc: on every
 * path that settles (webhook, poller, expiry task, native client record, payment link). Each case
 * is a way to be paid for nothing (another amount, another shop, a sandbox transaction in live mode)
 * that the service would settle without its check.
 */
import type { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { config, reloadConfig } from '../../functions/src/core/config';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { expireIfDue, pollPendingPayments } from '../../functions/src/domains/payments/jobs';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { until, useServedSandbox } from '../helpers/feexpay';
import { frozenClock, resetClock, useSettings } from '../helpers/settings';
import { eventOf, paymentEffect } from '../helpers/events';

const { sandbox: served } = useServedSandbox(100);
let sandbox: FeexPaySandbox;
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  sandbox = served();
  admin = await createUser('admin');
});
afterEach(() => {
  sandbox.down = false;
  resetClock();
});

const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const doc = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data();

/** A buyer's purchase of a 4,500,000 XOF car, waiting for its payment. */
async function purchaseToPay() {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 4_500_000 });
  const achat = await (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'consommation' });
  expect(achat.status).toBe(201);
  return { seller, buyer, listingId: listing.id, achatId: achat.body.data.id as string };
}

/** Nothing of the sale happened: listing online, purchase unpaid, seller's wallet untouched. */
async function expectNothingSold(p: { seller: TestUser; listingId: string; achatId: string }) {
  expect((await doc(COLLECTIONS.articles, p.listingId))?.statut).toBe('en_ligne');
  expect((await doc(COLLECTIONS.achats, p.achatId))?.statut).toBe('en_attente_paiement');
  expect(await doc(COLLECTIONS.wallets, p.seller.uid)).toBeUndefined();
}

const buyByMobile = async (buyer: TestUser, achatId: string, telephone = '+2290197000002') =>
  (await api())
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'achat', montant: 4_500_000, metadata: { achatId }, telephone });

describe('a transaction that is not the payment never succeeds', () => {
  it('client record: 100 XOF paid at the aggregator does not buy a 4,500,000 XOF car', async () => {
    const purchase = await purchaseToPay();
    const reference = sandbox.addTransaction({ amount: 100, shop: 'test-shop' });
    const res = await (await api())
      .post('/api/payments/flutter/record')
      .set(bearer(purchase.buyer.token))
      .send({ type: 'achat', montant: 4_500_000, metadata: { achatId: purchase.achatId }, reference });
    expect(res.status).toBe(201);
    expect(res.body.data.statut).toBe('failed');
    const stored = await payment(res.body.data.paymentId);
    expect(stored).toMatchObject({ statut: 'failed', failureReason: 'amount_mismatch' });
    expect(await eventOf(`payment.succeeded_${res.body.data.paymentId}`)).toBeUndefined();
    expect(stored.history).toEqual([expect.objectContaining({ from: 'pending', to: 'failed', source: 'client', reason: 'amount_mismatch' })]);
    await expectNothingSold(purchase);
  });

  it('client record: a 24-month subscription is not bought by a one-month transaction, nor by another shop’s', async () => {
    const seller = await createUser('vendeur');
    const client = await api();
    const record = (reference: string) =>
      client.post('/api/payments/flutter/record').set(bearer(seller.token)).send({ type: 'abonnement', montant: 120_000, metadata: { months: '24' }, reference });
    const small = await record(sandbox.addTransaction({ amount: 5000, shop: 'test-shop' }));
    const elsewhere = await record(sandbox.addTransaction({ amount: 120_000, shop: 'someone-elses-shop' }));
    const euros = await record(sandbox.addTransaction({ amount: 120_000, shop: 'test-shop', currency: 'EUR' }));
    expect((await payment(small.body.data.paymentId)).failureReason).toBe('amount_mismatch');
    expect((await payment(elsewhere.body.data.paymentId)).failureReason).toBe('shop_mismatch');
    expect((await payment(euros.body.data.paymentId)).failureReason).toBe('currency_mismatch');
    expect(await doc(COLLECTIONS.subscriptions, `${seller.uid}_vendeur`)).toBeUndefined();
  });

  it('webhook: a callback whose transaction FeexPay reports at another amount fails the payment', async () => {
    const purchase = await purchaseToPay();
    const { reference, paymentId } = (await buyByMobile(purchase.buyer, purchase.achatId)).body.data;
    const transaction = sandbox.transactions.get(reference)!;
    Object.assign(transaction, { amount: 100 });
    await sandbox.settle(reference, 'SUCCESSFUL');
    const settled = await until(() => payment(paymentId), (p) => p.statut !== 'pending');
    expect(settled).toMatchObject({ statut: 'failed', failureReason: 'amount_mismatch' });
    expect(await eventOf(`payment.succeeded_${paymentId}`)).toBeUndefined();
    expect(settled.history).toEqual([expect.objectContaining({ source: 'webhook', reason: 'amount_mismatch' })]);
    await expectNothingSold(purchase);
    // The same callback again: still failed, never a late success.
    await sandbox.settle(reference, 'SUCCESSFUL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await payment(paymentId)).statut).toBe('failed');
  });

  it('poller and expiry task: the same check, and a mismatch is a failure, not an expiry', async () => {
    const first = await purchaseToPay();
    const second = await purchaseToPay();
    const polled = (await buyByMobile(first.buyer, first.achatId)).body.data;
    const expiring = (await buyByMobile(second.buyer, second.achatId)).body.data;
    for (const { reference } of [polled, expiring]) Object.assign(sandbox.transactions.get(reference)!, { amount: 4_499_999, status: 'SUCCESSFUL' });
    // The expiry task, once the payment's time is up, asks FeexPay one last time.
    frozenClock(new Date(Date.now() + 16 * 60 * 1000));
    await expireIfDue(expiring.paymentId);
    resetClock();
    const expired = await payment(expiring.paymentId);
    expect(expired).toMatchObject({ statut: 'failed', failureReason: 'amount_mismatch' });
    expect(expired.history).toEqual([expect.objectContaining({ source: 'expiry', to: 'failed' })]);
    await pollPendingPayments();
    const polledNow = await payment(polled.paymentId);
    expect(polledNow).toMatchObject({ statut: 'failed', failureReason: 'amount_mismatch' });
    expect(polledNow.history).toEqual([expect.objectContaining({ source: 'poller', to: 'failed' })]);
    await expectNothingSold(first);
    await expectNothingSold(second);
  });

  it('payment link: settled through its callback like the other methods, and refused when the amount differs', async () => {
    const good = await purchaseToPay();
    const client = await api();
    const link = await client.post('/api/payments/init').set(bearer(good.buyer.token)).send({ type: 'achat', montant: 4_500_000, metadata: { achatId: good.achatId } });
    expect(link.status).toBe(201);
    await until(() => paymentEffect(link.body.data.paymentId, 'commerce.achat_paid'), (state) => state === 'done');
    const paid = await payment(link.body.data.paymentId);
    expect(paid).toMatchObject({ statut: 'success' });
    expect(paid.history).toEqual([expect.objectContaining({ source: 'webhook' })]);
    const sent = sandbox.requests.find((request) => request.path === '/api/feexlink/api-create')!;
    expect(String(sent.body.callback_url)).toMatch(/\/api\/payments\/webhook\?secret=test-callback-secret&payment=/);
    expect((await doc(COLLECTIONS.achats, good.achatId))?.statut).toBe('payee');

    const bad = await purchaseToPay();
    const started = await client.post('/api/payments/init').set(bearer(bad.buyer.token)).send({ type: 'achat', montant: 4_500_000, metadata: { achatId: bad.achatId } });
    Object.assign(sandbox.transactions.get(started.body.data.reference)!, { amount: 1000 });
    const refused = await until(() => payment(started.body.data.paymentId), (p) => p.statut !== 'pending');
    expect(refused).toMatchObject({ statut: 'failed', failureReason: 'amount_mismatch' });
    await expectNothingSold(bad);
  });

  it('payment link without FEEXPAY_CALLBACK_URL: refused before anything is written', async () => {
    const purchase = await purchaseToPay();
    const saved = process.env.FEEXPAY_CALLBACK_URL!;
    useSettings({ FEEXPAY_CALLBACK_URL: '' });
    try {
      const res = await (await api()).post('/api/payments/init').set(bearer(purchase.buyer.token)).send({ type: 'achat', montant: 4_500_000, metadata: { achatId: purchase.achatId } });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('INTERNAL');
    } finally {
      useSettings({ FEEXPAY_CALLBACK_URL: saved });
    }
    expect((await db().collection(COLLECTIONS.payments).where('metadata.achatId', '==', purchase.achatId).get()).size).toBe(0);
  });

  it('live mode: a sandbox transaction is refused, a live one accepted', async () => {
    useSettings({ FEEXPAY_MODE: 'LIVE' });
    try {
      const seller = await createUser('vendeur');
      const client = await api();
      const record = (reference: string) =>
        client.post('/api/payments/flutter/record').set(bearer(seller.token)).send({ type: 'abonnement', montant: 5000, metadata: { months: '1' }, reference });
      const sandboxed = await record(sandbox.addTransaction({ amount: 5000, shop: 'test-shop', mode: 'SANDBOX' }));
      expect((await payment(sandboxed.body.data.paymentId)).failureReason).toBe('mode_mismatch');
      const live = await record(sandbox.addTransaction({ amount: 5000, shop: 'test-shop', mode: 'LIVE' }));
      expect(live.body.data.statut).toBe('success');
    } finally {
      useSettings({ FEEXPAY_MODE: 'SANDBOX' });
    }
  });

  it('lets admins find the payments refused for a mismatch; a payer’s filter shows only its own', async () => {
    const client = await api();
    const found = await client.get('/api/payments?failureReason=amount_mismatch&limit=100').set(bearer(admin.token));
    expect(found.status).toBe(200);
    expect(found.body.data.length).toBeGreaterThanOrEqual(5);
    expect(found.body.data.every((p: { statut: string; failureReason: string }) => p.statut === 'failed' && p.failureReason === 'amount_mismatch')).toBe(true);
    const payer = await createUser('vendeur');
    expect((await client.get('/api/payments?failureReason=amount_mismatch').set(bearer(payer.token))).body.data).toEqual([]);
  });
});

describe('references FeexPay does not know, and the poller’s order', () => {
  it('refuses to record an unknown reference, or one FeexPay cannot be asked about, writing nothing', async () => {
    const purchase = await purchaseToPay();
    const client = await api();
    const body = { type: 'achat', montant: 4_500_000, metadata: { achatId: purchase.achatId } };
    const unknown = await client.post('/api/payments/flutter/record').set(bearer(purchase.buyer.token)).send({ ...body, reference: 'SBX-never-made' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PAYMENT_REFERENCE_UNKNOWN');
    sandbox.down = true;
    const down = await client.post('/api/payments/flutter/record').set(bearer(purchase.buyer.token)).send({ ...body, reference: 'SBX-while-down' });
    expect(down.status).toBe(502);
    expect((await db().collection(COLLECTIONS.payments).where('metadata.achatId', '==', purchase.achatId).get()).size).toBe(0);
  });

  it('polls the payments due soonest first: fifty started lately do not push out one about to expire', async () => {
    const seller = await createUser('vendeur');
    const at = Date.now();
    const pending = (id: string, reference: string, createdAt: number) =>
      db().collection(COLLECTIONS.payments).doc(id).set({
        userId: seller.uid, montant: 5000, reference, statut: 'pending', type: 'abonnement', metadata: { months: '1' },
        method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false,
        createdAt: new Date(createdAt), updatedAt: new Date(createdAt), expiresAt: new Date(createdAt + 15 * 60 * 1000),
      });
    // The real one was started first (seven hours ago, local expiry off), the junk since.
    useSettings({ PAYMENT_LOCAL_EXPIRY_DISABLED: 'true' });
    try {
      await pending('real-one', sandbox.addTransaction({ amount: 5000, shop: 'test-shop' }), at - 7 * 3600 * 1000);
      for (let i = 0; i < 50; i += 1) await pending(`junk-${i}`, sandbox.addTransaction({ amount: 5000, shop: 'test-shop', status: 'PENDING' }), at - i * 1000);
      const run = await pollPendingPayments();
      expect(run.checked).toBe(50);
      expect(await payment('real-one')).toMatchObject({ statut: 'success' });
      expect(await paymentEffect('real-one', 'subscriptions.credit')).toBe('done');
    } finally {
      useSettings({ PAYMENT_LOCAL_EXPIRY_DISABLED: 'false' });
    }
  });
});

describe('FEEXPAY_MODE has no silent default in a function', () => {
  it('stops a function (deployed or emulated) at its first request, naming the setting', () => {
    const saved = { mode: process.env.FEEXPAY_MODE, service: process.env.K_SERVICE };
    try {
      delete process.env.FEEXPAY_MODE;
      process.env.K_SERVICE = 'payments';
      reloadConfig();
      expect(() => config()).toThrow(/FEEXPAY_MODE/);
      delete process.env.K_SERVICE;
      reloadConfig();
      // A script has no function name: the setting is read only where a payment needs it.
      expect(config().FEEXPAY_MODE).toBeUndefined();
    } finally {
      process.env.FEEXPAY_MODE = saved.mode;
      if (saved.service === undefined) delete process.env.K_SERVICE;
      else process.env.K_SERVICE = saved.service;
      reloadConfig();
    }
  });
});

describe('starting payments is limited per payer account and per paying telephone', () => {
  afterEach(() => useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'false' }));

  it('refuses a third prompt to one telephone within the window, from any account, writing nothing', async () => {
    useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'true', PAYMENT_RATE_LIMIT_PER_TELEPHONE: '2', PAYMENT_RATE_LIMIT_PER_USER: '10' });
    const victim = '+2290197555502';
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      const purchase = await purchaseToPay();
      answers.push({ status: (await buyByMobile(purchase.buyer, purchase.achatId, victim)).status, achatId: purchase.achatId });
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429]);
    expect((await db().collection(COLLECTIONS.payments).where('metadata.achatId', '==', answers[2].achatId).get()).size).toBe(0);
  });

  it('refuses an account’s third start within the window, whatever the telephone', async () => {
    useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'true', PAYMENT_RATE_LIMIT_PER_TELEPHONE: '10', PAYMENT_RATE_LIMIT_PER_USER: '2' });
    const purchase = await purchaseToPay();
    const statuses = [];
    for (const telephone of ['+2290197555512', '+2290197555522', '+2290197555532']) {
      const res = await buyByMobile(purchase.buyer, purchase.achatId, telephone);
      statuses.push(res.status === 429 ? res.body.code : res.status);
    }
    expect(statuses).toEqual([201, 201, 'RATE_LIMITED']);
  });
});

/** A seller's one-month subscription by mobile money, sent with an Idempotency-Key. */
const subscribeWithKey = async (seller: TestUser, key: string, telephone: string) =>
  (await api())
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(seller.token))
    .set('Idempotency-Key', key)
    .send({ type: 'abonnement', montant: 5000, metadata: { months: '1' }, telephone });

describe('a start FeexPay does not answer in time', () => {
  it('stays pending, keeps its key, and is settled by FeexPay’s callback: one prompt, one effect', async () => {
    const seller = await createUser('vendeur');
    const send = () => subscribeWithKey(seller, 'slow-provider-1', '+2290197000052');
    const prompts = () => sandbox.requests.filter((request) => request.path === '/api/transactions/public/requesttopay/mtn' && request.body.phoneNumber === '2290197000052').length;
    useSettings({ FEEXPAY_TIMEOUT_MS: '150' });
    sandbox.replyDelayMs = 600;
    try {
      const first = await send();
      expect([first.status, first.body.code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
      const [stored] = (await db().collection(COLLECTIONS.payments).where('userId', '==', seller.uid).get()).docs;
      expect(stored.data()).toMatchObject({ statut: 'pending', reference: null });
      // The app retries with its key: the same payment, no second prompt to the payer.
      const retried = await send();
      expect([retried.status, retried.body.data.paymentId]).toEqual([201, stored.id]);
      expect(prompts()).toBe(1);
      // FeexPay did prompt (a number ending in 2 waits for the payer), the payer accepts, and
      // FeexPay's callback names the payment by its callback_info.
      const transaction = [...sandbox.transactions.values()].find((t) => t.callbackInfo === stored.id)!;
      await sandbox.settle(transaction.reference, 'SUCCESSFUL');
      await until(() => paymentEffect(stored.id, 'subscriptions.credit'), (state) => state === 'done');
      expect(await payment(stored.id)).toMatchObject({ statut: 'success', reference: transaction.reference });
    } finally {
      sandbox.replyDelayMs = 0;
      useSettings({ FEEXPAY_TIMEOUT_MS: '2000' });
    }
  });
});

describe('Idempotency-Key after the provider failed', () => {
  it('may be used again once FeexPay answers: the retry starts a new payment', async () => {
    const seller = await createUser('vendeur');
    const send = () => subscribeWithKey(seller, 'retry-after-502', '+2290197000002');
    sandbox.down = true;
    const failed = await send();
    expect(failed.status).toBe(502);
    sandbox.down = false;
    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.body.data.statut).toBe('pending');
    const payments = await db().collection(COLLECTIONS.payments).where('userId', '==', seller.uid).get();
    expect(payments.docs.map((d) => d.get('statut')).sort()).toEqual(['failed', 'pending']);
    expect(retried.body.data.paymentId).not.toBe(payments.docs.find((d) => d.get('statut') === 'failed')!.id);
  });
});
