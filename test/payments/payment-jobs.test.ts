/** The payment poller and the expiry task, against the FeexPay sandbox. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { expireIfDue, pollPendingPayments } from '../../functions/src/domains/payments/jobs';
import { pendingBoostPayment } from '../helpers/money';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, resetClock, useSettings } from '../helpers/settings';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { paymentEffect } from '../helpers/events';

const { sandbox } = useFeexPaySandbox();

beforeAll(async () => {
  await resetEmulators();
});
afterEach(() => {
  resetClock();
  sandbox().down = false;
});

const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;


it('polls pending payments and settles what FeexPay has decided, effect included', async () => {
  const { paymentId, reference, publiciteId } = await pendingBoostPayment();
  const other = await pendingBoostPayment();
  sandbox().transactions.get(reference)!.status = 'SUCCESSFUL';
  sandbox().transactions.get(other.reference)!.status = 'FAILED';
  const run = await pollPendingPayments();
  expect(run.settled).toBeGreaterThanOrEqual(2);
  expect(await payment(paymentId)).toMatchObject({ statut: 'success' });
  expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
  expect((await payment(paymentId)).history.map((entry: { source: string }) => entry.source)).toEqual(['poller']);
  expect((await payment(other.paymentId)).statut).toBe('failed');
  expect((await db().collection(COLLECTIONS.publicites).doc(publiciteId).get()).get('statut')).toBe('payee');
});

it('leaves payments alone while FeexPay is down', async () => {
  const { paymentId } = await pendingBoostPayment();
  sandbox().down = true;
  await pollPendingPayments();
  expect((await payment(paymentId)).statut).toBe('pending');
});

it('expires a payment once its time is up, after asking FeexPay one last time', async () => {
  const { paymentId, reference } = await pendingBoostPayment();
  const move = frozenClock();
  expect(await expireIfDue(paymentId)).toBe('pending'); // not due yet
  move(900 * 1000 + 1000);
  expect(await expireIfDue(paymentId)).toBe('expired');
  expect((await payment(paymentId)).history.map((entry: { to: string; source: string }) => `${entry.to}:${entry.source}`)).toEqual(['expired:expiry']);

  const paid = await pendingBoostPayment();
  sandbox().transactions.get(paid.reference)!.status = 'SUCCESSFUL';
  move(900 * 1000 + 1000);
  expect(await expireIfDue(paid.paymentId)).toBe('success');
  expect(reference).toMatch(/^SBX-/);
});

it('never expires locally when local expiry is disabled', async () => {
  useSettings({ PAYMENT_LOCAL_EXPIRY_DISABLED: 'true' });
  const { paymentId } = await pendingBoostPayment();
  const move = frozenClock();
  move(24 * 60 * 60 * 1000);
  expect(await expireIfDue(paymentId)).toBe('pending');
  useSettings({ PAYMENT_LOCAL_EXPIRY_DISABLED: 'false' });
});
