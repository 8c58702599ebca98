/**
 * The FeexPay sandbox for a test file: started before its tests with the adapter pointed at it,
 * stopped after. Without a webhook URL only the jobs, the admin or the test itself settle payments;
 * `useServedSandbox` also serves the whole app on a port, so the sandbox's callbacks (mobile money,
 * cards, payment links) reach our webhook over real HTTP.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFullApp } from '../../functions/src/app';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { restoreSettings, useSettings } from './settings';

/** The sandbox of the running test file. */
let current: FeexPaySandbox | undefined;

export function useFeexPaySandbox(options: { webhookUrl?: () => string; delayMs?: number } = {}): { sandbox: () => FeexPaySandbox } {
  let sandbox: FeexPaySandbox;
  let url: string;
  beforeAll(async () => {
    sandbox = new FeexPaySandbox({ token: 'test-feexpay-token', delayMs: options.delayMs, webhookUrl: options.webhookUrl?.() });
    current = sandbox;
    url = await sandbox.start();
  });
  // Before each test: a file that restores its settings after each test keeps the sandbox.
  beforeEach(() => useSettings({ FEEXPAY_BASE_URL: url, FEEXPAY_LINK_BASE_URL: url, FEEXPAY_TIMEOUT_MS: '2000' }));
  afterAll(async () => {
    restoreSettings();
    await sandbox.stop();
  });
  return { sandbox: () => sandbox };
}

/** The app served on a loopback port, and a sandbox that calls its webhook (and links' callbacks) back. */
export function useServedSandbox(delayMs: number): { sandbox: () => FeexPaySandbox } {
  let server: Server;
  let appUrl = '';
  beforeAll(async () => {
    server = (await createFullApp()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const served = useFeexPaySandbox({ delayMs, webhookUrl: () => `${appUrl}/api/payments/webhook?secret=test-callback-secret` });
  beforeEach(() => useSettings({ FEEXPAY_CALLBACK_URL: `${appUrl}/api/payments/webhook` }));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return served;
}

/** Reads until `done` says so, or 5 s have passed; answers the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The payer paid: the sandbox's transaction of this payment (pending, from a number ending in 2)
 * becomes SUCCESSFUL, without a callback. What an admin needs before setting the payment to
 * `success` by hand: FeexPay is asked first, and only a matching success is taken.
 */
export async function paidAtFeexPay(paymentId: string): Promise<void> {
  const reference = (await db().collection(COLLECTIONS.payments).doc(paymentId).get()).get('reference') as string | null | undefined;
  const transaction = reference ? current?.transactions.get(reference) : undefined;
  if (!transaction) throw new Error(`no sandbox transaction for payment ${paymentId}`);
  transaction.status = 'SUCCESSFUL';
}
