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
import { basename, join } from 'node:path';
import { createFullApp } from '../app';
import { reloadConfig } from '../core/config';
import { FeexPaySandbox } from '../dev/feexpay-sandbox';
import { allRouters } from '../groups';
import { provisionAccount } from '../domains/identity/provisioning';
import { DEMO_ACCOUNTS, seedDemo } from './seed-demo';
import { DEMO_VERIFICATION_PAYMENT } from './seed-demo-verification';
import { Recorder } from './examples/recorder';
import type { WalkContext } from '../core/examples/walk';
import { walkSteps } from './examples/walk-steps';
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

/**
 * Ids of the demo data that answers name under another field: the Corolla's photo (in a listing's
 * `photos`), the demo forwarder's identity cards (paths in its file) and the vehicle of the demo
 * buyer's journey (a mission's `article`), read back as their owners read them, before the walk
 * changes anything.
 */
async function demoIds(recorder: Recorder): Promise<Record<string, string[]>> {
  const file = (await recorder.call('GET /api/transitaires/verification/status', 'transitaire', { quiet: true })).body?.data?.dossier;
  const cards = [file?.cardFront, file?.cardBack].filter((path): path is string => typeof path === 'string').map((path) => basename(path));
  const journeys = (await recorder.call('GET /api/transit-missions/mes-parcours', 'acheteur', { query: { page: '1', limit: '2' }, quiet: true })).body?.data;
  const vehicles = (Array.isArray(journeys) ? journeys : []).map((journey: { article?: string }) => journey.article).filter((id): id is string => typeof id === 'string');
  const listings = (await recorder.call('GET /api/public/articles', 'anonymous', { query: { page: '1', limit: '20' }, quiet: true })).body?.data;
  const photos = (Array.isArray(listings) ? listings : []).flatMap((listing: { photos?: string[] }) => listing.photos ?? []);
  const photoNames = photos.map((url) => /\/api\/upload\/files\/images\/([^/?#]+)/.exec(url)?.[1]).filter((name): name is string => name !== undefined);
  return {
    '/api/upload/files/{kind}/{name}:kind': ['images'],
    '/api/upload/files/{kind}/{name}:name': photoNames,
    '/api/upload/kyc/{name}:name': cards,
    '/api/transit-missions/parcours/{articleId}:articleId': vehicles,
    '/api/transit/parcours/{articleId}:articleId': vehicles,
  };
}

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
    // Ids no list answers under a path parameter's name (users and agents by uid, the demo's own
    // documents), for walk-reads.ts: by `path:param`, or by param.
    const demo = await demoIds(recorder);
    const extra = () => ({
      ...demo,
      '/api/users/{id}:id': [uids.vendeur],
      '/api/agents/{id}:id': [uids.agentCommercial],
      '/api/agents/{id}/pro-monitor:id': [uids.vendeur, uids.agentCommercial],
      '/api/agents/{id}/referrals:id': [uids.agentCommercial],
      '/api/agents/{id}/referral-stats:id': [uids.agentCommercial],
      '/api/payments/public/status/{id}:id': [DEMO_VERIFICATION_PAYMENT],
      uid: Object.values(uids),
      userId: Object.values(uids),
      transitaireId: [uids.transitaire],
      vendeur: [uids.vendeur],
    });
    // What the demo data holds, read before anything changes it; the domains' steps; then the reads their answers opened.
    await walkReads(recorder, roles, extra());
    await walkSteps(recorder, context);
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
