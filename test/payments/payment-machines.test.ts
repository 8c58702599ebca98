/**
 * A payment's status and its refund mark move through their machines (payments/machine.ts): the
 * tables walked pair by pair, and what the database holds after a start, an admin's move and a
 * refund mark made through the service.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { markForRefund } from '../../functions/src/domains/payments/refunds';
import { settle } from '../../functions/src/domains/payments/settlement';
import {
  PAYMENT_OUTCOMES,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  REFUND_MARK_EVENTS,
  REFUND_MARK_STATUSES,
  REFUND_MARK_TRANSITIONS,
} from '../../functions/src/domains/payments/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { pendingBoostPayment } from '../helpers/money';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { walk } from '../helpers/transition-table';

useFeexPaySandbox();

let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});

const stored = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const statusEvents = async (id: string) =>
  (await db().collection(COLLECTIONS.events).where('type', '==', 'payment.status_changed').where('payload.paymentId', '==', id).get()).docs.map((doc) => doc.get('payload') as { from: string | null; to: string });


it('walks the payment table: an outcome moves a pending payment, a late success a failed or expired one, and a success never moves', () => {
  walk(PAYMENT_TRANSITIONS, PAYMENT_STATUSES, PAYMENT_OUTCOMES, {
    'pending --success-->': 'success',
    'pending --failed-->': 'failed',
    'pending --expired-->': 'expired',
    'failed --success-->': 'success',
    'expired --success-->': 'success',
  });
});

it('walks the refund mark table: a mark never moves once made (marking again is refused)', () => {
  walk(REFUND_MARK_TRANSITIONS, REFUND_MARK_STATUSES, REFUND_MARK_EVENTS, {});
});

it('starts a payment pending with an empty history and its status event from nothing; an admin’s move writes the status with its history entry', async () => {
  const { paymentId } = await pendingBoostPayment();
  expect(await stored(paymentId)).toMatchObject({ statut: 'pending', history: [] });
  expect(await statusEvents(paymentId)).toEqual([expect.objectContaining({ from: null, to: 'pending' })]);

  const res = await (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'failed', reason: 'Contrôle manuel' });
  expect(res.status).toBe(200);
  const payment = await stored(paymentId);
  const movedAt = payment.updatedAt.toDate();
  expect({ statut: payment.statut, history: payment.history.map((entry: { at: { toDate(): Date } }) => ({ ...entry, at: entry.at.toDate() })) }).toEqual({
    statut: 'failed',
    history: [{ at: movedAt, from: 'pending', to: 'failed', source: 'admin', by: admin.uid, reason: 'Contrôle manuel' }],
  });
  expect((await statusEvents(paymentId)).map(({ from, to }) => `${from}->${to}`).sort()).toEqual(['null->pending', 'pending->failed']);
});

it('marks a successful payment’s money to go back through the refund mark’s machine: the map holds its status, once', async () => {
  const { paymentId, montant } = await pendingBoostPayment();
  await settle(paymentId, 'success', 'admin', { reason: 'Reçu vérifié' });
  await markForRefund(paymentId, 'advertisement refused', 1000);
  await markForRefund(paymentId, 'a second reason', 2000);
  expect((await stored(paymentId)).refund).toEqual({ reason: 'advertisement refused', statut: 'a_rembourser', montant: Math.min(1000, montant) });
});
