/**
 * Money in tests: payments made through the API (started at the FeexPay sandbox, confirmed by an
 * admin), the events drained to their end, and the reconciliation's breaks.
 */
import { randomInt } from 'node:crypto';
import { sweep } from '../../functions/src/core/events';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { reconcile, type ReconciliationReport } from '../../functions/src/domains/admin/reconciliation/reconcile';
import { createUser, type TestUser } from './accounts';
import { api, bearer } from './api';
import { publish } from './catalog';
import { paidAtFeexPay } from './feexpay';

/** A payer number the sandbox leaves pending (ending in 2), fresh each time: the per-telephone limit never bites. */
const pendingPayer = () => `+22901${String(randomInt(0, 10_000_000)).padStart(7, '0')}2`;

/** Starts a payment of `type` for `metadata`; answers its id, or the refusal's code. */
export async function startPayment(payer: TestUser, type: string, montant: number, metadata: Record<string, string>): Promise<{ paymentId?: string; code?: string }> {
  const started = await (await api()).post('/api/payments/requesttopay/mtn').set(bearer(payer.token)).send({ type, montant, metadata, telephone: pendingPayer() });
  return started.status === 201 ? { paymentId: started.body.data.paymentId as string } : { code: started.body.code as string };
}

/** FeexPay says the payment succeeded, then an admin confirms it (FeexPay is asked first). */
export async function confirmPayment(admin: TestUser, paymentId: string): Promise<void> {
  await paidAtFeexPay(paymentId);
  const confirmed = await (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
  if (confirmed.status !== 200) throw new Error(`payment ${paymentId} not confirmed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

export async function pay(admin: TestUser, payer: TestUser, type: string, montant: number, metadata: Record<string, string>): Promise<string> {
  const { paymentId, code } = await startPayment(payer, type, montant, metadata);
  if (!paymentId) throw new Error(`payment of ${type} ${JSON.stringify(metadata)} refused: ${code}`);
  await confirmPayment(admin, paymentId);
  return paymentId;
}

/**
 * Runs every event and event run still waiting (an event not handed out, a retry not due yet), until
 * none is left: the quiet point where the invariant must hold. Answers the runs parked on the way.
 */
export async function drainEvents(rounds = 10): Promise<string[]> {
  for (let round = 0; round < rounds; round += 1) {
    const [events, runs] = await Promise.all([
      db().collection(COLLECTIONS.events).where('dispatch', 'in', ['pending', 'dispatching']).get(),
      db().collection(COLLECTIONS.eventRuns).where('state', 'in', ['running', 'retry']).get(),
    ]);
    if (events.empty && runs.empty) break;
    // Due now, for the sweep: their workers are over (every operation was awaited).
    await Promise.all([...events.docs, ...runs.docs].map((doc) => doc.ref.update({ dueAt: new Date(0) })));
    await sweep();
  }
  const parked = await db().collection(COLLECTIONS.eventRuns).where('state', '==', 'parked').get();
  return parked.docs.map((doc) => `${doc.id}: ${String(doc.get('lastError')).split('\n')[0]}`);
}

/** The reconciliation as `npm run reconcile` runs it: no grace. */
export function reconcileNow(pageSize = 50): Promise<ReconciliationReport> {
  return reconcile({ graceMinutes: 0, pageSize, now: new Date() });
}

/** A pending mobile money payment of a new seller's boost, started through the API (FeexPay keeps it pending: number ending in 2). */
export async function pendingBoostPayment(): Promise<{ paymentId: string; reference: string; publiciteId: string; montant: number }> {
  const seller = await createUser('vendeur');
  const listing = await publish(seller);
  const pub = (await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'sponsorise', duree: 7 })).body.data;
  const res = await (await api())
    .post('/api/payments/requesttopay/moov')
    .set(bearer(seller.token))
    .send({ type: 'publicite', montant: pub.montant, metadata: { publiciteId: pub.id }, telephone: '+2290197000002' });
  if (res.status !== 201) throw new Error(`the boost's payment was not started: ${res.status} ${JSON.stringify(res.body)}`);
  return { paymentId: res.body.data.paymentId, reference: res.body.data.reference, publiciteId: pub.id, montant: pub.montant };
}
