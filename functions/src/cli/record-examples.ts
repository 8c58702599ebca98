/**
 * npm run examples: records the OpenAPI document's examples from a real run of the demo data.
 * Inside the Auth and Firestore emulators, it loads the demo data `npm start` loads,
 * serves the whole service on a loopback port with the local FeexPay in front of its payments,
 * signs in the demo accounts and walks the operations with real requests, each step's ids taken
 * from earlier answers. It rewrites src/openapi-examples.json; `npm run openapi` then puts the
 * examples on the document (test/platform/openapi-examples.test.ts checks each one against its
 * route's schemas, and lists the operations still without one).
 */
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createFullApp } from '../app';
import { reloadConfig } from '../core/config';
import { FeexPaySandbox } from '../dev/feexpay-sandbox';
import { allRouters } from '../groups';
import { provisionAccount } from '../domains/identity/provisioning';
import { DEMO_ACCOUNTS, seedDemo } from './seed-demo';
import { Recorder } from './examples/recorder';
import { type WalkContext, walkFlows } from './examples/walk-flows';
import { auth } from '../core/firebase';
import { walkReads } from './examples/walk-reads';

export const EXAMPLES_FILE = join(__dirname, '..', '..', 'src', 'openapi-examples.json');

async function signIn(email: string, password: string): Promise<string> {
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email, password, returnSecureToken: true, targetProjectId: process.env.GCLOUD_PROJECT }),
  });
  const body = (await response.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

/** The settings of the run (the seed's included), over the emulator's. */
const RUN_SETTINGS = {
  // Without the Functions emulator no trigger hands events to their subscribers: each is handed
  // over in the request that emitted it (a paid order opens its delivery before the next step).
  EVENTS_DISPATCH_INLINE: 'true',
  // No Cloud Tasks emulator runs beside the recorder: what the service queues there (a payment's
  // expiry, a delivery's next offer round, an admin broadcast's pages) is left unqueued, as the
  // in-process tests leave it. The answers are the same; the later work is not what they show.
  PAYMENT_EXPIRY_TASKS_ENABLED: 'false',
  DELIVERY_TASKS_ENABLED: 'false',
  ADMIN_MESSAGE_TASKS_ENABLED: 'false',
  // One demo buyer pays a dozen times within the hour, and contacts the demo driver twice in a row.
  PAYMENT_RATE_LIMIT_ENABLED: 'false',
  TRICYCLE_CONTACT_REOPEN_SECONDS: '0',
};

async function record(): Promise<void> {
  Object.assign(process.env, RUN_SETTINGS);
  reloadConfig();
  console.log('Loading the demo data...');
  await seedDemo();
  const server: Server = (await createFullApp()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The local FeexPay, calling back this process's webhook (npm start's own sandbox keeps its port).
  const sandbox = new FeexPaySandbox({
    token: process.env.FEEXPAY_API_TOKEN ?? 'demo-feexpay-token',
    delayMs: 200,
    webhookUrl: `${baseUrl}/api/payments/webhook?secret=${encodeURIComponent(process.env.FEEXPAY_CALLBACK_SECRET ?? '')}`,
  });
  const sandboxUrl = await sandbox.start();
  Object.assign(process.env, {
    FEEXPAY_BASE_URL: sandboxUrl,
    FEEXPAY_LINK_BASE_URL: sandboxUrl,
    FEEXPAY_CALLBACK_URL: `${baseUrl}/api/payments/webhook`,
  });
  reloadConfig();
  try {
    const tokens = new Map<string, string>();
    const uids: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      const provisioned = await provisionAccount(account);
      tokens.set(account.role, await signIn(provisioned.email, account.password));
      uids[account.role] = provisioned.uid;
    }
    const routes = (await allRouters()).flatMap((router) => router.routes);
    const recorder = new Recorder(baseUrl, tokens, routes);
    console.log(`Walking ${routes.length} operations as the demo accounts...`);
    const context: WalkContext = {
      uids,
      ids: {},
      refreshToken: async (role) => {
        const account = DEMO_ACCOUNTS.find((demo) => demo.role === role)!;
        tokens.set(role, await signIn((await provisionAccount(account)).email, account.password));
      },
      providerPayment: (amount) => sandbox.addTransaction({ amount, shop: process.env.FEEXPAY_SHOP_ID ?? 'demo-shop' }),
      signInAs: async (name, email, password) => {
        tokens.set(name, await signIn(email, password));
        uids[name] = (await auth().getUserByEmail(email)).uid;
      },
    };
    const roles = DEMO_ACCOUNTS.map((account) => account.role);
    // Ids no list answers (users and agents by uid), for walk-reads.ts: by `path:param`, or by param.
    const extra = () => ({
      '/api/users/{id}:id': [uids.vendeur],
      '/api/agents/{id}:id': [uids.agentCommercial],
      '/api/agents/{id}/pro-monitor:id': [uids.vendeur, uids.agentCommercial],
      uid: Object.values(uids),
      userId: Object.values(uids),
      transitaireId: [uids.transitaire],
      vendeur: [uids.vendeur],
    });
    // What the demo data holds, read before anything changes it; the flows; then the reads their answers opened.
    await walkReads(recorder, roles, extra());
    await walkFlows(recorder, context);
    await walkReads(recorder, roles, extra());
    const examples = recorder.sorted();
    writeFileSync(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
    const missing = recorder.operations().filter((key) => !examples[key]);
    const refused = Object.keys(examples).filter((key) => examples[key].refused);
    console.log(`Wrote ${EXAMPLES_FILE}: ${Object.keys(examples).length} of ${routes.length} operations (${refused.length} shown refusing).`);
    if (missing.length) console.log(`Without an example:\n  ${missing.join('\n  ')}`);
  } finally {
    await sandbox.stop();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (require.main === module) {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    console.error('record-examples writes demo data: run it against the emulators only (npm run examples).');
    process.exit(1);
  }
  record().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
