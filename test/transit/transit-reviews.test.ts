/** /api/transitaire-reviews: one review per buyer and forwarder after a closed mission; counters. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

/** A mission of this buyer with this forwarder in the given state (written as the service would). */
async function mission(buyer: TestUser, forwarder: TestUser, statut: string) {
  await db().collection(COLLECTIONS.transitMissions).doc(`car-${Date.now()}_${buyer.uid}`).set({ acheteur: buyer.uid, transitaire: forwarder.uid, statut, updatedAt: new Date() });
}

const review = async (buyer: TestUser, transitaireId: string, rating: number, comment?: string) =>
  (await api()).post('/api/transitaire-reviews').set(bearer(buyer.token)).send({ transitaireId, rating, ...(comment ? { comment } : {}) });

it('lets buyers with a closed mission review once, edit and delete, keeping the average right', async () => {
  const forwarder = await createUser('transitaire');
  const [ann, ben, cat] = await Promise.all([createUser('acheteur'), createUser('acheteur'), createUser('acheteur')]);
  await mission(ann, forwarder, 'traite');
  await mission(ben, forwarder, 'traite');
  await mission(cat, forwarder, 'transferer');
  const client = await api();

  const first = await review(ann, forwarder.uid, 5, 'Rapide et sérieux');
  expect(first.status).toBe(201);
  expect((await review(ann, forwarder.uid, 1)).body.code).toBe('ALREADY_REVIEWED');
  expect((await review(ben, forwarder.uid, 2)).status).toBe(201);
  expect((await review(cat, forwarder.uid, 5)).body.code).toBe('REVIEW_NOT_ALLOWED');

  const read = async () => (await client.get(`/api/transitaire-reviews/transitaire/${forwarder.uid}`).set(bearer(cat.token))).body.data;
  expect((await read()).average).toBe(3.5);
  await client.patch(`/api/transitaire-reviews/${first.body.data.id}`).set(bearer(ann.token)).send({ rating: 4 });
  expect((await read()).average).toBe(3);
  expect((await client.patch(`/api/transitaire-reviews/${first.body.data.id}`).set(bearer(ben.token)).send({ rating: 1 })).body.code).toBe('REVIEW_NOT_FOUND');
  expect((await client.delete(`/api/transitaire-reviews/${first.body.data.id}`).set(bearer(forwarder.token))).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.delete(`/api/transitaire-reviews/${first.body.data.id}`).set(bearer(ann.token))).body.data).toEqual({ deleted: true });
  const received = (await client.get('/api/transitaire-reviews/received').set(bearer(forwarder.token))).body.data;
  expect({ average: received.average, total: received.pagination.total, ratings: received.items.map((r: { rating: number }) => r.rating) }).toEqual({ average: 2, total: 1, ratings: [2] });
  expect((await db().collection(COLLECTIONS.transitaireDirectory).doc(forwarder.uid).get()).data()).toEqual({ count: 1, sum: 2, average: 2 });
});

it('refuses bad ratings and comments', async () => {
  const forwarder = await createUser('transitaire');
  const buyer = await createUser('acheteur');
  await mission(buyer, forwarder, 'traite');
  for (const [rating, comment] of [[0, undefined], [6, undefined], [4.5, undefined], [4, 'x'.repeat(501)]] as const) {
    expect((await review(buyer, forwarder.uid, rating, comment)).body.code).toBe('VALIDATION_ERROR');
  }
  expect((await (await api()).get(`/api/transitaire-reviews/transitaire/${forwarder.uid}`).set(bearer(buyer.token))).body.data.average).toBeNull();
});
