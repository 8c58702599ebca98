/**
 * The typed client (clients/typescript) as an app uses it, against the emulators through Hosting:
 * the demo buyer of `npm start`'s seed signs in with the Firebase client SDK, finds a demo listing,
 * buys it and pays it by mobile money through the local FeexPay sandbox, and sees it paid; an
 * error comes back as an ApiError with its typed code; the realtime helpers hear what the service
 * writes (the forwarder's mission feed, the demo delivery's tracking, the demo chat room).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { ApiError, createMarketplaceClient, isApiError, type ErrorCode, type ErrorCodeOf, type MarketplaceClient } from '../../clients/typescript/src';
import {
  listenToChatMessages,
  listenToDeliveryTracking,
  listenToMissionFeed,
  type ChatMessageDocument,
  type DeliveryTracking,
  type MissionUpdateEvent,
} from '../../clients/typescript/src/realtime';
import { DEMO_ACCOUNTS, seedDemo } from '../../functions/src/cli/seed-demo';
import { PROJECT_ID } from '../helpers/emulators';
import { eventually } from '../helpers/eventually';

const ROOT = join(__dirname, '..', '..');
const emulators = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).emulators;
const BASE = `http://${emulators.hosting.host}:${emulators.hosting.port}`;

/** A setting of the Functions emulator (functions/.env.demo-marketplace, functions/.secret.local): the sandbox must be where the functions look. */
function emulatorSetting(name: string): string {
  for (const file of ['.secret.local', '.env.demo-marketplace']) {
    const line = readFileSync(join(ROOT, 'functions', file), 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith(`${name}=`));
    if (line) return line.slice(name.length + 1).trim();
  }
  throw new Error(`${name} is not set for the emulator`);
}

const demo = (role: string) => {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
  const national = account.telephone.slice(4);
  // The synthetic login addresses the apps build from the telephone (README, "Demo accounts").
  return { ...account, email: role === 'acheteur' ? `229${national}@users.marketplace.invalid` : `pro_229${national}@users.marketplace.invalid` };
};

const apps: FirebaseApp[] = [];

/** An app's Firebase SDK against the emulators, signed in as the account. */
async function signedIn(email: string, password: string): Promise<{ auth: Auth; firestore: Firestore; uid: string }> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `client-${apps.length}-${Date.now()}`);
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  const firestore = getFirestore(app);
  const [host, port] = String(process.env.FIRESTORE_EMULATOR_HOST).split(':');
  connectFirestoreEmulator(firestore, host, Number(port));
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return { auth, firestore, uid: user.uid };
}

/** What the client sent, as the requests left it (the real fetch does the rest). */
const sent: Request[] = [];
/** A path whose next answer the network loses after the service answered it (set by a test). */
let loseNextAnswerOf: string | undefined;
async function recordingFetch(request: Request): Promise<Response> {
  sent.push(request.clone());
  const response = await fetch(request);
  if (loseNextAnswerOf && new URL(request.url).pathname === loseNextAnswerOf) {
    loseNextAnswerOf = undefined;
    await response.arrayBuffer();
    // What fetch throws when the connection drops: the service did the work, the app never heard.
    throw new TypeError('fetch failed (the answer was lost)');
  }
  return response;
}

let buyer: Awaited<ReturnType<typeof signedIn>>;
let api: MarketplaceClient;

beforeAll(async () => {
  // `npm start`'s demo data: the seed is safe to run again.
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await seedDemo();
  } finally {
    log.mockRestore();
  }
  const account = demo('acheteur');
  buyer = await signedIn(account.email, account.password);
  api = createMarketplaceClient({ baseUrl: BASE, getIdToken: () => buyer.auth.currentUser?.getIdToken(), language: 'en', fetch: recordingFetch });
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
});

/** The local FeexPay where the emulator's settings point, calling our webhook back through Hosting, while `run` runs. */
async function withFeexPaySandbox<T>(run: () => Promise<T>): Promise<T> {
  const { FeexPaySandbox } = await import('../../functions/src/dev/feexpay-sandbox');
  const secret = encodeURIComponent(emulatorSetting('FEEXPAY_CALLBACK_SECRET'));
  const sandbox = new FeexPaySandbox({
    port: Number(new URL(emulatorSetting('FEEXPAY_BASE_URL')).port),
    token: emulatorSetting('FEEXPAY_API_TOKEN'),
    // The payer confirms on its telephone 2 s later: a start sent again meanwhile still finds the purchase awaiting payment.
    delayMs: 2000,
    webhookUrl: `${BASE}/api/payments/webhook?secret=${secret}`,
  });
  await sandbox.start();
  try {
    return await run();
  } finally {
    await sandbox.stop();
  }
}

/** The demo seller's listing of this title, found as a buyer searches the catalog. */
async function findListing(titre: string) {
  const found = await api.GET('/api/public/articles', { params: { query: { type: 'voiture', limit: 50 } } });
  const listing = found.data.find((article) => article.titre === titre);
  expect(listing).toBeDefined();
  return listing!;
}

/** Buys the listing for shipping abroad and pays it by mobile money; the purchase and its payment. */
async function buyAndPay(articleId: string) {
  const achat = (await api.POST('/api/achat', { body: { articleId, modeLivraison: 'transit', paysDestination: 'NG' } })).data;
  expect(achat).toMatchObject({ articleId, statut: 'en_attente_paiement', paymentId: null });
  // A paying number of this file's own (PAYMENT_RATE_LIMIT_PER_TELEPHONE counts per number across the group's files).
  const body = { type: 'achat' as const, montant: achat.total, metadata: { achatId: achat.id }, telephone: '+2290197000036' };
  const payment = await withFeexPaySandbox(async () => {
    const started = (await api.POST('/api/payments/requesttopay/{network}', { params: { path: { network: 'MTN' } }, body })).data;
    // Settled by the sandbox's callback through Hosting: the payer's app polls the public status.
    const statut = await eventually(async () => {
      const { data } = await api.GET('/api/payments/public/status/{id}', { params: { path: { id: started.paymentId } } });
      return data.statut === 'pending' ? undefined : data.statut;
    }, 15_000, 200);
    return { ...started, statut };
  });
  // The purchase is paid once the payment's effect ran (the webhook's request, or the trigger after it).
  const paid = await eventually(async () => {
    const mine = await api.GET('/api/achat/mine');
    const current = mine.data.find((candidate) => candidate.id === achat.id);
    return current?.statut === 'payee' ? current : undefined;
  }, 15_000, 200);
  return { achat, payment, paid };
}

it('walks one purchase through the client: the demo buyer finds a listing, buys it, pays it, sees it paid', async () => {
  const me = await api.GET('/api/protected/me');
  expect(me.data).toMatchObject({ id: buyer.uid, role: 'acheteur', telephone: demo('acheteur').telephone });

  const listing = await findListing('Toyota Corolla 2012, climatisée');
  // The network loses the answer of the payment start: the client sends it again, with its key.
  loseNextAnswerOf = '/api/payments/requesttopay/MTN';
  const { achat, payment, paid } = await buyAndPay(listing.id);
  expect(achat).toMatchObject({ prix: 4_500_000, total: 4_500_000, modeLivraison: 'transit', paysDestination: 'NG' });
  expect(payment.statut).toBe('success');
  expect(paid).toMatchObject({ id: achat.id, statut: 'payee', paymentId: payment.paymentId });

  // Every call carried the buyer's token and the language. The payment start went twice with one
  // Idempotency-Key, and the service made one payment of it: the buyer is asked to pay once.
  const token = await buyer.auth.currentUser!.getIdToken();
  expect(sent.every((request) => request.headers.get('authorization') === `Bearer ${token}` && request.headers.get('accept-language') === 'en')).toBe(true);
  const starts = sent.filter((request) => request.url === `${BASE}/api/payments/requesttopay/MTN`);
  expect(starts).toHaveLength(2);
  const [key, again] = starts.map((request) => request.headers.get('idempotency-key'));
  expect(key).toMatch(/^[\w-]{8,100}$/);
  expect(again).toBe(key);
  const payments = (await api.GET('/api/payments', { params: { query: { limit: 100 } } })).data.filter((candidate) => candidate.metadata.achatId === achat.id);
  expect(payments.map(({ id, statut }) => ({ id, statut }))).toEqual([{ id: payment.paymentId, statut: 'success' }]);
  // Other calls carry no key.
  expect(sent.filter((request) => request.method === 'POST' && !request.url.includes('/api/payments/')).map((request) => request.headers.get('idempotency-key'))).toEqual([null]);
}, 90_000);

it('throws a non-2xx answer as an ApiError with its typed code, status, message and details', async () => {
  const error = await api.POST('/api/achat/{id}/cancel', { params: { path: { id: 'no-such-purchase' } } }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'ACHAT_NOT_FOUND', status: 404, message: 'Purchase not found.', requestId: expect.any(String) });
  // The code is one the document names for this operation, and the compiler knows it.
  if (!isApiError(error, 'ACHAT_NOT_FOUND', 'INVALID_TRANSITION')) throw error;
  const code: ErrorCodeOf<'POST /api/achat/{id}/cancel'> = error.code;
  expect(code).toBe('ACHAT_NOT_FOUND');

  const invalid = await api
    // @ts-expect-error a body the document refuses: the compiler says so, and so does the service
    .POST('/api/achat', { body: { articleId: 'x', modeLivraison: 'avion' } })
    .catch((caught: unknown) => caught);
  expect(invalid).toMatchObject({ code: 'VALIDATION_ERROR' satisfies ErrorCode, status: 400, details: expect.arrayContaining([expect.objectContaining({ field: 'body.modeLivraison' })]) });
});

it('tells the forwarder on its mission feed when the buyer of a paid vehicle chooses it', async () => {
  const forwarderAccount = demo('transitaire');
  const forwarder = await signedIn(forwarderAccount.email, forwarderAccount.password);
  const listing = await findListing('Honda Accord 2010');
  const { payment, paid } = await buyAndPay(listing.id);
  expect(payment.statut).toBe('success');
  expect(paid).toMatchObject({ statut: 'payee' });
  const chosen = (await api.GET('/api/transitaires')).data.find((candidate) => candidate.id === forwarder.uid);
  expect(chosen).toBeDefined();

  const updates: MissionUpdateEvent[] = [];
  const stop = listenToMissionFeed(forwarder.firestore, forwarder.uid, (event) => updates.push(event), { since: new Date(Date.now() - 1000) });
  try {
    await api.POST('/api/transit-missions/start', { body: { articleId: listing.id, paysDestination: 'NG' } });
    const selected = await api.POST('/api/transit-missions/select-transitaire', { body: { articleId: listing.id, transitaireId: forwarder.uid } });
    const heard = await eventually(async () => updates.find((event) => event.missionId === selected.data.id), 20_000, 100);
    expect(heard).toMatchObject({ event: 'transit-mission-update', missionId: selected.data.id, statut: 'en_cours', createdAt: expect.any(Date) });
  } finally {
    stop();
  }
}, 90_000);

it('follows the demo delivery’s courier and the demo chat room as the buyer', async () => {
  const [delivery] = (await api.GET('/api/deliveries')).data;
  expect(delivery).toMatchObject({ statut: 'en_cours' });
  const tracked: Array<DeliveryTracking | null> = [];
  const stopTracking = listenToDeliveryTracking(buyer.firestore, delivery.id, (tracking) => tracked.push(tracking));

  const [room] = (await api.GET('/api/chat/rooms')).data;
  const views: ChatMessageDocument[][] = [];
  const stopChat = listenToChatMessages(buyer.firestore, room.id, (messages) => views.push(messages));
  try {
    const position = await eventually(async () => tracked.find((tracking) => tracking?.position)?.position ?? undefined, 15_000, 100);
    expect(position).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(tracked.at(-1)).toMatchObject({ deliveryId: delivery.id, livreur: delivery.livreur });

    const texte = `Toujours disponible ? ${Date.now()}`;
    const posted = await api.POST('/api/chat/rooms/{id}/messages', { params: { path: { id: room.id } }, body: { texte } });
    const latest = await eventually(async () => views.find((messages) => messages[0]?.texte === texte), 15_000, 100);
    expect(latest?.[0]).toMatchObject({ id: posted.data.id, roomId: room.id, sender: buyer.uid, deleted: false, createdAt: expect.any(Date) });
    // The seed's two messages follow, newest first.
    expect(latest!.length).toBeGreaterThanOrEqual(3);
  } finally {
    stopTracking();
    stopChat();
  }
}, 60_000);
