/** POST /api/auth/register: the profile of a telephone account, and every refusal. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createLogin, createUser, newBeninNumber, syntheticEmailOf, userDocument } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

function body(national: string, overrides: Record<string, unknown> = {}) {
  return { nom: 'Dossou', prenoms: 'Koffi Éric', telephone: `+229${national}`, pays: 'BJ', role: 'acheteur', ...overrides };
}

async function register(token: string, payload: unknown) {
  return (await api()).post('/api/auth/register').set(bearer(token)).send(payload as object);
}

describe('successful sign-up', () => {
  it('creates a buyer profile with the real telephone and the synthetic email: 201', async () => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    const res = await register(login.token, body(national));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: expect.objectContaining({
        id: login.uid,
        telephone: `+229${national}`,
        email: syntheticEmailOf(national, 'buyer'),
        nom: 'Dossou',
        prenoms: 'Koffi Éric',
        role: 'acheteur',
        app: 'buyer',
        pays: 'BJ',
        dialCode: '229',
        nationalNumber: national,
        isBlocked: false,
      }),
    });
    const stored = await userDocument(login.uid);
    expect(stored).toMatchObject({ telephone: `+229${national}`, role: 'acheteur', app: 'buyer', searchName: 'dossou koffi eric' });
    const marker = await db().collection(COLLECTIONS.telephones).doc(`buyer_+229${national}`).get();
    expect(marker.get('uid')).toBe(login.uid);
  });

  it('accepts national digits with the country, and a seller’s vendeurType on the pro app', async () => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'pro'));
    const res = await register(login.token, body(national, { telephone: national.replace(/^(\d{2})(\d{2})/, '$1 $2 '), role: 'vendeur', vendeurType: 'pieces' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ role: 'vendeur', app: 'pro', vendeurType: 'pieces', telephone: `+229${national}` });
  });

  it('starts a forwarder with its forwarder file’s status none', async () => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'pro'));
    const res = await register(login.token, body(national, { role: 'transitaire' }));
    expect(res.status).toBe(201);
    expect(res.body.data.transitaireVerification).toEqual({ statut: 'none' });
  });

  it('gives the same number two distinct accounts on the two apps', async () => {
    const national = newBeninNumber();
    const buyer = await createLogin(syntheticEmailOf(national, 'buyer'));
    const seller = await createLogin(syntheticEmailOf(national, 'pro'));
    expect((await register(buyer.token, body(national))).status).toBe(201);
    expect((await register(seller.token, body(national, { role: 'livreur' }))).status).toBe(201);
    expect((await userDocument(buyer.uid))?.role).toBe('acheteur');
    expect((await userDocument(seller.uid))?.role).toBe('livreur');
  });

  it('records the agent of a valid referral code', async () => {
    const agent = await createUser('agentCommercial');
    await db().collection(COLLECTIONS.referralCodes).doc('AGENT42').set({ agentId: agent.uid });
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    const res = await register(login.token, body(national, { referralCode: 'agent42' }));
    expect(res.status).toBe(201);
    expect((await userDocument(login.uid))?.referredBy).toEqual({ code: 'AGENT42', agentId: agent.uid });
  });

  it('lets exactly one of two racing sign-ups of one account through', async () => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    const results = await Promise.all([register(login.token, body(national)), register(login.token, body(national))]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.status === 409)?.body.code).toBe('ALREADY_REGISTERED');
  });
});

describe('refused sign-ups write nothing', () => {
  const cases: Array<{ name: string; app: 'buyer' | 'pro'; payload: (national: string) => unknown; status: number; code: string }> = [
    { name: 'a pro role with a buyer login', app: 'buyer', payload: (n) => body(n, { role: 'vendeur' }), status: 403, code: 'ROLE_APP_MISMATCH' },
    { name: 'the buyer role with a pro login', app: 'pro', payload: (n) => body(n), status: 403, code: 'ROLE_APP_MISMATCH' },
    { name: 'an admin role', app: 'pro', payload: (n) => body(n, { role: 'admin' }), status: 403, code: 'ROLE_NOT_SELF_ASSIGNABLE' },
    { name: 'the superAdmin role', app: 'pro', payload: (n) => body(n, { role: 'superAdmin' }), status: 403, code: 'ROLE_NOT_SELF_ASSIGNABLE' },
    { name: 'the agent role', app: 'pro', payload: (n) => body(n, { role: 'agentCommercial' }), status: 403, code: 'ROLE_NOT_SELF_ASSIGNABLE' },
    { name: 'another number than the login’s', app: 'buyer', payload: () => body(newBeninNumber()), status: 403, code: 'EMAIL_TELEPHONE_MISMATCH' },
    { name: 'an unknown referral code', app: 'buyer', payload: (n) => body(n, { referralCode: 'NOPE1234' }), status: 400, code: 'REFERRAL_CODE_INVALID' },
    { name: 'a 7-digit Benin number', app: 'buyer', payload: () => body('', { telephone: '+2291234567' }), status: 400, code: 'INVALID_TELEPHONE' },
    { name: 'an 11-digit Benin number', app: 'buyer', payload: () => body('', { telephone: '01970000001', pays: 'BJ' }), status: 400, code: 'INVALID_TELEPHONE' },
    { name: 'a Togo number with pays BJ', app: 'buyer', payload: () => body('', { telephone: '+22890112233' }), status: 400, code: 'INVALID_TELEPHONE' },
    { name: 'letters as telephone', app: 'buyer', payload: () => body('', { telephone: 'call me maybe' }), status: 400, code: 'INVALID_TELEPHONE' },
    { name: 'an unknown role', app: 'buyer', payload: (n) => body(n, { role: 'pirate' }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'an unsupported country', app: 'buyer', payload: (n) => body(n, { pays: 'ZZ' }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'a missing name', app: 'buyer', payload: (n) => ({ ...body(n), nom: undefined }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'an empty first name', app: 'buyer', payload: (n) => body(n, { prenoms: '   ' }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'a number as name', app: 'buyer', payload: (n) => body(n, { nom: 12 }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'an unknown field', app: 'buyer', payload: (n) => body(n, { isBlocked: false }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'a vendeurType for a buyer', app: 'buyer', payload: (n) => body(n, { vendeurType: 'pieces' }), status: 400, code: 'VALIDATION_ERROR' },
    { name: 'an array body', app: 'buyer', payload: () => [], status: 400, code: 'VALIDATION_ERROR' },
  ];

  it.each(cases)('refuses $name with $code', async ({ app, payload, status, code }) => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, app));
    const res = await register(login.token, payload(national));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(typeof res.body.message).toBe('string');
    expect(await userDocument(login.uid)).toBeUndefined();
    const markers = await db().collection(COLLECTIONS.telephones).where('uid', '==', login.uid).get();
    expect(markers.size).toBe(0);
  });

  it('refuses a second sign-up: ALREADY_REGISTERED', async () => {
    const national = newBeninNumber();
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    expect((await register(login.token, body(national))).status).toBe(201);
    const again = await register(login.token, body(national, { nom: 'Autre' }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_REGISTERED');
    expect((await userDocument(login.uid))?.nom).toBe('Dossou');
  });

  it('refuses a telephone another account of the same app holds: TELEPHONE_TAKEN', async () => {
    const national = newBeninNumber();
    // An old account with a real email already holds this number on the buyer app.
    await db().collection(COLLECTIONS.telephones).doc(`buyer_+229${national}`).set({ uid: 'legacy-account' });
    const login = await createLogin(syntheticEmailOf(national, 'buyer'));
    const res = await register(login.token, body(national));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TELEPHONE_TAKEN');
    expect(await userDocument(login.uid)).toBeUndefined();
  });

  it('refuses a sign-up without a token: UNAUTHENTICATED', async () => {
    const res = await (await api()).post('/api/auth/register').send(body(newBeninNumber()));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an old real-email login that has no profile yet', async () => {
    const login = await createLogin(`old.user.${Date.now()}@example.com`);
    const res = await register(login.token, body(newBeninNumber()));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_TELEPHONE_MISMATCH');
  });
});

describe('old accounts with a real email', () => {
  it('keep working when their profile exists', async () => {
    const login = await createLogin(`legacy.${Date.now()}@example.com`);
    const national = newBeninNumber();
    const at = new Date();
    await db().collection(COLLECTIONS.users).doc(login.uid).set({
      telephone: `+229${national}`,
      email: 'legacy@example.com',
      nom: 'Ancien',
      prenoms: 'Compte',
      searchName: 'ancien compte',
      role: 'vendeur',
      app: 'pro',
      pays: 'BJ',
      dialCode: '229',
      nationalNumber: national,
      isBlocked: false,
      photoUrl: null,
      ville: null,
      createdAt: at,
      updatedAt: at,
    });
    const res = await (await api()).get('/api/protected/me').set(bearer(login.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: login.uid, email: 'legacy@example.com', role: 'vendeur' });
  });
});
