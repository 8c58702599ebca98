/**
 * Captcha on registrations from the web client, against a local server that answers like each
 * provider's siteverify endpoint. Fails closed.
 */
import { createLogin, newBeninNumber, syntheticEmailOf, userDocument } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { FakePartner, type PartnerRequest } from '../helpers/fake-partner';
import { asDeployed, restoreSettings, useSettings } from '../helpers/settings';

let provider: FakePartner;
let url: string;
const used = new Set<string>();

/** Like Turnstile and hCaptcha: a token is good once; `good-*` tokens are good. */
function siteverify(request: PartnerRequest) {
  const form = new URLSearchParams(request.body);
  const token = form.get('response') ?? '';
  if (form.get('secret') !== 'test-captcha-secret') return { body: { success: false, 'error-codes': ['invalid-input-secret'] } };
  if (used.has(token)) return { body: { success: false, 'error-codes': ['timeout-or-duplicate'] } };
  used.add(token);
  return { body: { success: token.startsWith('good-'), 'error-codes': [] } };
}

beforeAll(async () => {
  await resetEmulators();
  provider = new FakePartner(siteverify);
  url = await provider.start();
});
afterAll(() => provider.stop());
afterEach(() => {
  provider.answer(siteverify);
  restoreSettings();
});

async function webRegister(captchaToken?: string, web = true, forwardedFor = '203.0.113.20') {
  const national = newBeninNumber();
  const login = await createLogin(syntheticEmailOf(national, 'buyer'));
  let call = (await api())
    .post('/api/auth/register')
    .set(bearer(login.token))
    .set('X-Forwarded-For', forwardedFor);
  if (web) call = call.set('X-Client-Platform', 'web');
  if (captchaToken) call = call.set('X-Captcha-Token', captchaToken);
  const res = await call.send({ nom: 'Web', prenoms: 'User', telephone: `+229${national}`, pays: 'BJ', role: 'acheteur' });
  return { res, uid: login.uid };
}

const expectRefused = async ({ res, uid }: Awaited<ReturnType<typeof webRegister>>) => {
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('CAPTCHA_FAILED');
  expect(await userDocument(uid)).toBeUndefined();
};

it('registers a web client with a good Turnstile token, sending secret, token and client IP', async () => {
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_VERIFY_URL: url });
  asDeployed(); // the client IP the captcha provider gets is the one Google's front end appended
  const { res } = await webRegister('good-1');
  expect(res.status).toBe(201);
  const form = new URLSearchParams(provider.requests.at(-1)!.body);
  expect(Object.fromEntries(form)).toEqual({ secret: 'test-captcha-secret', response: 'good-1', remoteip: '203.0.113.20' });
});

it('tells the provider no address behind Hosting’s edge, where the client’s is unknown, rather than the edge’s', async () => {
  // docs/api-conventions.md, Client addresses: the entry left of an edge address may be anyone's; the provider
  // takes the address as an optional hint, and a wrong one would only mislead it.
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_VERIFY_URL: url });
  asDeployed();
  const { res } = await webRegister('good-edge', true, '203.0.113.20, 151.101.1.195');
  expect(res.status).toBe(201);
  expect(Object.fromEntries(new URLSearchParams(provider.requests.at(-1)!.body))).toEqual({ secret: 'test-captcha-secret', response: 'good-edge' });
});

it('refuses a missing, bad or replayed token', async () => {
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_VERIFY_URL: url });
  await expectRefused(await webRegister());
  await expectRefused(await webRegister('bad-1'));
  expect((await webRegister('good-2')).res.status).toBe(201);
  await expectRefused(await webRegister('good-2'));
});

it('fails closed on a timeout, a garbled reply, an error status or an unreachable provider', async () => {
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_VERIFY_URL: url, CAPTCHA_TIMEOUT_MS: '300' });
  provider.answer(() => ({ body: { success: true }, delayMs: 1000 }));
  await expectRefused(await webRegister('good-3'));
  provider.answer(() => ({ body: 'not json' }));
  await expectRefused(await webRegister('good-4'));
  provider.answer(() => ({ status: 500, body: { success: true } }));
  await expectRefused(await webRegister('good-5'));
  useSettings({ CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
  await expectRefused(await webRegister('good-6'));
});

it('accepts hCaptcha successes', async () => {
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_VERIFY_URL: url });
  expect((await webRegister('good-7')).res.status).toBe(201);
});

it('applies the minimum score of reCAPTCHA v3', async () => {
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_VERIFY_URL: url, CAPTCHA_MIN_SCORE: '0.5' });
  provider.answer(() => ({ body: { success: true, score: 0.3, action: 'register' } }));
  await expectRefused(await webRegister('good-8'));
  provider.answer(() => ({ body: { success: true, score: 0.9, action: 'register' } }));
  expect((await webRegister('good-9')).res.status).toBe(201);
  provider.answer(() => ({ body: { success: true } }));
  await expectRefused(await webRegister('good-10'));
});

it('asks nothing of the mobile apps, nor of the web when the captcha is off', async () => {
  useSettings({ CAPTCHA_ENABLED: 'true', CAPTCHA_VERIFY_URL: url });
  const before = provider.requests.length;
  expect((await webRegister(undefined, false)).res.status).toBe(201);
  useSettings({ CAPTCHA_ENABLED: 'false' });
  expect((await webRegister()).res.status).toBe(201);
  expect(provider.requests.length).toBe(before);
});
