/**
 * /api/payments against the local FeexPay sandbox (real HTTP both ways: the adapter calls it, it
 * calls our webhook). Every path ends in one final state with each effect applied once.
 */
import type { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { pollPendingPayments } from '../../functions/src/domains/payments/jobs';
import { settle } from '../../functions/src/domains/payments/settlement';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { paidAtFeexPay, until, useServedSandbox } from '../helpers/feexpay';
import { useSettings } from '../helpers/settings';
import { paymentEffect } from '../helpers/events';

const { sandbox: served } = useServedSandbox(150);
let sandbox: FeexPaySandbox;
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  sandbox = served();
  admin = await createUser('admin');
});
afterEach(() => {
  sandbox.down = false;
});

const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const publicite = async (id: string) => (await db().collection(COLLECTIONS.publicites).doc(id).get()).data()!;

/** A seller with an online listing and a boost waiting for its 14,000 XOF payment. */
async function boostToPay() {
  const seller = await createUser('vendeur');
  const listing = await publish(seller);
  const pub = await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'a_la_une', duree: 7 });
  return { seller, publiciteId: pub.body.data.id as string, montant: pub.body.data.montant as number };
}

async function payByMobile(seller: TestUser, publiciteId: string, telephone: string, extra: Record<string, unknown> = {}, network = 'mtn') {
  return (await api())
    .post(`/api/payments/requesttopay/${network}`)
    .set(bearer(seller.token))
    .send({ type: 'publicite', montant: 14_000, metadata: { publiciteId }, telephone, ...extra });
}

describe('mobile money', () => {
  it('creates a pending payment, and the callback (checked with FeexPay) makes it a success with its effect', async () => {
    const { seller, publiciteId, montant } = await boostToPay();
    expect(montant).toBe(14_000);
    const res = await payByMobile(seller, publiciteId, '+2290197000000', {}, 'MTN');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ statut: 'pending', reference: expect.stringMatching(/^SBX-/) });
    const sent = sandbox.requests.find((request) => request.path === '/api/transactions/public/requesttopay/mtn')!;
    expect(sent.body).toMatchObject({ shop: 'test-shop', amount: 14_000, phoneNumber: '2290197000000', callback_info: res.body.data.paymentId });

    await until(() => paymentEffect(res.body.data.paymentId, 'catalog.publicite_paid'), (state) => state === 'done');
    const settled = await payment(res.body.data.paymentId);
    expect(settled).toMatchObject({ statut: 'success', lateSuccess: false });
    expect(settled.history.map((entry: { from: string; to: string; source: string }) => `${entry.from}>${entry.to}:${entry.source}`)).toEqual(['pending>success:webhook']);
    expect(await publicite(publiciteId)).toMatchObject({ statut: 'payee', paymentId: res.body.data.paymentId });
  });

  it('records a failure said by FeexPay, and does nothing else', async () => {
    const { seller, publiciteId } = await boostToPay();
    const res = await payByMobile(seller, publiciteId, '+2290197000001');
    const failed = await until(() => payment(res.body.data.paymentId), (p) => p.statut === 'failed');
    expect(failed.statut).toBe('failed');
    expect((await publicite(publiciteId)).statut).toBe('en_attente');
  });

  it('answers 502 when the aggregator is down: the payment is failed and nothing else is touched', async () => {
    const { seller, publiciteId } = await boostToPay();
    const res = await payByMobile(seller, publiciteId, '+2290197000009');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const [stored] = (await db().collection(COLLECTIONS.payments).where('metadata.publiciteId', '==', publiciteId).get()).docs;
    expect(stored.data()).toMatchObject({ statut: 'failed', reference: null });
    expect((await publicite(publiciteId)).statut).toBe('en_attente');
  });

  it('refuses a wrong amount, someone else’s boost, an unknown network and missing targets, writing nothing', async () => {
    const { seller, publiciteId } = await boostToPay();
    const other = await createUser('vendeur');
    const client = await api();
    const cases: Array<[string, Record<string, unknown>, TestUser, string, number]> = [
      ['mtn', { montant: 1000 }, seller, 'AMOUNT_MISMATCH', 400],
      ['mtn', {}, other, 'PAYMENT_TARGET_INVALID', 409],
      ['paypal', {}, seller, 'UNSUPPORTED_NETWORK', 400],
      ['mtn', { type: 'verification', metadata: { articleId: 'x' } }, seller, 'PAYMENT_TARGET_INVALID', 409],
      ['mtn', { metadata: {} }, seller, 'PAYMENT_TARGET_INVALID', 409],
      ['mtn', { montant: -5 }, seller, 'VALIDATION_ERROR', 400],
      ['mtn', { statut: 'success' }, seller, 'VALIDATION_ERROR', 400],
    ];
    for (const [network, overrides, who, code, status] of cases) {
      const res = await client
        .post(`/api/payments/requesttopay/${network}`)
        .set(bearer(who.token))
        .send({ type: 'publicite', montant: 14_000, metadata: { publiciteId }, telephone: '+2290197000000', ...overrides });
      expect({ network, overrides, status: res.status, code: res.body.code }).toEqual({ network, overrides, status, code });
    }
    expect((await db().collection(COLLECTIONS.payments).where('metadata.publiciteId', '==', publiciteId).get()).size).toBe(0);
  });

  it('returns the same payment for a retried request with the same Idempotency-Key', async () => {
    const { seller, publiciteId } = await boostToPay();
    const send = (key: string, telephone = '+2290197000002') =>
      api().then((client) =>
        client
          .post('/api/payments/requesttopay/moov')
          .set(bearer(seller.token))
          .set('Idempotency-Key', key)
          .send({ type: 'publicite', montant: 14_000, metadata: { publiciteId }, telephone }),
      );
    const first = await send('retry-key-0001');
    const second = await send('retry-key-0001');
    expect(second.body.data.paymentId).toBe(first.body.data.paymentId);
    expect((await db().collection(COLLECTIONS.payments).where('metadata.publiciteId', '==', publiciteId).get()).size).toBe(1);
    const reused = await send('retry-key-0001', '+2290197000003');
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  // docs/guides/payments.md: "a retry after the payer paid answers the payment `success`".
  it('answers a retry that comes after the payment succeeded with that payment, paid: not a refusal of the target, not a second payment', async () => {
    // The client resends when its network lost the first answer; by then the payer may have paid.
    const { seller, publiciteId } = await boostToPay();
    const send = () =>
      api().then((client) =>
        client
          .post('/api/payments/requesttopay/moov')
          .set(bearer(seller.token))
          .set('Idempotency-Key', 'paid-then-retried-01')
          .send({ type: 'publicite', montant: 14_000, metadata: { publiciteId }, telephone: '+2290197000002' }),
      );
    const first = await send();
    await settle(first.body.data.paymentId, 'success', 'admin');
    expect(await publicite(publiciteId)).toMatchObject({ statut: 'payee' });
    const retried = await send();
    expect({ status: retried.status, paymentId: retried.body.data?.paymentId, statut: retried.body.data?.statut }).toEqual({ status: first.status, paymentId: first.body.data.paymentId, statut: 'success' });
    expect((await db().collection(COLLECTIONS.payments).where('metadata.publiciteId', '==', publiciteId).get()).size).toBe(1);
  });
});

describe('the webhook', () => {
  const callback = (body: Record<string, unknown>, secret = 'test-callback-secret') =>
    api().then((client) => client.post(`/api/payments/webhook?secret=${secret}`).send(body));

  it('applies the same callback sent 10 times at once exactly once', async () => {
    const { seller, publiciteId } = await boostToPay();
    const res = await payByMobile(seller, publiciteId, '+2290197000002'); // stays pending at FeexPay
    const { reference, paymentId } = res.body.data;
    sandbox.transactions.get(reference)!.status = 'SUCCESSFUL';
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback({ reference, status: 'SUCCESSFUL' })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const settled = await payment(paymentId);
    expect(settled.history).toHaveLength(1);
    expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
    expect(await publicite(publiciteId)).toMatchObject({ statut: 'payee', paymentId });
  });

  it('drops a forged callback, and never believes a callback body', async () => {
    const { seller, publiciteId } = await boostToPay();
    const { reference, paymentId } = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data;
    const forged = await callback({ reference, status: 'SUCCESSFUL' }, 'wrong-secret');
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // Right secret, but FeexPay says the transaction is still pending.
    expect((await callback({ reference, status: 'SUCCESSFUL' })).body.data).toEqual({ received: true, statut: 'pending' });
    expect((await payment(paymentId)).statut).toBe('pending');
    expect((await callback({ reference: 'SBX-unknown', status: 'SUCCESSFUL' })).body.data).toEqual({ received: true, statut: null });
  });

  it('turns a success reported after expiry into a late success, with its effect', async () => {
    const { seller, publiciteId } = await boostToPay();
    const { reference, paymentId } = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data;
    await settle(paymentId, 'expired', 'expiry');
    expect((await payment(paymentId)).statut).toBe('expired');
    await sandbox.settle(reference, 'SUCCESSFUL');
    const late = await until(() => payment(paymentId), (p) => p.statut === 'success');
    expect(late).toMatchObject({ statut: 'success', lateSuccess: true });
    expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
    expect(late.history.map((entry: { to: string }) => entry.to)).toEqual(['expired', 'success']);
  });

  it('ends a race of callbacks, the poller, expiry and an admin update in one final state, effect applied once', async () => {
    const { seller, publiciteId } = await boostToPay();
    const { reference, paymentId } = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data;
    sandbox.transactions.get(reference)!.status = 'SUCCESSFUL';
    const client = await api();
    await Promise.allSettled([
      ...Array.from({ length: 3 }, () => callback({ reference })),
      pollPendingPayments(),
      settle(paymentId, 'expired', 'expiry'),
      client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'failed', reason: 'Contrôle manuel' }),
    ]);
    const final = await payment(paymentId);
    expect(final.statut).toBe('success');
    expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
    const steps = final.history.map((entry: { from: string; to: string }) => `${entry.from}>${entry.to}`);
    expect(['pending>success', 'pending>expired,expired>success', 'pending>failed,failed>success']).toContain(steps.join(','));
    expect(await publicite(publiciteId)).toMatchObject({ statut: 'payee', paymentId });
  });
});

describe('two successful payments of one boost', () => {
  it('mark the second for refund, leave the boost paid once, and leave no effect half-done', async () => {
    const { seller, publiciteId } = await boostToPay();
    const first = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data.paymentId;
    const second = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data.paymentId;
    const client = await api();
    for (const id of [first, second]) {
      await paidAtFeexPay(id);
      const res = await client.post(`/api/payments/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
      expect(res.status).toBe(200);
    }
    expect(await paymentEffect(first, 'catalog.publicite_paid')).toBe('done');
    expect((await payment(first)).refund).toBeUndefined();
    expect(await paymentEffect(second, 'catalog.publicite_paid')).toBe('done');
    expect(await payment(second)).toMatchObject({ refund: { reason: 'advertisement already paid', statut: 'a_rembourser' } });
    expect(await publicite(publiciteId)).toMatchObject({ statut: 'payee', paymentId: first });
  });
});

describe('card, link, reading and admin', () => {
  it('starts a card payment and a payment link with the page to send the payer to', async () => {
    const { seller, publiciteId } = await boostToPay();
    const client = await api();
    const card = await client.post('/api/payments/initcard').set(bearer(seller.token)).send({ type: 'publicite', montant: 14_000, metadata: { publiciteId }, typeCard: 'VISA' });
    expect(card.status).toBe(201);
    expect(card.body.data.paymentUrl).toMatch(/\/pay\/SBX-/);
    const link = await client.post('/api/payments/init').set(bearer(seller.token)).send({ type: 'publicite', montant: 14_000, metadata: { publiciteId } });
    expect(link.body.data.paymentUrl).toMatch(/\/pay\/SBX-/);
    useSettings({ FEEXPAY_PAYMENT_LINK_DISABLED: 'true' });
    const disabled = await client.post('/api/payments/init').set(bearer(seller.token)).send({ type: 'publicite', montant: 14_000, metadata: { publiciteId } });
    expect(disabled.body.code).toBe('PAYMENT_LINK_DISABLED');
    useSettings({ FEEXPAY_PAYMENT_LINK_DISABLED: 'false' });
  });

  it('shows a payment to its payer and admins, publicly only its status, type and amount', async () => {
    const { seller, publiciteId } = await boostToPay();
    const other = await createUser('acheteur');
    const { paymentId } = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data;
    const client = await api();
    expect((await client.get(`/api/payments/${paymentId}`).set(bearer(seller.token))).body.data).toMatchObject({ id: paymentId, montant: 14_000 });
    expect((await client.get(`/api/payments/${paymentId}`).set(bearer(admin.token))).status).toBe(200);
    expect((await client.get(`/api/payments/${paymentId}`).set(bearer(other.token))).body.code).toBe('PAYMENT_NOT_FOUND');
    expect((await client.get(`/api/payments/public/status/${paymentId}`)).body.data).toEqual({ id: paymentId, statut: 'pending', type: 'publicite' });
    const mine = await client.get('/api/payments').set(bearer(seller.token));
    expect(mine.body.data.map((p: { id: string }) => p.id)).toEqual([paymentId]);
    expect((await client.get('/api/payments').set(bearer(other.token))).body.data).toEqual([]);
  });

  it('lets admins settle by hand with a reason, never downgrading a success', async () => {
    const { seller, publiciteId } = await boostToPay();
    const { paymentId } = (await payByMobile(seller, publiciteId, '+2290197000002')).body.data;
    const client = await api();
    const noReason = await client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success' });
    expect(noReason.body.code).toBe('VALIDATION_ERROR');
    const notAdmin = await client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(seller.token)).send({ statut: 'success', reason: 'Je paie' });
    expect(notAdmin.body.code).toBe('FORBIDDEN_ROLE');
    await paidAtFeexPay(paymentId);
    const ok = await client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
    expect(ok.body.data.history).toEqual([expect.objectContaining({ from: 'pending', to: 'success', source: 'admin', reason: 'Reçu vérifié' })]);
    const down = await client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'failed', reason: 'Erreur' });
    expect(down.status).toBe(409);
    expect(down.body.code).toBe('INVALID_TRANSITION');
    expect(await publicite(publiciteId)).toMatchObject({ statut: 'payee' });
  });
});
