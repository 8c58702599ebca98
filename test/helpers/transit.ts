/** Forwarders and purchases for the transit tests. */
import { db } from '../../functions/src/core/firebase';
import type { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from './accounts';
import { api, bearer } from './api';
import { publish } from './catalog';

export type Verification = 'none' | 'pending' | 'approved' | 'rejected';

/**
 * A forwarder with the given verification on its profile (what rule 5 reads), subscribed for
 * 30 days unless told otherwise. A shortcut past the verification file: the verification and
 * directory tests go through the routes instead.
 */
export async function forwarder(verification: Verification = 'approved', subscribed = true): Promise<TestUser> {
  const user = await createUser('transitaire');
  // The transit domain's file decides; the profile holds identity's copy of its status.
  await db().collection(COLLECTIONS.transitaireVerifications).doc(user.uid).set({ statut: verification });
  await db().collection(COLLECTIONS.users).doc(user.uid).update({ transitaireVerification: { statut: verification } });
  if (subscribed) {
    await db()
      .collection(COLLECTIONS.subscriptions)
      .doc(`${user.uid}_transitaire`)
      .set({ uid: user.uid, kind: 'transitaire', expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  }
  return user;
}

/** Bytes that start like a JPEG: enough for the upload routes, which type files by their first bytes. */
export const CARD_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

/** Uploads an identity card image as the forwarder, into its private area; its stored path (`kyc/{uid}/...`). */
export async function uploadCard(user: TestUser): Promise<string> {
  const res = await (await api()).post('/api/upload/kyc').set(bearer(user.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
  expect(res.status).toBe(201);
  return res.body.data.path as string;
}

/** A transit purchase of the listing, opened by the buyer through `POST /api/achat`: awaiting payment. */
export async function transitPurchase(buyer: TestUser, articleId: string, paysDestination = 'NG'): Promise<{ id: string; prix: number }> {
  const res = await (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId, modeLivraison: 'transit', paysDestination });
  expect(res.status).toBe(201);
  return res.body.data;
}

/**
 * Pays a purchase the way a buyer does: mobile money through the FeexPay sandbox (a payer number
 * ending in 2 stays pending there), then FeexPay says it succeeded and calls our webhook, which asks
 * FeexPay and settles the payment: the purchase is `payee`, the listing sold. The test file runs the
 * sandbox (`useFeexPaySandbox`).
 */
export async function payPurchase(buyer: TestUser, achat: { id: string; prix: number }, sandbox: FeexPaySandbox): Promise<void> {
  const client = await api();
  const started = await client
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'achat', montant: achat.prix, metadata: { achatId: achat.id }, telephone: '+2290197000002' });
  expect(started.status).toBe(201);
  const { reference } = started.body.data as { reference: string };
  sandbox.transactions.get(reference)!.status = 'SUCCESSFUL';
  const callback = await client.post(`/api/payments/webhook?secret=${process.env.FEEXPAY_CALLBACK_SECRET}`).send({ reference });
  expect(callback.body.data).toEqual({ received: true, statut: 'success' });
}

/** A paid transit purchase of the listing by the buyer (what a journey needs); its id. */
export async function paidTransitPurchase(buyer: TestUser, articleId: string, sandbox: FeexPaySandbox, paysDestination = 'NG'): Promise<string> {
  const achat = await transitPurchase(buyer, articleId, paysDestination);
  await payPurchase(buyer, achat, sandbox);
  return achat.id;
}

/** A journey of a vehicle the buyer bought from the seller and paid for, in transit, started through `/start`. */
export async function startJourney(buyer: TestUser, seller: TestUser, sandbox: FeexPaySandbox, extra: Record<string, unknown> = { paysDestination: 'NG' }, prefix = '/api/transit-missions') {
  const listing = await publish(seller, { titre: 'Lexus RX 350 2015' });
  await paidTransitPurchase(buyer, listing.id, sandbox);
  const res = await (await api()).post(`${prefix}/start`).set(bearer(buyer.token)).send({ articleId: listing.id, ...extra });
  expect(res.status).toBe(200);
  return { articleId: listing.id as string, id: res.body.data.id as string, data: res.body.data };
}

export const selectForwarder = async (buyer: TestUser, articleId: string, transitaireId: string, prefix = '/api/transit-missions') =>
  (await api()).post(`${prefix}/select-transitaire`).set(bearer(buyer.token)).send({ articleId, transitaireId });

/** The mission as stored. */
export const missionDocument = async (id: string) => (await db().collection(COLLECTIONS.transitMissions).doc(id).get()).data()!;
