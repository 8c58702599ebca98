/**
 * Limits keyed by what an attacker wants (docs/api-conventions.md, "Limits keyed by account"): "the
 * auth and code routes also count per telephone and per account, `AUTH_RATE_LIMIT_PER_ACCOUNT_MAX`
 * requests each in a window of `AUTH_RATE_LIMIT_WINDOW_MS`, whatever address they come from": a
 * per-IP count alone is reset at will by an attacker choosing its address (issue 32). Each test plays a
 * deployed function (Google's front end wrote the address), sends from a new address each time, and
 * sets the per-address limit and the codes' own throttles out of the way, so that only the count
 * per telephone or account can stop it.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createLogin, createUser, newBeninNumber, syntheticEmailOf, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { clearRateLimits, resetEmulators } from '../helpers/emulators';
import { expectLimited } from '../helpers/limits';
import { asDeployed, oneInstantPerTestInAWindow, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
beforeEach(clearRateLimits);
oneInstantPerTestInAWindow();
beforeEach(() => {
  useSettings({
    AUTH_RATE_LIMIT_ENABLED: 'true',
    AUTH_RATE_LIMIT_MAX: '100',
    AUTH_RATE_LIMIT_PER_ACCOUNT_MAX: '3',
    OTP_RESEND_INTERVAL_MS: '0',
    OTP_MAX_SENDS_PER_HOUR: '100',
    OTP_MAX_ATTEMPTS: '100',
    OTP_MAX_FAILED_PER_DAY: '100',
  });
  asDeployed();
});

let address = 0;
/** A new client address on every call: a fresh per-IP count each time. */
const anotherAddress = () => `198.18.${Math.floor((address += 1) / 250)}.${(address % 250) + 1}`;

const codesSentTo = async (telephone: string) => (await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get()).size;
const requestCode = async (body: Record<string, unknown>) => (await api()).post('/api/push-otp/request').set('X-Forwarded-For', anotherAddress()).send(body);
const WINDOW_SECONDS = 900;

describe('POST /api/push-otp/request: codes sent to one telephone', () => {
  it('sends at most AUTH_RATE_LIMIT_PER_ACCOUNT_MAX codes to one telephone, from any addresses and however it is written', async () => {
    const buyer = await createUser('acheteur');
    expect((await requestCode({ telephone: buyer.telephone })).status).toBe(200);
    expect((await requestCode({ telephone: buyer.national, pays: 'BJ' })).status).toBe(200);
    expect((await requestCode({ telephone: `00${buyer.telephone.slice(1)}` })).status).toBe(200);
    expectLimited(await requestCode({ telephone: buyer.telephone }), WINDOW_SECONDS);
    expect(await codesSentTo(buyer.telephone)).toBe(3);
    // Another telephone has its own count.
    const other = await createUser('acheteur');
    expect((await requestCode({ telephone: other.telephone })).status).toBe(200);
  });

  it('sends exactly the limit when the requests for one telephone arrive at once', async () => {
    useSettings({ AUTH_RATE_LIMIT_PER_ACCOUNT_MAX: '2' });
    const buyer = await createUser('acheteur');
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestCode({ telephone: buyer.telephone })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await codesSentTo(buyer.telephone)).toBe(2);
  });
});

describe('POST /api/push-otp/verify-code and reset-password: guesses of one account’s code', () => {
  it('counts every guess of one telephone’s code, from any address, against the same limit as its code requests', async () => {
    const buyer = await createUser('acheteur');
    expect((await requestCode({ telephone: buyer.telephone })).status).toBe(200);
    const guess = async (route: string, otp: string, extra: Record<string, unknown> = {}) =>
      (await api()).post(route).set('X-Forwarded-For', anotherAddress()).send({ telephone: buyer.telephone, otp, ...extra });
    expect((await guess('/api/push-otp/verify-code', '000000')).body.code).toBe('OTP_INVALID');
    expect((await guess('/api/push-otp/reset-password', '000001', { newPassword: 'Password-456' })).body.code).toBe('OTP_INVALID');
    expectLimited(await guess('/api/push-otp/verify-code', '000002'), WINDOW_SECONDS);
    // The refused guess never reached the code: two attempts are spent, not three.
    expect((await db().collection(COLLECTIONS.passwordResets).doc(`buyer_${buyer.telephone}`).get()).get('attempts')).toBe(2);
  });
});

describe('POST /api/auth/phone/request and /verify: one account’s proof', () => {
  const proof = async (user: TestUser, route: 'request' | 'verify') =>
    (await api()).post(`/api/auth/phone/${route}`).set(bearer(user.token)).set('X-Forwarded-For', anotherAddress()).send(route === 'verify' ? { otp: '000000' } : {});

  it('counts an account’s code requests and guesses together, from any addresses; another account goes on', async () => {
    const [seller, other] = await Promise.all([createUser('vendeur'), createUser('vendeur')]);
    expect((await proof(seller, 'request')).status).toBe(200);
    expect((await proof(seller, 'verify')).body.code).toBe('OTP_INVALID');
    expect((await proof(seller, 'request')).status).toBe(200);
    expectLimited(await proof(seller, 'verify'), WINDOW_SECONDS);
    expectLimited(await proof(seller, 'request'), WINDOW_SECONDS);
    expect(await codesSentTo(seller.telephone)).toBe(2);
    expect((await proof(other, 'request')).status).toBe(200);
  });

  it('counts the proof’s codes against the telephone, shared with the password reset’s: one number is not flooded through both', async () => {
    const buyer = await createUser('acheteur');
    expect((await requestCode({ telephone: buyer.telephone })).status).toBe(200);
    expect((await requestCode({ telephone: buyer.telephone })).status).toBe(200);
    expect((await proof(buyer, 'request')).status).toBe(200);
    expectLimited(await proof(buyer, 'request'), WINDOW_SECONDS);
    expect(await codesSentTo(buyer.telephone)).toBe(3);
  });
});

describe('POST /api/auth/register: one account’s sign-up', () => {
  it('counts the sign-ups of one account from any addresses', async () => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    const register = async () =>
      (await api())
        .post('/api/auth/register')
        .set(bearer(login.token))
        .set('X-Forwarded-For', anotherAddress())
        .send({ nom: 'Dossou', prenoms: 'Koffi', telephone: `+229${national}`, pays: 'BJ', role: 'acheteur' });
    expect((await register()).status).toBe(201);
    expect((await register()).body.code).toBe('ALREADY_REGISTERED');
    expect((await register()).body.code).toBe('ALREADY_REGISTERED');
    expectLimited(await register(), WINDOW_SECONDS);
  });
});

describe('the honest path', () => {
  it('resets a password from one phone under the default limits: a code, a check, the reset', async () => {
    useSettings({ AUTH_RATE_LIMIT_PER_ACCOUNT_MAX: '10', AUTH_RATE_LIMIT_MAX: '40' });
    const buyer = await createUser('acheteur');
    const from = '203.0.113.61';
    const client = await api();
    expect((await client.post('/api/push-otp/request').set('X-Forwarded-For', from).send({ telephone: buyer.telephone })).status).toBe(200);
    const sent = await db().collection(COLLECTIONS.localMessages).where('to', '==', buyer.telephone).get();
    const otp = sent.docs[0].get('code') as string;
    expect((await client.post('/api/push-otp/verify-code').set('X-Forwarded-For', from).send({ telephone: buyer.telephone, otp })).status).toBe(200);
    const reset = await client.post('/api/push-otp/reset-password').set('X-Forwarded-For', from).send({ telephone: buyer.telephone, otp, newPassword: 'Password-456' });
    expect(reset.body).toEqual({ success: true, data: { reset: true } });
  });
});
