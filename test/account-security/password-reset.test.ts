/** /api/push-otp: one-time codes over the messaging channel, and every refusal. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, PASSWORD, signIn, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';
import { pushesTo, registerDevice } from '../helpers/pushes';

beforeAll(resetEmulators);
restoreSettingsAndClockAfterEach();

/** The code the local channel recorded for this number, newest first. */
async function lastCode(telephone: string): Promise<string> {
  const sent = await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get();
  const newest = sent.docs.map((doc) => doc.data()).sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
  return newest.code as string;
}

const resetDoc = async (user: TestUser, app = 'buyer') =>
  (await db().collection(COLLECTIONS.passwordResets).doc(`${app}_${user.telephone}`).get()).data();

async function requestCode(telephone: string, extra: Record<string, unknown> = {}) {
  return (await api()).post('/api/push-otp/request').send({ telephone, ...extra });
}

describe('POST /api/push-otp/request', () => {
  it('sends a 6-digit code and stores only its HMAC', async () => {
    const buyer = await createUser('acheteur');
    const res = await requestCode(buyer.telephone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { channel: 'local', expiresInSeconds: 600 } });
    const code = await lastCode(buyer.telephone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await resetDoc(buyer);
    expect(stored).toMatchObject({ uid: buyer.uid, attempts: 0, maxAttempts: 5, status: 'pending', codeHmac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(res.body)).not.toContain(code);
  });

  it('answers USER_NOT_FOUND for a number without account', async () => {
    const res = await requestCode('+2290199123456');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
  });

  it('asks which app when the number has an account on each: APP_REQUIRED', async () => {
    const buyer = await createUser('acheteur');
    // The same number signs up on the pro app too.
    const { provisionAccount } = await import('../../functions/src/domains/identity/provisioning');
    await provisionAccount({ telephone: buyer.telephone, password: PASSWORD, role: 'vendeur', nom: 'Deux', prenoms: 'Comptes' });
    const res = await requestCode(buyer.telephone);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('APP_REQUIRED');
    const pro = await requestCode(buyer.telephone, { app: 'pro' });
    expect(pro.status).toBe(200);
    expect(await resetDoc(buyer, 'pro')).toMatchObject({ app: 'pro' });
  });

  it('throttles resends: one a minute, five an hour', async () => {
    const move = frozenClock();
    const buyer = await createUser('acheteur');
    expect((await requestCode(buyer.telephone)).status).toBe(200);
    const tooSoon = await requestCode(buyer.telephone);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('OTP_THROTTLED');
    for (let i = 0; i < 4; i += 1) {
      move(61_000);
      expect((await requestCode(buyer.telephone)).status).toBe(200);
    }
    move(61_000);
    expect((await requestCode(buyer.telephone)).body.code).toBe('OTP_THROTTLED');
    move(60 * 60 * 1000);
    expect((await requestCode(buyer.telephone)).status).toBe(200);
  });

  it('refuses a blocked account', async () => {
    const buyer = await createUser('acheteur');
    await db().collection(COLLECTIONS.users).doc(buyer.uid).update({ isBlocked: true });
    const res = await requestCode(buyer.telephone);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('USER_BLOCKED');
  });

  it.each([[{}], [{ telephone: 12 }], [{ telephone: '+2290190000001', app: 'web' }], [{ telephone: '+2290190000001', email: 'x@y.z' }]])(
    'refuses %j with VALIDATION_ERROR',
    async (payload) => {
      const res = await (await api()).post('/api/push-otp/request').send(payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    },
  );
});

describe('POST /api/push-otp/verify-code and /reset-password', () => {
  it('accepts the right code without using it, then resets the password once', async () => {
    const buyer = await createUser('acheteur');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation is recorded to the second
    await requestCode(buyer.telephone);
    const code = await lastCode(buyer.telephone);
    const client = await api();
    const verify = await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: code });
    expect(verify.body).toEqual({ success: true, data: { valid: true } });

    const reset = await client.post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: code, newPassword: 'Nouveau-mdp-2026' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, data: { reset: true } });
    await expect(signIn(buyer.email, 'Nouveau-mdp-2026')).resolves.toEqual(expect.any(String));
    await expect(signIn(buyer.email, PASSWORD)).rejects.toThrow();
    // Every session of the account ends: the old token is revoked.
    expect((await client.get('/api/protected/me').set(bearer(buyer.token))).status).toBe(401);

    const again = await client.post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: code, newPassword: 'Encore-un-mdp-1' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('OTP_USED');
    await expect(signIn(buyer.email, 'Encore-un-mdp-1')).rejects.toThrow();
  });

  it('notifies the devices of the account that its password changed', async () => {
    const seller = await createUser('vendeur');
    const token = `device-of-${seller.uid}-${'x'.repeat(20)}`;
    await (await api()).post('/api/users/me/push-tokens').set(bearer(seller.token)).send({ token, platform: 'android' });
    await requestCode(seller.telephone);
    const code = await lastCode(seller.telephone);
    await (await api()).post('/api/push-otp/reset-password').send({ telephone: seller.telephone, otp: code, newPassword: 'Nouveau-mdp-2026' });
    expect((await pushesTo(token)).map((push) => push.data?.type)).toEqual(['password_changed']);
  });

  it('refuses a short password without using the code: PASSWORD_TOO_SHORT', async () => {
    const buyer = await createUser('acheteur');
    await requestCode(buyer.telephone);
    const code = await lastCode(buyer.telephone);
    const res = await (await api()).post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: code, newPassword: 'short7!' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_TOO_SHORT');
    expect(await resetDoc(buyer)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('counts a wrong code as an attempt: OTP_INVALID', async () => {
    const buyer = await createUser('acheteur');
    await requestCode(buyer.telephone);
    const code = await lastCode(buyer.telephone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await (await api()).post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: wrong });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OTP_INVALID');
    expect(await resetDoc(buyer)).toMatchObject({ attempts: 1, status: 'pending' });
  });

  it('refuses an expired code: OTP_EXPIRED', async () => {
    const move = frozenClock();
    const buyer = await createUser('acheteur');
    await requestCode(buyer.telephone);
    const code = await lastCode(buyer.telephone);
    move(10 * 60 * 1000 + 1);
    const res = await (await api()).post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OTP_EXPIRED');
  });

  it('replaces the previous code with a new request', async () => {
    const move = frozenClock();
    const buyer = await createUser('acheteur');
    await requestCode(buyer.telephone);
    const first = await lastCode(buyer.telephone);
    move(61_000);
    await requestCode(buyer.telephone);
    const second = await lastCode(buyer.telephone);
    const client = await api();
    if (first !== second) {
      expect((await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: first })).body.code).toBe('OTP_INVALID');
    }
    expect((await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: second })).status).toBe(200);
  });

  it('locks the code after the maximum attempts, even for parallel guesses and the right code', async () => {
    const buyer = await createUser('acheteur');
    await requestCode(buyer.telephone);
    const code = await lastCode(buyer.telephone);
    const wrongs = Array.from({ length: 8 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const client = await api();
    const answers = await Promise.all(wrongs.map((otp) => client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp })));
    const codes = answers.map((res) => res.body.code).sort();
    expect(codes).toEqual([...Array(5).fill('OTP_INVALID'), ...Array(3).fill('OTP_LOCKED')]);
    expect(await resetDoc(buyer)).toMatchObject({ attempts: 5, status: 'locked' });
    const right = await client.post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: code, newPassword: 'Nouveau-mdp-2026' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('OTP_LOCKED');
  });

  it('refuses a code without request, and malformed codes', async () => {
    const buyer = await createUser('acheteur');
    const client = await api();
    const none = await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: '123456' });
    expect(none.body.code).toBe('OTP_INVALID');
    for (const otp of ['12ab56', '', 123456]) {
      const res = await client.post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp });
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('daily cap of failed codes per account', () => {
  const verify = async (telephone: string, otp: string) => (await api()).post('/api/push-otp/verify-code').send({ telephone, otp });
  const wrongFor = (code: string, i: number) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');
  const notices = async (uid: string) =>
    (await db().collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.notifications).where('type', '==', 'password_reset_blocked').get()).docs;

  it('refuses reset for the rest of the business day after OTP_MAX_FAILED_PER_DAY wrong codes across codes, and tells the devices once', async () => {
    // 23:20 in Porto-Novo (UTC+1): the next business day starts 40 minutes later, on the same UTC date.
    const move = frozenClock(new Date('2026-11-20T22:20:00Z'));
    const buyer = await createUser('acheteur');
    const pushes = await registerDevice(buyer);
    const statuses: string[] = [];
    // Wrong guesses count per account and day, across codes: counted per code, each new code would
    // start from zero, 5 codes x 5 guesses an hour.
    for (const guesses of [5, 4, 1]) {
      await requestCode(buyer.telephone);
      const code = await lastCode(buyer.telephone);
      for (let i = 0; i < guesses; i += 1) statuses.push((await verify(buyer.telephone, wrongFor(code, i))).body.code);
      move(61_000);
    }
    expect(statuses).toEqual(Array(10).fill('OTP_INVALID'));
    expect(await resetDoc(buyer)).toMatchObject({ failedDay: '2026-11-20', failedToday: 10 });

    // The last code is still pending and right, but nothing more is accepted today.
    const right = await lastCode(buyer.telephone);
    for (const refused of [
      await verify(buyer.telephone, right),
      await (await api()).post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: right, newPassword: 'Nouveau-mdp-2026' }),
      await requestCode(buyer.telephone),
      await (await api()).post('/api/push-otp/reset-password').set('Accept-Language', 'en').send({ telephone: buyer.telephone, otp: right, newPassword: 'Nouveau-mdp-2026' }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('OTP_DAILY_LIMIT');
    }
    await expect(signIn(buyer.email, PASSWORD)).resolves.toEqual(expect.any(String));
    expect((await (await api()).post('/api/push-otp/verify-code').set('Accept-Language', 'en').send({ telephone: buyer.telephone, otp: right })).body.message).toBe(
      'Too many wrong codes today: password reset is blocked until tomorrow.',
    );

    // One notice, in the app and on the device, however many refusals followed.
    expect(await notices(buyer.uid)).toHaveLength(1);
    expect((await pushes()).filter((push) => push.data?.type === 'password_reset_blocked')).toHaveLength(1);

    // 00:10 the next business day (still 2026-11-20 in UTC): a new code works.
    move(47 * 60_000);
    expect((await requestCode(buyer.telephone)).status).toBe(200);
    const fresh = await lastCode(buyer.telephone);
    const reset = await (await api()).post('/api/push-otp/reset-password').send({ telephone: buyer.telephone, otp: fresh, newPassword: 'Nouveau-mdp-2026' });
    expect(reset.status).toBe(200);
  });

  it('counts parallel wrong guesses in a transaction: never more than the cap, one notice', async () => {
    useSettings({ OTP_MAX_ATTEMPTS: '50', OTP_MAX_FAILED_PER_DAY: '10' });
    const buyer = await createUser('acheteur');
    const pushes = await registerDevice(buyer);
    await requestCode(buyer.telephone);
    const code = await lastCode(buyer.telephone);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => verify(buyer.telephone, wrongFor(code, i))));
    expect(answers.map((res) => res.body.code).sort()).toEqual([...Array(6).fill('OTP_DAILY_LIMIT'), ...Array(10).fill('OTP_INVALID')]);
    expect(await resetDoc(buyer)).toMatchObject({ failedToday: 10 });
    expect(await notices(buyer.uid)).toHaveLength(1);
    expect((await pushes()).filter((push) => push.data?.type === 'password_reset_blocked')).toHaveLength(1);
  });
});

describe('delivery failures', () => {
  it('falls back to a push carrying the code when the channel fails, or answers OTP_DELIVERY_FAILED', async () => {
    // A messaging platform that cannot be reached.
    useSettings({ MESSAGING_DRIVER: 'whatsapp', WHATSAPP_API_BASE_URL: 'http://127.0.0.1:9', WHATSAPP_TIMEOUT_MS: '500', RESET_PUSH_FALLBACK: 'false' });
    const buyer = await createUser('acheteur');
    const token = `device-of-${buyer.uid}-${'y'.repeat(20)}`;
    await (await api()).post('/api/users/me/push-tokens').set(bearer(buyer.token)).send({ token, platform: 'ios' });
    const failed = await requestCode(buyer.telephone);
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('OTP_DELIVERY_FAILED');

    const move = frozenClock();
    move(61_000);
    useSettings({ RESET_PUSH_FALLBACK: 'true' });
    const pushed = await requestCode(buyer.telephone);
    expect(pushed.status).toBe(200);
    expect(pushed.body.data.channel).toBe('push');
    const [push] = await pushesTo(token);
    const code = /(\d{6})/.exec(push.body)?.[1];
    expect(push.data).toEqual({ type: 'password_reset_code' });
    const verify = await (await api()).post('/api/push-otp/verify-code').send({ telephone: buyer.telephone, otp: code });
    expect(verify.status).toBe(200);
  });
});
