/** Profiles (who sees what), the caller's own changes, push tokens, and admin moderation. */
import { db } from '../../functions/src/core/firebase';
import { reloadConfig } from '../../functions/src/core/config';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, signIn, userDocument } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

describe('GET /api/protected/me and GET /api/users/{id}', () => {
  it('gives the caller its whole profile', async () => {
    const seller = await createUser('vendeur');
    const res = await (await api()).get('/api/protected/me').set(bearer(seller.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: seller.uid, telephone: seller.telephone, email: seller.email, role: 'vendeur' });
  });

  it('shows other users only the public profile, admins everything', async () => {
    const seller = await createUser('vendeur', { nom: 'Agbo', prenoms: 'Rachidatou' });
    const buyer = await createUser('acheteur');
    const admin = await createUser('admin');
    const asBuyer = await (await api()).get(`/api/users/${seller.uid}`).set(bearer(buyer.token));
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body.data).toEqual({ id: seller.uid, nom: 'Agbo', prenoms: 'Rachidatou', role: 'vendeur', photoUrl: null, ville: null });
    const asAdmin = await (await api()).get(`/api/users/${seller.uid}`).set(bearer(admin.token));
    expect(asAdmin.body.data).toMatchObject({ id: seller.uid, telephone: seller.telephone, email: seller.email });
    const asSelf = await (await api()).get(`/api/users/${seller.uid}`).set(bearer(seller.token));
    expect(asSelf.body.data.telephone).toBe(seller.telephone);
  });

  it('answers USER_NOT_FOUND for an unknown id', async () => {
    const buyer = await createUser('acheteur');
    const res = await (await api()).get('/api/users/nobody-here').set(bearer(buyer.token)).set('Accept-Language', 'en');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: 'USER_NOT_FOUND', message: 'User not found.' });
  });
});

describe('PATCH /api/users/me', () => {
  it('changes names, photo and city, and the searchable name with them', async () => {
    const buyer = await createUser('acheteur');
    const res = await (await api())
      .patch('/api/users/me')
      .set(bearer(buyer.token))
      .send({ nom: 'Hounkpatin', ville: 'Cotonou', photoUrl: 'https://cdn.example/p.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ nom: 'Hounkpatin', ville: 'Cotonou', photoUrl: 'https://cdn.example/p.jpg' });
    expect(await userDocument(buyer.uid)).toMatchObject({ nom: 'Hounkpatin', searchName: 'hounkpatin acheteur' });
  });

  it.each<[object, string]>([
    [{}, 'an empty change'],
    [{ role: 'admin' }, 'a server-owned field'],
    [{ photoUrl: 'http://insecure.example/p.jpg' }, 'a non-https photo'],
    [{ nom: '' }, 'an empty name'],
  ])('refuses %j (%s) and changes nothing', async (payload: object) => {
    const buyer = await createUser('acheteur');
    const before = await userDocument(buyer.uid);
    const res = await (await api()).patch('/api/users/me').set(bearer(buyer.token)).send(payload);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(await userDocument(buyer.uid)).toEqual(before);
  });
});

describe('push tokens', () => {
  const token = (n: number) => `fcm-token-${n}-${'x'.repeat(40)}`;

  afterEach(() => {
    delete process.env.PUSH_TOKENS_MAX_PER_USER;
    reloadConfig();
  });

  it('registers several devices, refreshes a known one, and drops the least recently seen past the maximum', async () => {
    process.env.PUSH_TOKENS_MAX_PER_USER = '2';
    reloadConfig();
    const buyer = await createUser('acheteur');
    const client = await api();
    for (const n of [1, 2, 1, 3]) {
      const res = await client.post('/api/users/me/push-tokens').set(bearer(buyer.token)).send({ token: token(n), platform: 'android' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{64}$/), platform: 'android' });
    }
    const stored = await db().collection(COLLECTIONS.users).doc(buyer.uid).collection(COLLECTIONS.pushTokens).get();
    expect(stored.docs.map((doc) => doc.get('token')).sort()).toEqual([token(1), token(3)]);
  });

  it('removes a device token at logout, once', async () => {
    const buyer = await createUser('acheteur');
    const client = await api();
    await client.post('/api/users/me/push-tokens').set(bearer(buyer.token)).send({ token: token(7), platform: 'ios' });
    const first = await client.delete(`/api/users/me/push-tokens/${token(7)}`).set(bearer(buyer.token));
    expect(first.body).toEqual({ success: true, data: { removed: true } });
    const second = await client.delete(`/api/users/me/push-tokens/${token(7)}`).set(bearer(buyer.token));
    expect(second.body).toEqual({ success: true, data: { removed: false } });
  });

  it('refuses a malformed token or platform', async () => {
    const buyer = await createUser('acheteur');
    for (const payload of [{ token: 'short', platform: 'ios' }, { token: token(1), platform: 'blackberry' }, { token: token(1) }]) {
      const res = await (await api()).post('/api/users/me/push-tokens').set(bearer(buyer.token)).send(payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const stored = await db().collection(COLLECTIONS.users).doc(buyer.uid).collection(COLLECTIONS.pushTokens).get();
    expect(stored.size).toBe(0);
  });
});

describe('admin: list and search users', () => {
  it('lists newest first, filters by role, searches by name prefix and by telephone, and pages', async () => {
    const admin = await createUser('admin');
    const a = await createUser('livreur', { nom: 'Zannou', prenoms: 'Alain' });
    const b = await createUser('livreur', { nom: 'Zannou', prenoms: 'Béatrice' });
    await createUser('chauffeur', { nom: 'Zannou', prenoms: 'Charles' });
    const client = await api();

    const byRole = await client.get('/api/users?role=livreur').set(bearer(admin.token));
    expect(byRole.status).toBe(200);
    expect(byRole.body.data.map((user: { id: string }) => user.id)).toEqual([b.uid, a.uid]);
    expect(byRole.body.pagination).toEqual({ page: 1, limit: 20, total: 2, hasMore: false });

    const byName = await client.get('/api/users?q=zann&role=livreur&limit=1').set(bearer(admin.token));
    expect(byName.body.data.map((user: { id: string }) => user.id)).toEqual([a.uid]);
    expect(byName.body.pagination).toEqual({ page: 1, limit: 1, total: 2, hasMore: true });
    const page2 = await client.get('/api/users?q=ZANN&role=livreur&limit=1&page=2').set(bearer(admin.token));
    expect(page2.body.data.map((user: { id: string }) => user.id)).toEqual([b.uid]);
    expect(page2.body.pagination.hasMore).toBe(false);

    const byPhone = await client.get(`/api/users?q=${encodeURIComponent(b.telephone)}`).set(bearer(admin.token));
    expect(byPhone.body.data.map((user: { id: string }) => user.id)).toEqual([b.uid]);
    const byNational = await client.get(`/api/users?q=${b.national}`).set(bearer(admin.token));
    expect(byNational.body.data.map((user: { id: string }) => user.id)).toEqual([b.uid]);
  });

  it('refuses pages past the deepest offset and bad filters', async () => {
    const admin = await createUser('gestionnaire');
    const client = await api();
    const deep = await client.get('/api/users?page=1000&limit=100').set(bearer(admin.token));
    expect(deep.status).toBe(400);
    expect(deep.body.code).toBe('PAGE_TOO_DEEP');
    for (const query of ['limit=0', 'limit=101', 'page=0', 'role=pirate', 'isBlocked=maybe', 'sort=asc']) {
      const res = await client.get(`/api/users?${query}`).set(bearer(admin.token));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('admin: block, unblock, change role', () => {
  it('blocks at once: the current token is refused with USER_BLOCKED, and so is a new sign-in', async () => {
    const admin = await createUser('admin');
    const seller = await createUser('vendeur');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation is recorded to the second
    const res = await (await api()).patch(`/api/users/${seller.uid}/block`).set(bearer(admin.token)).send({ motif: 'Annonces frauduleuses' });
    expect(res.status).toBe(200);
    expect(res.body.data.isBlocked).toBe(true);
    expect(await userDocument(seller.uid)).toMatchObject({ isBlocked: true, blocked: { motif: 'Annonces frauduleuses', by: admin.uid } });

    const old = await (await api()).get('/api/protected/me').set(bearer(seller.token));
    expect(old.status).toBe(403);
    expect(old.body.code).toBe('USER_BLOCKED');
    const fresh = await (await api()).get('/api/protected/me').set(bearer(await signIn(seller.email)));
    expect(fresh.status).toBe(403);
    expect(fresh.body.code).toBe('USER_BLOCKED');

    const unblock = await (await api()).patch(`/api/users/${seller.uid}/unblock`).set(bearer(admin.token));
    expect(unblock.body.data.isBlocked).toBe(false);
    const after = await (await api()).get('/api/protected/me').set(bearer(await signIn(seller.email)));
    expect(after.status).toBe(200);
  });

  it('keeps admin accounts for the superAdmin and refuses self-moderation', async () => {
    const admin = await createUser('admin');
    const otherAdmin = await createUser('principal');
    const superAdmin = await createUser('superAdmin');
    const client = await api();
    const denied = await client.patch(`/api/users/${otherAdmin.uid}/block`).set(bearer(admin.token));
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('ADMIN_ROLE_REQUIRES_SUPER_ADMIN');
    expect((await userDocument(otherAdmin.uid))?.isBlocked).toBe(false);
    const self = await client.patch(`/api/users/${admin.uid}/block`).set(bearer(admin.token));
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('CANNOT_MODERATE_SELF');
    const allowed = await client.patch(`/api/users/${otherAdmin.uid}/block`).set(bearer(superAdmin.token));
    expect(allowed.status).toBe(200);
    const missing = await client.patch('/api/users/nobody/block').set(bearer(superAdmin.token));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('USER_NOT_FOUND');
  });

  it('changes roles within the app; admin-level roles only by a superAdmin', async () => {
    const admin = await createUser('admin');
    const superAdmin = await createUser('superAdmin');
    const seller = await createUser('vendeur');
    const buyer = await createUser('acheteur');
    const client = await api();

    const ok = await client.patch(`/api/users/${seller.uid}/role`).set(bearer(admin.token)).send({ role: 'livreur' });
    expect(ok.status).toBe(200);
    expect((await userDocument(seller.uid))?.role).toBe('livreur');

    const crossApp = await client.patch(`/api/users/${buyer.uid}/role`).set(bearer(admin.token)).send({ role: 'vendeur' });
    expect(crossApp.status).toBe(403);
    expect(crossApp.body.code).toBe('ROLE_APP_MISMATCH');

    const promote = await client.patch(`/api/users/${seller.uid}/role`).set(bearer(admin.token)).send({ role: 'gestionnaire' });
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe('ADMIN_ROLE_REQUIRES_SUPER_ADMIN');
    expect((await userDocument(seller.uid))?.role).toBe('livreur');

    const bySuper = await client.patch(`/api/users/${seller.uid}/role`).set(bearer(superAdmin.token)).send({ role: 'gestionnaire' });
    expect(bySuper.status).toBe(200);

    for (const payload of [{ role: 'agentCommercial' }, { role: 'pirate' }, {}, { role: 'livreur', extra: 1 }]) {
      const res = await client.patch(`/api/users/${buyer.uid}/role`).set(bearer(admin.token)).send(payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await userDocument(buyer.uid))?.role).toBe('acheteur');

    const notAdmin = await client.patch(`/api/users/${buyer.uid}/role`).set(bearer(seller.token)).send({ role: 'livreur' });
    expect(notAdmin.status).toBe(403);
  });
});
