/**
 * The deployed jobs that ask FeexPay or move a delivery, invoked as Firebase invokes them
 * (test/helpers/wrapped.ts): the payment poller and a payment's expiry task against the FeexPay
 * sandbox, the close of a lapsed inspection decision, a delivery's next round of offers and its
 * auto-close after the courier's photo. Data is written by the service with its clock set back (the
 * deployed function runs on the real clock); each test reads what the job left in Firestore.
 */
import { resetClock, setClock } from '../../functions/src/core/clock';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { recordUpload } from '../../functions/src/domains/catalog/uploads/ledger';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { couriersAt, deliveryDoc, offerDoc, offline, paidOrder } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { attachReport, payVerification } from '../helpers/verification';
import { runDeployed } from '../helpers/wrapped';

// Each call starts a process that loads the deployed bundle, as a cold instance does.
jest.setTimeout(90_000);

const { sandbox } = useFeexPaySandbox();
const MINUTE = 60_000;
const DAY = 86_400_000;
let admin: TestUser;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, buyer, seller] = await Promise.all([createUser('admin'), createUser('acheteur'), createUser('vendeur')]);
});
afterEach(() => resetClock());

/** The service's clock `ms` behind the real one, for the writes that follow. */
const back = (ms: number) => setClock(() => new Date(Date.now() - ms));
const stored = async (collection: string, id: string) => (await db().collection(collection).doc(id).get()).data();
const post = async (user: TestUser, path: string, body: Record<string, unknown> = {}) => (await api()).post(path).set(bearer(user.token)).send(body);

/** A pending mobile money payment of a boost; FeexPay keeps it pending (a number ending in 2). */
async function pendingBoostPayment() {
  const listing = await publish(seller);
  const boost = (await post(seller, '/api/publicites', { articleId: listing.id, typePub: 'sponsorise', duree: 7 })).body.data;
  const started = await post(seller, '/api/payments/requesttopay/moov', { type: 'publicite', montant: boost.montant, metadata: { publiciteId: boost.id }, telephone: '+2290197000002' });
  expect(started.status).toBe(201);
  return { paymentId: started.body.data.paymentId as string, reference: started.body.data.reference as string, publiciteId: boost.id as string };
}

it('expirePayment: a pending payment past its time, still pending at FeexPay, is expired', async () => {
  back(20 * MINUTE); // its 15 minutes are over
  const { paymentId } = await pendingBoostPayment();
  resetClock();
  expect(await stored(COLLECTIONS.payments, paymentId)).toMatchObject({ statut: 'pending' });
  await runDeployed('expirePayment', { task: { paymentId } });
  expect(await stored(COLLECTIONS.payments, paymentId)).toMatchObject({ statut: 'expired' });
});

it('pollPayments: a payment FeexPay has decided is settled, its effect applied', async () => {
  const { paymentId, reference, publiciteId } = await pendingBoostPayment();
  sandbox().transactions.get(reference)!.status = 'SUCCESSFUL';
  expect(await stored(COLLECTIONS.payments, paymentId)).toMatchObject({ statut: 'pending' });
  await runDeployed('pollPayments', { schedule: true });
  expect(await stored(COLLECTIONS.payments, paymentId)).toMatchObject({ statut: 'success' });
  expect(await stored(COLLECTIONS.publicites, publiciteId)).toMatchObject({ statut: 'payee' });
});

it('closeLapsedVerificationDecisions: an inspection report the buyer did not decide on in time closes as accepted', async () => {
  back(5 * DAY); // VERIFICATION_DECISION_DAYS (3) are over
  const listing = await publish(seller, { titre: 'Toyota Camry 2016', prix: 3_500_000 });
  const verificationId = await payVerification(buyer, listing.id, sandbox());
  await attachReport(admin, listing.id);
  resetClock();
  expect(await stored(COLLECTIONS.verifications, verificationId)).toMatchObject({ statut: 'rapport_disponible' });
  await runDeployed('closeLapsedVerificationDecisions', { schedule: true });
  expect(await stored(COLLECTIONS.verifications, verificationId)).toMatchObject({ statut: 'accepte' });
});

it('deliveryRound: the next round widens the circle and offers the delivery to a courier in it', async () => {
  back(5 * MINUTE); // the first round's offers have lapsed
  const { deliveryId } = await paidOrder(buyer, [{ seller, montant: 10_000 }]);
  resetClock();
  expect(await deliveryDoc(deliveryId)).toMatchObject({ round: 1 });
  const [wide] = await couriersAt(12); // outside the first round's 10 km, inside the second's
  await runDeployed('deliveryRound', { task: { deliveryId, round: 2, roundBase: 1 } });
  expect(await deliveryDoc(deliveryId)).toMatchObject({ round: 2 });
  expect(await offerDoc(deliveryId, wide!.uid)).toMatchObject({ statut: 'ouverte', round: 2 });
  await offline(wide!);
});

it('closeDelivery: a delivery proved by the courier’s photo, not disputed in its window, closes delivered', async () => {
  back(49 * 60 * MINUTE); // DELIVERY_DISPUTE_WINDOW_HOURS (48) are over
  const [courier] = await couriersAt(1);
  const { deliveryId } = await paidOrder(buyer, [{ seller, montant: 10_000 }]);
  expect((await post(courier!, `/api/deliveries/${deliveryId}/accept`)).status).toBe(200);
  await offline(courier!);
  expect((await post(seller, `/api/deliveries/${deliveryId}/pickups/${seller.uid}/confirm`)).status).toBe(200);
  const photo = `preuves/${deliveryId}/wrapped.jpg`;
  await recordUpload(courier!.uid, photo, 1000);
  expect((await post(courier!, `/api/deliveries/${deliveryId}/delivered`, { photo })).body.data).toMatchObject({ statut: 'en_cours' });
  resetClock();
  await runDeployed('closeDelivery', { task: { deliveryId } });
  expect(await deliveryDoc(deliveryId)).toMatchObject({ statut: 'livre' });
});
