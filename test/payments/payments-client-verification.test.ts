/** The native client's payment record, and verification requests opened by their payment. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { paidAtFeexPay, useFeexPaySandbox } from '../helpers/feexpay';
import { pushesTo } from '../helpers/pushes';
import { paymentEffect } from '../helpers/events';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});

async function boost(seller: TestUser) {
  const listing = await publish(seller);
  return (await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'sponsorise', duree: 7 })).body.data;
}

describe('POST /api/payments/flutter/record', () => {
  it('records a client payment once per reference and settles it on FeexPay’s word', async () => {
    const seller = await createUser('vendeur');
    const pub = await boost(seller);
    const reference = sandbox().addTransaction({ amount: pub.montant, shop: 'test-shop' });
    const client = await api();
    const body = { type: 'publicite', montant: pub.montant, metadata: { publiciteId: pub.id }, reference };
    const [first, second] = await Promise.all([
      client.post('/api/payments/flutter/record').set(bearer(seller.token)).send(body),
      client.post('/api/payments/flutter/record').set(bearer(seller.token)).send(body),
    ]);
    expect(first.status).toBe(201);
    expect(second.body.data.paymentId).toBe(first.body.data.paymentId);
    const stored = (await db().collection(COLLECTIONS.payments).doc(first.body.data.paymentId).get()).data()!;
    expect(stored).toMatchObject({ statut: 'success', reference });
    expect(await paymentEffect(first.body.data.paymentId, 'catalog.publicite_paid')).toBe('done');
    expect((await db().collection(COLLECTIONS.payments).where('reference', '==', reference).get()).size).toBe(1);
    const other = await createUser('vendeur');
    expect((await client.post('/api/payments/flutter/record').set(bearer(other.token)).send(body)).body.code).toBe('PAYMENT_NOT_FOUND');
  });

  it('never settles on the client’s word: a reference FeexPay calls pending stays pending, one it does not know is refused', async () => {
    const seller = await createUser('vendeur');
    const pub = await boost(seller);
    const reference = sandbox().addTransaction({ amount: pub.montant, shop: 'test-shop', status: 'PENDING' });
    const client = await api();
    const pending = await client.post('/api/payments/flutter/record').set(bearer(seller.token)).send({ type: 'publicite', montant: pub.montant, metadata: { publiciteId: pub.id }, reference });
    expect(pending.body.data.statut).toBe('pending');
    const pub2 = await boost(seller);
    const unknown = await client
      .post('/api/payments/flutter/record')
      .set(bearer(seller.token))
      .send({ type: 'publicite', montant: pub2.montant, metadata: { publiciteId: pub2.id }, reference: 'SBX-made-up' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PAYMENT_REFERENCE_UNKNOWN');
    expect((await db().collection(COLLECTIONS.payments).where('reference', '==', 'SBX-made-up').get()).size).toBe(0);
    const wrong = await client.post('/api/payments/flutter/record').set(bearer(seller.token)).send({ type: 'publicite', montant: 1, metadata: { publiciteId: pub2.id }, reference: 'SBX-other' });
    expect(wrong.body.code).toBe('AMOUNT_MISMATCH');
  });
});

describe('verification payments', () => {
  it('open the request once, mark the listing and tell its seller', async () => {
    const seller = await createUser('vendeur');
    const buyer = await createUser('acheteur');
    const listing = await publish(seller);
    const token = `seller-device-${'v'.repeat(30)}`;
    await (await api()).post('/api/users/me/push-tokens').set(bearer(seller.token)).send({ token, platform: 'android' });
    const client = await api();
    expect((await client.post('/api/payments/requesttopay/mtn').set(bearer(buyer.token)).send({ type: 'verification', montant: 19_999, metadata: { articleId: listing.id }, telephone: '+2290197000002' })).body.code).toBe('AMOUNT_MISMATCH');
    expect((await client.post('/api/payments/requesttopay/mtn').set(bearer(seller.token)).send({ type: 'verification', montant: 20_000, metadata: { articleId: listing.id }, telephone: '+2290197000002' })).body.code).toBe('PAYMENT_TARGET_INVALID');
    const started = await client
      .post('/api/payments/requesttopay/mtn')
      .set(bearer(buyer.token))
      .send({ type: 'verification', montant: 20_000, metadata: { articleId: listing.id }, telephone: '+2290197000002' });
    const paymentId = started.body.data.paymentId;
    await paidAtFeexPay(paymentId);
    await client.post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
    expect((await db().collection(COLLECTIONS.verifications).doc(paymentId).get()).data()).toMatchObject({ articleId: listing.id, acheteur: buyer.uid, vendeur: seller.uid, statut: 'en_attente' });
    expect((await db().collection(COLLECTIONS.articles).doc(listing.id).get()).get('verificationStatut')).toBe('en_attente');
    expect((await pushesTo(token)).map((push) => push.data?.type)).toEqual(['verification_requested']);
  });
});
