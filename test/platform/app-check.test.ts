/**
 * App Check and the web dashboard (docs/api-conventions.md, "App Check"): "With
 * `FIREBASE_APP_CHECK_ENFORCED` on (the default; production), the apps' free actions and every
 * signed-in request need a valid `X-Firebase-AppCheck` token: without one, or with one that does not
 * verify, `401 APP_CHECK_FAILED`" and "the verified token's app says which app calls: a web app's
 * token makes the request the dashboard's, with its captcha and its session, whatever
 * `X-Client-Platform` says". Issue 32: "a bot that omits `X-Client-Platform: web` skips both the
 * captcha and the web session, while App Check tokens are sent by the client but checked by no route".
 * The tests use the local verifier (`APP_CHECK_DRIVER=local`) and the debug tokens of
 * test/helpers/app-check.ts, one per kind of app; a genuine token's acceptance by Firebase is left to a deployed project
 * (docs/platform-notes.md).
 */
import request from 'supertest';
import { z } from 'zod';
import { createApp } from '../../functions/src/app';
import { appCheckEnforced } from '../../functions/src/core/app-check';
import { config, reloadConfig } from '../../functions/src/core/config';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { ApiRouter, type DeclaredRoute } from '../../functions/src/core/http';
import { allRouters } from '../../functions/src/groups';
import { createLogin, createUser, newBeninNumber, syntheticEmailOf } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { APP_CHECK, appCheck } from '../helpers/app-check';
import { resetEmulators } from '../helpers/emulators';
import { FakePartner } from '../helpers/fake-partner';
import { asDeployed, restoreSettings, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
restoreSettingsAndClockAfterEach();
// The emulator's verifier: the debug tokens of test/helpers/app-check.ts, and nothing else.
beforeEach(() => useSettings({ APP_CHECK_DRIVER: 'local' }));

const enforced = () => useSettings({ FIREBASE_APP_CHECK_ENFORCED: 'true' });
const expectAppCheckFailed = (res: request.Response) =>
  expect([res.status, res.body.code, res.body.message]).toEqual([401, 'APP_CHECK_FAILED', 'Application non reconnue.']);
const codesSentTo = async (telephone: string) => (await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get()).size;

describe('enforced: the apps’ free actions need an attested app', () => {
  it('refuses a code request without a token, with a forged one or one of an app it does not know, and sends nothing', async () => {
    enforced();
    const buyer = await createUser('acheteur');
    const ask = async (headers: Record<string, string>) => (await api()).post('/api/push-otp/request').set(headers).send({ telephone: buyer.telephone });
    expectAppCheckFailed(await ask({}));
    expectAppCheckFailed(await ask({ 'X-Firebase-AppCheck': 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxOjE6YW5kcm9pZDp4In0.' }));
    expectAppCheckFailed(await ask({ 'X-Firebase-AppCheck': `${APP_CHECK.buyer}x` }));
    expect(await codesSentTo(buyer.telephone)).toBe(0);
    // The honest app: its token verifies, the code goes out.
    expect((await ask(appCheck('buyer'))).status).toBe(200);
    expect(await codesSentTo(buyer.telephone)).toBe(1);
  });

  it('takes a token again until it expires, as Firebase does: replay protection is not asked (docs/api-conventions.md, App Check)', async () => {
    enforced();
    const client = await api();
    for (let i = 0; i < 3; i += 1) expect((await client.get('/api/public/articles').set(appCheck('buyer'))).status).toBe(200);
  });

  it('refuses every signed-in request without a token; the apps’ tokens let theirs in', async () => {
    enforced();
    const seller = await createUser('vendeur');
    const me = async (headers: Record<string, string>) => (await api()).get('/api/protected/me').set(bearer(seller.token)).set(headers);
    expectAppCheckFailed(await me({}));
    expect((await me(appCheck('pro'))).status).toBe(200);
    expect((await me(appCheck('buyer'))).status).toBe(200);
  });

  it('leaves the partners’ callbacks, the documents and the public reads to anyone', async () => {
    enforced();
    const client = await api();
    expect((await client.get('/')).status).toBe(200);
    expect((await client.get('/api-docs.json')).status).toBe(200);
    expect((await client.get('/api/geo/countries')).status).toBe(200);
    expect((await client.post('/api/payments/webhook').send({})).body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('declares the attestation on every free action and every signed-in route, and the document says so', async () => {
    const routes = (await allRouters()).flatMap((router) => router.routes).filter((route): route is DeclaredRoute => route.kind !== 'raw');
    // The free actions: limited per address, per user or per account, or storing a file.
    const free = routes.filter((route) => route.rateLimit || route.userRateLimit || route.keyedRateLimit || route.upload);
    const signedIn = routes.filter((route) => route.access === 'token' || route.access === 'profile');
    const { needsAppCheck } = await import('../../functions/src/core/app-check');
    expect([...free, ...signedIn].filter((route) => !needsAppCheck(route)).map((route) => `${route.method} ${route.path}`)).toEqual([]);
    expect(routes.filter((route) => needsAppCheck(route) && route.access !== 'token' && route.access !== 'profile').map((route) => `${route.method} ${route.path}`).sort()).toEqual(
      [
        'get /api/public/articles',
        'get /api/public/articles/a-la-une',
        'get /api/public/articles/sponsorises',
        'post /api/delivery-zones/lookup',
        'post /api/delivery-zones/quote',
        'post /api/notifications/test',
        'post /api/push-otp/request',
        'post /api/push-otp/reset-password',
        'post /api/push-otp/verify-code',
        'post /api/upload/video',
        'post /api/views/:articleId',
      ].sort(),
    );
    const document = (await (await api()).get('/api-docs.json')).body;
    expect(document.components.securitySchemes.appCheck).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Firebase-AppCheck' }));
    expect(document.paths['/api/push-otp/request'].post.security).toEqual([{ appCheck: [] }]);
    expect(document.paths['/api/protected/me'].get.security).toEqual([{ bearer: [], appCheck: [] }]);
    expect(document.paths['/api/views/{articleId}'].post.security).toEqual([{ appCheck: [] }, { bearer: [], appCheck: [] }]);
    expect(document.paths['/api/payments/webhook'].post.security).toEqual([]);
  });
});

describe('the web dashboard is the app its token names, not a header', () => {
  it('asks a dashboard session of a web app’s token that leaves X-Client-Platform out', async () => {
    enforced();
    const admin = await createUser('admin');
    const users = async (headers: Record<string, string>) => (await api()).get('/api/users').set(bearer(admin.token)).set(headers);
    const missing = await users(appCheck('web'));
    expect([missing.status, missing.body.code]).toEqual([401, 'WEB_SESSION_REQUIRED']);
    // The honest dashboard: a session opened with its token, then its id on every request.
    const started = await (await api()).post('/api/auth/web-session').set(bearer(admin.token)).set(appCheck('web')).send({ userAgent: 'Firefox' });
    expect(started.status).toBe(201);
    expect((await users({ ...appCheck('web'), 'X-Web-Session-Id': started.body.data.sessionId })).status).toBe(200);
    // A mobile app's token needs no session; saying `web` with it asks one all the same.
    expect((await users(appCheck('pro'))).status).toBe(200);
    expect((await users({ ...appCheck('pro'), 'X-Client-Platform': 'web' })).body.code).toBe('WEB_SESSION_REQUIRED');
  });

  describe('the captcha of a web sign-up', () => {
    let provider: FakePartner;
    let url: string;
    beforeAll(async () => {
      provider = new FakePartner(() => ({ body: { success: true } }));
      url = await provider.start();
    });
    afterAll(() => provider.stop());

    async function signUp(headers: Record<string, string>) {
      const national = newBeninNumber();
      const login = await createLogin(syntheticEmailOf(national, 'buyer'));
      const res = await (await api())
        .post('/api/auth/register')
        .set(bearer(login.token))
        .set(headers)
        .send({ nom: 'Web', prenoms: 'Bot', telephone: `+229${national}`, pays: 'BJ', role: 'acheteur' });
      return { res, login };
    }

    it('is asked of a web app’s token that leaves X-Client-Platform out, and nothing is written without it', async () => {
      enforced();
      useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_VERIFY_URL: url });
      const { res, login } = await signUp(appCheck('web'));
      expect([res.status, res.body.code]).toEqual([403, 'CAPTCHA_FAILED']);
      expect((await db().collection(COLLECTIONS.users).doc(login.uid).get()).exists).toBe(false);
      expect((await signUp({ ...appCheck('web'), 'X-Captcha-Token': 'good-web' })).res.status).toBe(201);
      // The mobile apps pass no captcha: their attestation stands for it.
      const before = provider.requests.length;
      expect((await signUp(appCheck('buyer'))).res.status).toBe(201);
      expect(provider.requests.length).toBe(before);
    });

    it('refuses a sign-up without a token before anything: no captcha asked, no profile', async () => {
      enforced();
      useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_VERIFY_URL: url });
      const before = provider.requests.length;
      const { res, login } = await signUp({ 'X-Captcha-Token': 'good-1' });
      expectAppCheckFailed(res);
      expect(provider.requests.length).toBe(before);
      expect((await db().collection(COLLECTIONS.users).doc(login.uid).get()).exists).toBe(false);
    });
  });
});

describe('not enforced (the emulator, the tests): what is sent is still checked as production checks it', () => {
  it('lets a request without a token through, refuses a forged one, and takes a web app’s token for the dashboard', async () => {
    useSettings({ FIREBASE_APP_CHECK_ENFORCED: 'false' });
    const admin = await createUser('admin');
    const client = await api();
    expect((await client.get('/api/protected/me').set(bearer(admin.token))).status).toBe(200);
    expectAppCheckFailed(await client.get('/api/protected/me').set(bearer(admin.token)).set('X-Firebase-AppCheck', 'forged'));
    expect((await client.get('/api/protected/me').set(bearer(admin.token)).set(appCheck('web'))).body.code).toBe('WEB_SESSION_REQUIRED');
  });
});

describe('the switch (FIREBASE_APP_CHECK_ENFORCED, APP_CHECK_ENFORCED)', () => {
  it('is on in a deployed function and off elsewhere when unset; either name turns it, the contract’s first', () => {
    const both = (firebase?: string, plain?: string) => {
      process.env.FIREBASE_APP_CHECK_ENFORCED = firebase ?? '';
      process.env.APP_CHECK_ENFORCED = plain ?? '';
      if (firebase === undefined) delete process.env.FIREBASE_APP_CHECK_ENFORCED;
      if (plain === undefined) delete process.env.APP_CHECK_ENFORCED;
      reloadConfig();
      return appCheckEnforced();
    };
    // Recorded first, so that restoreSettings puts the test environment's values back.
    useSettings({ FIREBASE_APP_CHECK_ENFORCED: 'false', APP_CHECK_ENFORCED: 'false' });
    try {
      expect(both()).toBe(false);
      useSettings({ K_SERVICE: 'core', APP_CHECK_DRIVER: 'firebase' });
      expect(both()).toBe(true);
      expect(both(undefined, 'false')).toBe(false);
      expect(both('true', 'false')).toBe(true);
      useSettings({ FUNCTIONS_EMULATOR: 'true' });
      expect(both()).toBe(false);
      expect(both(undefined, 'true')).toBe(true);
    } finally {
      restoreSettings();
    }
  });
});

describe('the verifiers', () => {
  it('never runs the local verifier, whose debug tokens are published, in a deployed function', () => {
    asDeployed();
    expect(() => config()).toThrow(/APP_CHECK_DRIVER/);
    useSettings({ APP_CHECK_DRIVER: 'firebase' });
    expect(config().APP_CHECK_DRIVER).toBe('firebase');
  });

  it('refuses debug tokens that are not `token=app id` pairs', () => {
    useSettings({ APP_CHECK_DEBUG_TOKENS: 'short=1:1:android:a' });
    expect(() => config()).toThrow(/APP_CHECK_DEBUG_TOKENS/);
    useSettings({ APP_CHECK_DEBUG_TOKENS: 'a-long-enough-debug-token=not-an-app-id' });
    expect(() => config()).toThrow(/APP_CHECK_DEBUG_TOKENS/);
  });

  const attested = createApp([
    new ApiRouter().json({
      method: 'get',
      path: '/attested',
      operationId: 'getAttested',
      tags: ['Test'],
      summary: 'needs an attested app',
      access: 'public',
      appCheck: true,
      success: { description: 'ok', data: z.object({ ok: z.boolean() }) },
      handle: async () => ({ ok: true }),
    }),
  ]);

  it('lets everything through when not enforced', async () => {
    useSettings({ FIREBASE_APP_CHECK_ENFORCED: 'false' });
    expect((await request(attested).get('/attested')).status).toBe(200);
  });

  it('has Firebase refuse a missing or forged token, and the debug tokens too (only the local verifier knows them)', async () => {
    enforced();
    useSettings({ APP_CHECK_DRIVER: 'firebase' });
    expectAppCheckFailed(await request(attested).get('/attested'));
    expectAppCheckFailed(await request(attested).get('/attested').set('X-Firebase-AppCheck', 'eyJhbGciOiJub25lIn0.e30.'));
    expectAppCheckFailed(await request(attested).get('/attested').set(appCheck('buyer')));
  });
});
