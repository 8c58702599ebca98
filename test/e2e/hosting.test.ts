/**
 * Through the Hosting emulator and the Functions emulator, as the apps call the service: one base
 * URL, rewrites to the eight functions, the compiled code (functions/lib) running in the emulator.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogin, newBeninNumber, syntheticEmailOf } from '../helpers/accounts';
import { PROJECT_ID } from '../helpers/emulators';
import type { Role } from '../../functions/src/core/roles';
import { paymentEffect } from '../helpers/events';
import { eventually } from '../helpers/eventually';

const emulators = JSON.parse(readFileSync(join(__dirname, '..', '..', 'firebase.json'), 'utf8')).emulators;
const BASE = `http://${emulators.hosting.host}:${emulators.hosting.port}`;
const FUNCTIONS = `http://${emulators.functions.host}:${emulators.functions.port}/${PROJECT_ID}/europe-west1`;

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${BASE}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const E2E_PASSWORD = 'Password-123';

/** A provisioned account of the role, signed in: its uid, login email and the headers of its JSON calls. */
async function account(role: Role, national = newBeninNumber()) {
  const { provisionAccount } = await import('../../functions/src/domains/identity/provisioning');
  const { signIn } = await import('../helpers/accounts');
  const created = await provisionAccount({ telephone: `+229${national}`, password: E2E_PASSWORD, role, nom: 'E2E', prenoms: role });
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${await signIn(created.email, E2E_PASSWORD)}` };
  return { uid: created.uid, email: created.email, headers };
}

it('answers the health check at the base URL', async () => {
  const res = await call('/');
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, data: { service: 'vehicle-marketplace', status: 'ok' } });
});

it('signs up and reads the profile through Hosting', async () => {
  const national = newBeninNumber();
  const login = await createLogin(syntheticEmailOf(national, 'pro'));
  const headers = { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' };
  const register = await call('/api/auth/register', {
    method: 'POST',
    headers,
    body: JSON.stringify({ nom: 'Kiki', prenoms: 'Abiola', telephone: national, pays: 'BJ', role: 'vendeur' }),
  });
  expect(register.status).toBe(201);
  const me = await call('/api/protected/me', { headers });
  expect(me.status).toBe(200);
  expect(me.json).toMatchObject({ data: { id: login.uid, telephone: `+229${national}`, role: 'vendeur' } });
});

it('answers errors as ApiError bodies, localized, with a request id', async () => {
  const res = await call('/api/geo/normalize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify({ telephone: '123', pays: 'BJ', unknown: 1 }),
  });
  expect(res.status).toBe(400);
  expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Some fields are invalid.' });
  expect(res.headers.get('x-request-id')).toBeTruthy();
});

it('refuses malformed JSON with 400 before the function runs (the platform parses JSON bodies)', async () => {
  // Cloud Functions (and its emulator) parse JSON bodies before our code: a malformed body gets the
  // platform's 400, not our INVALID_JSON, which the in-process tests cover. See docs/platform-notes.md.
  const malformed = await call('/api/geo/normalize', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"telephone"' });
  expect(malformed.status).toBe(400);
});

it('enforces our body limit although the platform parsed the body', async () => {
  const res = await call('/api/geo/normalize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ telephone: 'x'.repeat(1024 * 1024 + 10) }),
  });
  expect(res.status).toBe(413);
  expect(res.json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
});

it.each([
  ['/api/tricycles/x', 'catalog'],
  ['/api/orders', 'commerce'],
  ['/api/deliveries/x/no-such-route', 'logistics'],
  ['/api/wallet/x', 'payments'],
  ['/api/transitaire-reviews/x', 'transit'],
  ['/api/transitaires/no-such-route', 'transit'],
  ['/api/demo-events/track', 'agents'],
  ['/api/admin/anything', 'admin'],
])('rewrites %s to the %s function, which answers NOT_FOUND for what it does not serve', async (path) => {
  const res = await call(path);
  expect(res.status).toBe(404);
  expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
});

it('serves delivery zones from the logistics function, without a token', async () => {
  const list = await call('/api/delivery-zones');
  expect(list.status).toBe(200);
  expect(list.json).toMatchObject({ success: true, data: expect.any(Array) });
  const lookup = await call('/api/delivery-zones/lookup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ latitude: -45, longitude: -120 }) });
  expect(lookup.status).toBe(404);
  expect(lookup.json).toMatchObject({ success: false, code: 'DELIVERY_ZONE_NOT_FOUND' });
});

it.each([
  '/api/no-such-route',
  '/api/articles/..%2F..%2Fusers',
  '/api/articles/%2e%2e/%2e%2e/users',
  '/no-such-page',
  '/404.html',
  '/api',
])('answers %s, which no prefix serves, with an ApiError NOT_FOUND, not Hosting’s HTML page', async (path) => {
  const res = await call(path, { headers: { 'Accept-Language': 'en' } });
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.json).toEqual({ success: false, code: 'NOT_FOUND', message: expect.any(String) });
  expect(res.headers.get('x-request-id')).toBeTruthy();
  // Hosting's CDN would keep a 404 for 10 minutes: the route might exist by then.
  expect(res.headers.get('cache-control')).toMatch(/no-store/);
});

it('serves the OpenAPI document and Swagger UI', async () => {
  const json = await call('/api-docs.json');
  expect(json.status).toBe(200);
  expect(json.json).toMatchObject({ openapi: '3.0.0' });
  const redirect = await call('/api-docs');
  expect(redirect.status).toBe(301);
  const page = await call('/api-docs/');
  expect(page.status).toBe(200);
  expect(page.text).toContain('swagger-ui');
  const css = await call('/api-docs/swagger-ui.css');
  expect(css.status).toBe(200);
});

it('serves the same routes on a direct call of the function URL', async () => {
  const res = await fetch(`${FUNCTIONS}/core/api/geo/countries`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Array<{ iso: string }> };
  expect(body.data.map((country) => country.iso)).toContain('BJ');
});

it('resets a password with a one-time code through Hosting (secrets and local drivers of the emulator)', async () => {
  const { db } = await import('../../functions/src/core/firebase');
  const { COLLECTIONS } = await import('../../functions/src/core/firestore');
  const national = newBeninNumber();
  const login = await createLogin(syntheticEmailOf(national, 'buyer'));
  const json = { 'Content-Type': 'application/json' };
  await call('/api/auth/register', {
    method: 'POST',
    headers: { ...json, Authorization: `Bearer ${login.token}` },
    body: JSON.stringify({ nom: 'Reset', prenoms: 'E2E', telephone: national, pays: 'BJ', role: 'acheteur' }),
  });
  const requested = await call('/api/push-otp/request', { method: 'POST', headers: json, body: JSON.stringify({ telephone: `+229${national}` }) });
  expect(requested.status).toBe(200);
  expect(requested.json).toMatchObject({ data: { channel: 'local' } });
  const [message] = (await db().collection(COLLECTIONS.localMessages).where('to', '==', `+229${national}`).get()).docs;
  const reset = await call('/api/push-otp/reset-password', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ telephone: `+229${national}`, otp: message.get('code'), newPassword: 'Nouveau-mdp-2026' }),
  });
  expect(reset.status).toBe(200);
  const { signIn } = await import('../helpers/accounts');
  await expect(signIn(syntheticEmailOf(national, 'buyer'), 'Nouveau-mdp-2026')).resolves.toEqual(expect.any(String));
});

it('publishes a listing and finds it in the public search through Hosting (catalog function)', async () => {
  const seller = await account('vendeur');
  const city = `E2E${Date.now()}`;
  const created = await call('/api/articles', {
    method: 'POST',
    headers: seller.headers,
    body: JSON.stringify({ type: 'moto', titre: 'Moto de test E2E', prix: 500_000, pays: 'BJ', ville: city }),
  });
  expect(created.status).toBe(201);
  const found = await call(`/api/public/articles?ville=${city}`);
  expect(found.status).toBe(200);
  expect((found.json?.data as Array<{ id: string }>).map((article) => article.id)).toEqual([(created.json?.data as { id: string }).id]);
});

/** `read`'s value once set, waiting 10 s at most. */
const within = <T>(read: () => Promise<T | undefined>) => eventually(read, 10_000, 100);

/** Polls the public status route until the payment leaves `pending` (10 s at most). */
async function finalStatus(paymentId: string): Promise<string> {
  const settled = async () => {
    const { statut } = (await call(`/api/payments/public/status/${paymentId}`)).json?.data as { statut: string };
    return statut === 'pending' ? undefined : statut;
  };
  return (await eventually(settled, 10_000, 200)) ?? 'pending';
}

/**
 * The FeexPay sandbox where the emulator's settings point (functions/.env.demo-marketplace: port
 * 8787, and payment links calling our webhook through Hosting), calling back through Hosting, while `run` runs.
 */
async function withFeexPaySandbox(run: () => Promise<void>): Promise<void> {
  const { FeexPaySandbox } = await import('../../functions/src/dev/feexpay-sandbox');
  const sandbox = new FeexPaySandbox({ port: 8787, token: 'local-feexpay-token', delayMs: 200, webhookUrl: `${BASE}/api/payments/webhook?secret=local-callback-secret` });
  await sandbox.start();
  try {
    await run();
  } finally {
    await sandbox.stop();
  }
}

/** Pays by mobile money through Hosting, then waits for the sandbox's callback to settle the payment; its id and final status. */
async function payThroughHosting(headers: Record<string, string>, purpose: Record<string, unknown>, telephone: string) {
  const started = await call('/api/payments/requesttopay/MTN', { method: 'POST', headers, body: JSON.stringify({ ...purpose, telephone }) });
  expect(started.status).toBe(201);
  const paymentId = (started.json?.data as { paymentId: string }).paymentId;
  return { paymentId, statut: await finalStatus(paymentId) };
}


it('takes a mobile money payment end to end: sandbox, callback through Hosting, effect', async () => {
  await withFeexPaySandbox(async () => {
    const national = newBeninNumber();
    const { headers: auth } = await account('vendeur', national);
    const { paymentId, statut } = await payThroughHosting(auth, { type: 'abonnement', montant: 10_000, metadata: { months: '2' } }, `+229${national}`);
    expect(statut).toBe('success');
    expect(await within(async () => ((await paymentEffect(paymentId, 'subscriptions.credit')) === 'done' ? 'done' : undefined))).toBe('done');
    const subscription = await call('/api/payments/subscriptions/me', { headers: auth });
    expect(subscription.json?.data).toEqual([expect.objectContaining({ kind: 'vendeur', active: true, expiresAt: expect.any(String) })]);
  });
});

it('settles a payment link through its callback to the webhook, like the other methods', async () => {
  await withFeexPaySandbox(async () => {
    const { headers: auth } = await account('vendeur');
    const started = await call('/api/payments/init', { method: 'POST', headers: auth, body: JSON.stringify({ type: 'abonnement', montant: 5000, metadata: { months: '1' } }) });
    expect(started.status).toBe(201);
    const paymentId = (started.json?.data as { paymentId: string }).paymentId;
    expect(await finalStatus(paymentId)).toBe('success');
    // The status commits first; the effect follows within the webhook's request (or the trigger).
    expect(await within(async () => ((await paymentEffect(paymentId, 'subscriptions.credit')) === 'done' ? 'done' : undefined))).toBe('done');
  });
});

it('delivers transit-mission-update to the forwarder’s listener: route -> trigger -> feed -> client SDK', async () => {
  const { initializeApp, deleteApp } = await import('firebase/app');
  const { connectAuthEmulator, getAuth, signInWithEmailAndPassword } = await import('firebase/auth');
  const { collection, connectFirestoreEmulator, getFirestore, onSnapshot } = await import('firebase/firestore');
  const { db } = await import('../../functions/src/core/firebase');
  const { COLLECTIONS } = await import('../../functions/src/core/firestore');

  const [buyer, seller, forwarderAccount] = [await account('acheteur'), await account('vendeur'), await account('transitaire')];
  // The transit domain's file decides; the profile holds identity's copy of its status.
  await db().collection(COLLECTIONS.transitaireVerifications).doc(forwarderAccount.uid).set({ statut: 'approved' });
  await db().collection(COLLECTIONS.users).doc(forwarderAccount.uid).update({ transitaireVerification: { statut: 'approved' } });
  await db().collection(COLLECTIONS.subscriptions).doc(`${forwarderAccount.uid}_transitaire`).set({ uid: forwarderAccount.uid, kind: 'transitaire', expiresAt: new Date(Date.now() + 86_400_000) });
  const [sellerAuth, buyerAuth] = [seller.headers, buyer.headers];
  const listing = await call('/api/articles', { method: 'POST', headers: sellerAuth, body: JSON.stringify({ type: 'voiture', titre: 'Realtime car', prix: 3_000_000, pays: 'BJ', ville: 'Cotonou' }) });
  const articleId = (listing.json?.data as { id: string }).id;
  // A journey needs the vehicle bought and paid: a transit purchase, paid by mobile money through the sandbox.
  await withFeexPaySandbox(async () => {
    const achat = await call('/api/achat', { method: 'POST', headers: buyerAuth, body: JSON.stringify({ articleId, modeLivraison: 'transit', paysDestination: 'NG' }) });
    expect(achat.status).toBe(201);
    const purpose = { type: 'achat', montant: 3_000_000, metadata: { achatId: (achat.json?.data as { id: string }).id } };
    const { paymentId, statut } = await payThroughHosting(buyerAuth, purpose, '+2290197000005');
    expect(statut).toBe('success');
    // The status commits first; the purchase is paid by the effect that follows (as above).
    expect(await within(async () => ((await paymentEffect(paymentId, 'commerce.achat_paid')) === 'done' ? 'done' : undefined))).toBe('done');
  });
  const started = await call('/api/transit-missions/start', { method: 'POST', headers: buyerAuth, body: JSON.stringify({ articleId, paysDestination: 'NG' }) });
  expect(started.status).toBe(200);

  // The forwarder's app: the client SDK, signed in, listening to its feed.
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `forwarder-${Date.now()}`);
  const clientAuth = getAuth(app);
  connectAuthEmulator(clientAuth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  const firestore = getFirestore(app);
  const [host, port] = String(process.env.FIRESTORE_EMULATOR_HOST).split(':');
  connectFirestoreEmulator(firestore, host, Number(port));
  await signInWithEmailAndPassword(clientAuth, forwarderAccount.email, E2E_PASSWORD);
  const received = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no realtime event within 20 s')), 20_000);
    const stop = onSnapshot(
      collection(firestore, 'users', forwarderAccount.uid, 'realtime'),
      (snapshot) => {
        const added = snapshot.docChanges().find((change) => change.type === 'added');
        if (added) {
          clearTimeout(timer);
          stop();
          resolve(added.doc.data());
        }
      },
      reject,
    );
  });
  try {
    const selected = await call('/api/transit-missions/select-transitaire', { method: 'POST', headers: buyerAuth, body: JSON.stringify({ articleId, transitaireId: forwarderAccount.uid }) });
    expect(selected.status).toBe(200);
    const missionId = (selected.json?.data as { id: string }).id;
    expect(await received).toMatchObject({ event: 'transit-mission-update', missionId, statut: 'en_cours' });
  } finally {
    await deleteApp(app);
  }
}, 60_000);

it('delivers an admin broadcast through the task queue: route -> Cloud Tasks -> sendAdminMessage -> notifications', async () => {
  const { db } = await import('../../functions/src/core/firebase');
  const { COLLECTIONS } = await import('../../functions/src/core/firestore');
  const [{ headers }, courier] = [await account('admin'), await account('livreur')];
  const posted = await call('/api/notifications/admin-messages', {
    method: 'POST',
    headers,
    body: JSON.stringify({ audience: 'livreur', fr: { title: 'Tournées', body: 'Nouvelle zone ouverte à Porto-Novo.' } }),
  });
  expect(posted.status).toBe(201);
  const messageId = (posted.json?.data as { id: string }).id;

  const message = db().collection(COLLECTIONS.adminMessages).doc(messageId);
  const deadline = Date.now() + 20_000;
  while ((await message.get()).get('statut') === 'sending' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  expect((await message.get()).data()).toMatchObject({ statut: 'sent', recipients: expect.any(Number) });
  const inbox = await call('/api/notifications', { headers: courier.headers });
  expect(inbox.json?.data).toEqual([expect.objectContaining({ type: 'admin_message', title: 'Tournées', resource: { kind: 'adminMessage', id: messageId } })]);
  const history = await call('/api/notifications/admin-messages/history', { headers });
  expect((history.json?.data as Array<{ id: string }>)[0]).toMatchObject({ id: messageId, statut: 'sent' });
}, 60_000);

it('keeps a demonstration session across a token refresh: the refreshed token is deduplicated, a new sign-in is a new session', async () => {
  const buyer = await account('acheteur');
  const authHost = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
  const aSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));
  // auth_time has a second's precision: the helper's sign-in and this one are a second apart.
  await aSecond();
  // As the apps do: a sign-in with the API key (the emulator's default project is this group's), then a refresh.
  const signedIn = (await (
    await fetch(`${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: buyer.email, password: E2E_PASSWORD, returnSecureToken: true }),
    })
  ).json()) as { idToken: string; refreshToken: string };
  await aSecond();
  const refreshed = (await (
    await fetch(`${authHost}/securetoken.googleapis.com/v1/token?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: signedIn.refreshToken }).toString(),
    })
  ).json()) as { id_token: string };
  expect(refreshed.id_token).toEqual(expect.any(String));
  expect(refreshed.id_token).not.toBe(signedIn.idToken);

  const track = async (token: string) => {
    const res = await call('/api/demo-events/track', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ eventType: 'listing_opened_une' }) });
    expect(res.status).toBe(200);
    return res.json?.data as { status: string; sessionKey: string };
  };
  const first = await track(signedIn.idToken);
  expect(first.status).toBe('recorded');
  expect(await track(refreshed.id_token)).toEqual(expect.objectContaining({ status: 'deduplicated', sessionKey: first.sessionKey }));
  // The account helper's own sign-in, a second earlier or later, is another session.
  const other = await track(buyer.headers.Authorization.slice('Bearer '.length));
  expect(other.sessionKey).not.toBe(first.sessionKey);
  expect(other.status).toBe('recorded');
});

it('limits the 41st sign-up through Hosting although each came with a made-up X-Forwarded-For (the emulators add no entry)', async () => {
  const { clearRateLimits } = await import('../helpers/emulators');
  await clearRateLimits();
  try {
    const seen: number[] = [];
    for (let i = 0; i < 41; i += 1) {
      const res = await call('/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.0.${i + 1}` },
        body: '{}',
      });
      seen.push(res.status);
    }
    expect(seen.slice(0, 40).every((status) => status === 401)).toBe(true);
    expect(seen[40]).toBe(429);
  } finally {
    // The count is the whole machine's here: later auth calls of this run must not meet it.
    await clearRateLimits();
  }
}, 60_000);
