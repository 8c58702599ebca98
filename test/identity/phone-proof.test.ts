/**
 * docs/guides/account-security.md, Account security, "Telephone proof": `POST /api/auth/phone/request` sends a code to the
 * number of the caller's own profile over the one-time code channel; `POST /api/auth/phone/verify`
 * with the right code marks the profile proven (`telephoneVerifie: true` and its date) once,
 * emitting `user.phone_verified`. Wrong, expired, used or another account's codes prove nothing.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, lastCodeSentTo, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
restoreSettingsAndClockAfterEach();
// Many requests from one address: the auth rate limit is not what these tests are about.
beforeEach(() => useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false' }));

const request = async (user: TestUser) => (await api()).post('/api/auth/phone/request').set(bearer(user.token));
const verify = async (user: TestUser, otp: unknown) => (await api()).post('/api/auth/phone/verify').set(bearer(user.token)).send({ otp });
const proofDoc = async (user: TestUser) => (await db().collection(COLLECTIONS.phoneProofs).doc(user.uid).get()).data();
const profile = async (user: TestUser) => (await (await api()).get('/api/protected/me').set(bearer(user.token))).body.data;
const phoneEvents = async (user: TestUser) => (await db().collection(COLLECTIONS.events).where('type', '==', 'user.phone_verified').get()).docs.filter((doc) => doc.get('payload.uid') === user.uid);

/** A code that is not the one sent. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/phone/request and /verify', () => {
  it('sends a 6-digit code to the profile’s number, stores only its HMAC, and the right code proves the telephone once', async () => {
    const buyer = await createUser('acheteur');
    expect(await profile(buyer)).toMatchObject({ telephoneVerifie: false, telephoneVerifieAt: null });
    const asked = await request(buyer);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, data: { channel: 'local', expiresInSeconds: 600 } });
    const code = await lastCodeSentTo(buyer.telephone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await proofDoc(buyer);
    expect(stored).toMatchObject({ uid: buyer.uid, status: 'pending', attempts: 0, codeHmac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(stored)).not.toContain(code);

    const proved = await verify(buyer, code);
    expect(proved.status).toBe(200);
    expect(proved.body.data).toEqual({ telephone: buyer.telephone, telephoneVerifie: true, telephoneVerifieAt: expect.any(String), verifiedNow: true });
    const me = await profile(buyer);
    expect(me).toMatchObject({ telephoneVerifie: true, telephoneVerifieAt: proved.body.data.telephoneVerifieAt });
    expect(await phoneEvents(buyer)).toHaveLength(1);
    expect((await phoneEvents(buyer))[0].data()).toMatchObject({ key: buyer.uid, payload: { uid: buyer.uid, role: 'acheteur', app: 'buyer', referrerId: null } });

    // Replayed: the used code proves nothing more, and nothing is sent once proven.
    const replay = await verify(buyer, code);
    expect(replay.body.data).toMatchObject({ telephoneVerifie: true, verifiedNow: false, telephoneVerifieAt: me.telephoneVerifieAt });
    const again = await request(buyer);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'TELEPHONE_ALREADY_VERIFIED' });
    expect(await phoneEvents(buyer)).toHaveLength(1);
  });

  it('proves once when two verifications with the code come at once', async () => {
    const seller = await createUser('vendeur');
    await request(seller);
    const code = await lastCodeSentTo(seller.telephone);
    const results = await Promise.all([verify(seller, code), verify(seller, code)]);
    const proofs = results.filter((res) => res.status === 200);
    expect(proofs.filter((res) => res.body.data.verifiedNow)).toHaveLength(1);
    // The loser either saw the proof (200, verifiedNow false) or the code used just before it committed.
    for (const res of results.filter((one) => one.status !== 200)) expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'OTP_USED' });
    expect(await phoneEvents(seller)).toHaveLength(1);
  });

  it('refuses a wrong code (counting the attempt), then locks the code; the right one no longer proves', async () => {
    useSettings({ OTP_MAX_ATTEMPTS: '2' });
    const buyer = await createUser('acheteur');
    await request(buyer);
    const code = await lastCodeSentTo(buyer.telephone);
    const first = await verify(buyer, wrong(code));
    expect({ status: first.status, code: first.body.code }).toEqual({ status: 400, code: 'OTP_INVALID' });
    expect(await proofDoc(buyer)).toMatchObject({ attempts: 1, status: 'pending' });
    expect((await verify(buyer, wrong(code))).body.code).toBe('OTP_INVALID');
    const locked = await verify(buyer, code);
    expect({ status: locked.status, code: locked.body.code }).toEqual({ status: 429, code: 'OTP_LOCKED' });
    expect(await profile(buyer)).toMatchObject({ telephoneVerifie: false });
  });

  it('refuses an expired code', async () => {
    const move = frozenClock(new Date('2026-11-22T10:00:00Z'));
    const buyer = await createUser('acheteur');
    await request(buyer);
    const code = await lastCodeSentTo(buyer.telephone);
    move(10 * 60 * 1000 + 1);
    const late = await verify(buyer, code);
    expect({ status: late.status, code: late.body.code }).toEqual({ status: 400, code: 'OTP_EXPIRED' });
    expect(await profile(buyer)).toMatchObject({ telephoneVerifie: false });
  });

  it('binds a code to its account: another user cannot prove its telephone with it, nor touch its attempts', async () => {
    const [owner, other] = await Promise.all([createUser('acheteur'), createUser('acheteur')]);
    await request(owner);
    const code = await lastCodeSentTo(owner.telephone);
    // Without a code of its own, and with one of its own.
    expect((await verify(other, code)).body.code).toBe('OTP_INVALID');
    await request(other);
    const otherCode = await lastCodeSentTo(other.telephone);
    if (otherCode !== code) expect((await verify(other, code)).body.code).toBe('OTP_INVALID');
    expect(await proofDoc(owner)).toMatchObject({ attempts: 0, status: 'pending' });
    expect(await profile(other)).toMatchObject({ telephoneVerifie: false });
    expect((await verify(owner, code)).body.data).toMatchObject({ verifiedNow: true });
  });

  it('throttles requests: one a minute per account', async () => {
    const buyer = await createUser('acheteur');
    expect((await request(buyer)).status).toBe(200);
    const soon = await request(buyer);
    expect({ status: soon.status, code: soon.body.code }).toEqual({ status: 429, code: 'OTP_THROTTLED' });
  });

  it('answers bad input with a clear ApiError and writes nothing', async () => {
    const buyer = await createUser('acheteur');
    const client = await api();
    for (const body of [{}, { otp: 'abcdef' }, { otp: 123456 }, { otp: '12' }, { otp: '123456', telephone: '+22997000000' }]) {
      const res = await client.post('/api/auth/phone/verify').set(bearer(buyer.token)).send(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await client.post('/api/auth/phone/verify').send({ otp: '123456' })).status).toBe(401);
    expect((await client.post('/api/auth/phone/request')).status).toBe(401);
    expect(await proofDoc(buyer)).toBeUndefined();
    expect(await profile(buyer)).toMatchObject({ telephoneVerifie: false });
  });
});
