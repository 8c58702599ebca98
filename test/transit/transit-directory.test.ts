/** GET /api/transitaires: the forwarders a buyer can choose (verified and subscribed), best rated first. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { emit } from '../../functions/src/core/events';
import { runTransaction } from '../../functions/src/core/firebase';
import { unlistExpired } from '../../functions/src/domains/transit/directory/service';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, resetClock } from '../helpers/settings';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { paidTransitPurchase, uploadCard } from '../helpers/transit';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  await resetEmulators();
  [admin, buyer] = await Promise.all([createUser('admin'), createUser('acheteur')]);
});
afterEach(() => resetClock());

/** A forwarder that submitted its file (approved by the admin unless told otherwise). */
async function forwarder(companyName: string, extra: Record<string, unknown>, approve = true): Promise<TestUser> {
  const user = await createUser('transitaire');
  const client = await api();
  const file = { cardFront: await uploadCard(user), cardBack: await uploadCard(user), companyName, registrationRef: 'RB/COT/24 B 1', pays: 'BJ', adresse: 'Cotonou', ...extra };
  expect((await client.post('/api/transitaires/verification/submit').set(bearer(user.token)).send(file)).status).toBe(200);
  if (approve) expect((await client.patch(`/api/transitaires/verification/admin/demandes/${user.uid}/approve`).set(bearer(admin.token))).status).toBe(200);
  return user;
}

/** What a successful forwarder subscription payment does: its event, handed to every subscriber. */
async function subscribe(user: TestUser, paymentId: string, months = 1) {
  const payload = { paymentId, type: 'abonnement_transitaire' as const, userId: user.uid, montant: 5000 * months, metadata: { months: String(months) } };
  // Tests dispatch inline: the subscribers have run when the transaction returns.
  await runTransaction(async (tx) => emit(tx, 'payment.succeeded', paymentId, payload));
}

async function review(forwarderUid: string, rating: number) {
  // The counters the reviews keep (their own test covers how); here only the order matters.
  await db().collection(COLLECTIONS.transitaireDirectory).doc(forwarderUid).set({ count: 1, sum: rating, average: rating }, { merge: true });
}

async function listingId(): Promise<string> {
  const seller = await createUser('vendeur');
  return (await publish(seller, { titre: 'Peugeot 508 2018' })).id;
}

const list = async (query = '') => (await (await api()).get(`/api/transitaires${query}`).set(bearer(buyer.token))).body;

it('lists verified, subscribed forwarders with company, countries and rating, best rated first', async () => {
  const best = await forwarder('Best Transit', { paysDesservis: ['NG', 'TG'] });
  const plain = await forwarder('Plain Transit', {});
  const unpaid = await forwarder('Unpaid Transit', {});
  const pending = await forwarder('Pending Transit', {}, false);
  await Promise.all([subscribe(best, 'pay-best'), subscribe(plain, 'pay-plain'), subscribe(pending, 'pay-pending')]);
  await review(best.uid, 5);
  // Reviews write the average; a refresh keeps it.
  await subscribe(best, 'pay-best-2');

  const body = await list();
  expect(body.data.map((f: { companyName: string }) => f.companyName)).toEqual(['Best Transit', 'Plain Transit']);
  expect(body.pagination).toMatchObject({ page: 1, total: 2, hasMore: false });
  expect(body.data[0]).toEqual({
    id: best.uid,
    nom: expect.any(String),
    prenoms: expect.any(String),
    photoUrl: null,
    companyName: 'Best Transit',
    pays: 'BJ',
    paysDesservis: ['NG', 'TG'],
    averageRating: 5,
    reviewCount: 1,
  });
  expect(body.data[1]).toMatchObject({ companyName: 'Plain Transit', paysDesservis: ['BJ'], averageRating: null, reviewCount: 0 });
  expect(JSON.stringify(body)).not.toContain(unpaid.uid);
  // A profile edit shows in the list.
  expect((await (await api()).patch('/api/users/me').set(bearer(plain.token)).send({ nom: 'Houngbo' })).status).toBe(200);
  expect((await list()).data[1]).toMatchObject({ id: plain.uid, nom: 'Houngbo' });
  expect(JSON.stringify(body)).not.toContain(pending.uid);

  const toNigeria = await list('?paysDestination=ng&limit=1');
  expect(toNigeria.data.map((f: { id: string }) => f.id)).toEqual([best.uid]);
  expect(toNigeria.pagination).toMatchObject({ total: 1, hasMore: false });
  expect((await (await api()).get('/api/transitaires?paysDestination=XX').set(bearer(buyer.token))).body.code).toBe('VALIDATION_ERROR');
  expect((await (await api()).get('/api/transitaires')).status).toBe(401);
});

it('drops a forwarder whose subscription ended at once from the page, and from the count after the hourly job', async () => {
  const lapsing = await forwarder('Lapsing Transit', { paysDesservis: ['GH'] });
  await subscribe(lapsing, 'pay-lapsing');
  expect((await list('?paysDestination=GH')).data.map((f: { id: string }) => f.id)).toEqual([lapsing.uid]);

  const move = frozenClock();
  move(31 * 86_400_000);
  expect((await list('?paysDestination=GH')).data).toEqual([]);
  // This one and the first test's "Plain Transit" (one month each); "Best Transit" paid two.
  expect(await unlistExpired()).toEqual({ unlisted: 2 });
  expect((await db().collection(COLLECTIONS.transitaireDirectory).doc(lapsing.uid).get()).get('listed')).toBe(false);
  expect((await list()).data.map((f: { companyName: string }) => f.companyName)).toEqual(['Best Transit']);
  expect((await list('?paysDestination=GH')).pagination.total).toBe(0);
  expect(await unlistExpired()).toEqual({ unlisted: 0 });

  // Paying again brings it back.
  await subscribe(lapsing, 'pay-lapsing-2');
  expect((await list('?paysDestination=GH')).data.map((f: { id: string }) => f.id)).toEqual([lapsing.uid]);
});

it('lists a forwarder whose file was refused only once a new file is approved', async () => {
  const user = await forwarder('Second Try Transit', { paysDesservis: ['CI'] }, false);
  const client = await api();
  const demande = `/api/transitaires/verification/admin/demandes/${user.uid}`;
  expect((await client.patch(`${demande}/reject`).set(bearer(admin.token)).send({ rejectionMotif: 'Registre expiré' })).status).toBe(200);
  await subscribe(user, 'pay-second-try');
  expect((await list('?paysDestination=CI')).pagination.total).toBe(0);

  const file = { cardFront: await uploadCard(user), cardBack: await uploadCard(user), companyName: 'Second Try Transit', registrationRef: 'RB/COT/24 B 2', pays: 'BJ', adresse: 'Cotonou', paysDesservis: ['CI'] };
  expect((await client.post('/api/transitaires/verification/submit').set(bearer(user.token)).send(file)).status).toBe(200);
  expect((await list('?paysDestination=CI')).pagination.total).toBe(0);
  expect((await client.patch(`${demande}/approve`).set(bearer(admin.token))).status).toBe(200);
  expect((await list('?paysDestination=CI')).data.map((f: { id: string }) => f.id)).toEqual([user.uid]);
});

it('takes a blocked forwarder, or one given another role, out of the list and out of reach', async () => {
  const [blocked, moved] = [await forwarder('Blocked Transit', { paysDesservis: ['NE'] }), await forwarder('Moved Transit', { paysDesservis: ['NE'] })];
  await Promise.all([subscribe(blocked, 'pay-blocked'), subscribe(moved, 'pay-moved')]);
  const served = async () => (await list('?paysDestination=NE')).data.map((f: { companyName: string }) => f.companyName).sort();
  expect(await served()).toEqual(['Blocked Transit', 'Moved Transit']);
  const client = await api();

  expect((await client.patch(`/api/users/${blocked.uid}/block`).set(bearer(admin.token)).send({ motif: 'fraude' })).status).toBe(200);
  expect((await client.patch(`/api/users/${moved.uid}/role`).set(bearer(admin.token)).send({ role: 'livreur' })).status).toBe(200);
  expect(await served()).toEqual([]);
  const bought = await listingId();
  await paidTransitPurchase(buyer, bought, sandbox(), 'NE');
  const start = await client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: bought, paysDestination: 'NE' });
  const chosen = await client.post('/api/transit-missions/select-transitaire').set(bearer(buyer.token)).send({ articleId: start.body.data.article, transitaireId: blocked.uid });
  expect(chosen.status).toBe(404);
  expect(chosen.body.code).toBe('USER_NOT_FOUND');

  expect((await client.patch(`/api/users/${blocked.uid}/unblock`).set(bearer(admin.token))).status).toBe(200);
  expect(await served()).toEqual(['Blocked Transit']);
});
