/**
 * The schedules fire in the emulator suite as in production: the local scheduler
 * (scripts/local-scheduler.cjs), which test/setup/serial-runner.js runs beside this group on a clock
 * 12 times as fast, calls `sweepEvents` and `pollPayments` through the Functions emulator on their
 * schedules. Nothing else calls them here: without the scheduler, a stuck event stays stuck and a
 * payment that FeexPay settled without a callback stays pending.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { provisionAccount } from '../../functions/src/domains/identity/provisioning';
import { newBeninNumber, signIn } from '../helpers/accounts';
import { runOf } from '../helpers/events';
import { eventually } from '../helpers/eventually';

/** The running suite's address of an emulator: from its hub (emulators:exec names it), else firebase.json. */
async function emulatorOrigin(name: 'hosting'): Promise<string> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  const listed = hub ? ((await (await fetch(`http://${hub}/emulators`)).json()) as Record<string, { host: string; port: number }>)[name] : undefined;
  const { host, port } = listed ?? JSON.parse(readFileSync(join(__dirname, '..', '..', 'firebase.json'), 'utf8')).emulators[name];
  return `http://${host}:${port}`;
}

/** `read`'s value once set, waiting 45 s at most (the scheduler's next time, and a function's first start in the emulator). */
const within = <T>(read: () => Promise<T | undefined>) => eventually(read, 45_000, 250);

/** A signed-in seller: its uid and the headers of its JSON calls. */
async function seller() {
  const created = await provisionAccount({ telephone: `+229${newBeninNumber()}`, password: 'Password-123', role: 'vendeur', nom: 'E2E', prenoms: 'Scheduler' });
  return { uid: created.uid, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await signIn(created.email, 'Password-123')}` } };
}

/**
 * The FeexPay sandbox where the emulator's settings point (functions/.env.demo-marketplace: port
 * 8787), with the callback secret of functions/.secret.local, while `run` runs.
 */
async function withFeexPaySandbox(options: { webhookUrl?: string; delayMs: number }, run: (sandbox: FeexPaySandbox) => Promise<void>) {
  const sandbox = new FeexPaySandbox({ port: 8787, token: 'local-feexpay-token', ...options });
  await sandbox.start();
  try {
    await run(sandbox);
  } finally {
    await sandbox.stop();
  }
}

/** Starts a 2-month seller subscription by mobile money from `payer`: the payment's id. */
async function startSubscriptionPayment(base: string, headers: Record<string, string>, payer: string): Promise<string> {
  const res = await fetch(`${base}/api/payments/requesttopay/MTN`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'abonnement', montant: 10_000, metadata: { months: '2' }, telephone: payer }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { paymentId: string } }).data.paymentId;
}

async function paymentStatus(paymentId: string): Promise<string> {
  return (await db().collection(COLLECTIONS.payments).doc(paymentId).get()).get('statut') as string;
}

async function subscriptionOf(uid: string) {
  return (await db().collection(COLLECTIONS.subscriptions).doc(`${uid}_vendeur`).get()).data();
}

it('polls a pending payment on pollPayments’ schedule: FeexPay is asked, the payment settles, its effect follows', async () => {
  const base = await emulatorOrigin('hosting');
  // No callback: only the poller can learn that the payer paid.
  await withFeexPaySandbox({ delayMs: 0 }, async (sandbox) => {
    const { uid, headers } = await seller();
    // A payer number ending in 2: FeexPay keeps the transaction pending.
    const paymentId = await startSubscriptionPayment(base, headers, `+229${newBeninNumber().slice(0, -1)}2`);
    const reference = (await db().collection(COLLECTIONS.payments).doc(paymentId).get()).get('reference') as string;
    expect(await paymentStatus(paymentId)).toBe('pending');

    // The payer approves on the phone; FeexPay sends nothing back.
    sandbox.transactions.get(reference)!.status = 'SUCCESSFUL';
    expect(await within(async () => ((await paymentStatus(paymentId)) === 'success' ? 'success' : undefined))).toBe('success');
    expect(sandbox.requests.filter((request) => request.method === 'GET' && request.path === `/api/transactions/public/single/status/${reference}`).length).toBeGreaterThanOrEqual(1);
    expect(await within(async () => ((await subscriptionOf(uid))?.expiresAt ? 'credited' : undefined))).toBe('credited');
  });
}, 90_000);

it('takes back, on sweepEvents’ schedule, an event whose dispatcher died holding its lease: applied once', async () => {
  const { uid } = await seller();
  // A subscription's success whose dispatcher took the event and died before its effect (its lease ends in 8 s).
  const paymentId = `e2e-dead-dispatcher-${Date.now()}`;
  const eventId = `payment.succeeded_${paymentId}`;
  const at = Date.now();
  await db()
    .collection(COLLECTIONS.events)
    .doc(eventId)
    .set({
      type: 'payment.succeeded', key: paymentId, payload: { paymentId, type: 'abonnement', userId: uid, montant: 10_000, metadata: { months: '2' } },
      createdAt: new Date(at), dispatch: 'dispatching', dueAt: new Date(at + 8000), expireAt: new Date(at + 30 * 86_400_000),
    });
  // Its creation fires the trigger, which finds the lease live and leaves the event: nothing credited yet.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await subscriptionOf(uid)).toBeUndefined();
  expect((await db().collection(COLLECTIONS.events).doc(eventId).get()).get('dispatch')).toBe('dispatching');

  // Once the lease is over, the next sweep takes the event and credits the subscription, once.
  expect(await within(async () => ((await db().collection(COLLECTIONS.events).doc(eventId).get()).get('dispatch') === 'dispatched' ? 'dispatched' : undefined))).toBe('dispatched');
  expect(await subscriptionOf(uid)).toMatchObject({ uid, kind: 'vendeur', expiresAt: expect.anything() });
  expect(await runOf(eventId, 'subscriptions.credit')).toBeUndefined();
}, 90_000);
