/**
 * Admin powers over money, graded and traced (DOMAIN.md, "Admin powers"): a payment set to
 * `success` by hand only on FeexPay's matching word unless a principal or superAdmin forces it with
 * a reason; price lists and tariffs written by principal and superAdmin; every such action, role
 * change and block in the append-only audit trail, written with the change and read by superAdmins.
 * Against the FeexPay sandbox over real HTTP (no webhook: payments stay pending until asked).
 */
import type { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { paidAtFeexPay, useFeexPaySandbox } from '../helpers/feexpay';
import { paymentEffect } from '../helpers/events';
import { frozenClock, restoreSettingsAndClockAfterEach } from '../helpers/settings';

const { sandbox: current } = useFeexPaySandbox();
restoreSettingsAndClockAfterEach();

let sandbox: FeexPaySandbox;
let admin: TestUser;
let gestionnaire: TestUser;
let principal: TestUser;
let superAdmin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  sandbox = current();
  [admin, gestionnaire, principal, superAdmin, seller] = await Promise.all([
    createUser('admin'),
    createUser('gestionnaire'),
    createUser('principal'),
    createUser('superAdmin'),
    createUser('vendeur'),
  ]);
});
afterEach(() => {
  sandbox.down = false;
});

const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const trailOf = async (collection: string, id: string) =>
  (await db().collection(COLLECTIONS.auditTrail).where('target.collection', '==', collection).where('target.id', '==', id).get()).docs.map((doc) => doc.data());
const trailSize = async () => (await db().collection(COLLECTIONS.auditTrail).count().get()).data().count;

/** A boost of one of the seller's listings, its 14,000 XOF payment started from a number FeexPay keeps pending. */
async function pendingPayment(): Promise<{ paymentId: string; reference: string; publiciteId: string }> {
  const client = await api();
  const listing = await publish(seller);
  const pub = await client.post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'a_la_une', duree: 7 });
  const started = await client
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(seller.token))
    .send({ type: 'publicite', montant: 14_000, metadata: { publiciteId: pub.body.data.id }, telephone: '+2290197000002' });
  expect(started.status).toBe(201);
  return { paymentId: started.body.data.paymentId, reference: started.body.data.reference, publiciteId: pub.body.data.id };
}

const setStatus = async (who: TestUser, paymentId: string, body: Record<string, unknown>) =>
  (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(who.token)).send(body);

describe('POST /api/payments/admin/{id}/status to success', () => {
  it('is refused to every admin level while FeexPay does not say success: nothing written, nothing audited', async () => {
    const { paymentId } = await pendingPayment();
    const before = await payment(paymentId);
    const entries = await trailSize();
    for (const who of [admin, gestionnaire, principal, superAdmin]) {
      const res = await setStatus(who, paymentId, { statut: 'success', reason: 'Reçu vérifié' });
      expect({ status: res.status, code: res.body.code, said: res.body.details?.[0] }).toEqual({
        status: 409,
        code: 'PAYMENT_NOT_CONFIRMED',
        said: expect.objectContaining({ field: 'provider', reason: 'pending' }),
      });
    }
    // A transaction FeexPay refused is no better.
    sandbox.transactions.get(before.reference)!.status = 'FAILED';
    expect((await setStatus(admin, paymentId, { statut: 'success', reason: 'Reçu vérifié' })).body.details?.[0]?.reason).toBe('failed');
    expect(await payment(paymentId)).toEqual(before);
    expect(await trailSize()).toBe(entries);
  });

  it('refuses to force for admin and gestionnaire (403 PAYMENT_FORCE_FORBIDDEN) before asking FeexPay or writing', async () => {
    const { paymentId } = await pendingPayment();
    const before = await payment(paymentId);
    const entries = await trailSize();
    const asked = sandbox.requests.length;
    for (const who of [admin, gestionnaire]) {
      const res = await setStatus(who, paymentId, { statut: 'success', reason: 'Le client a montré son reçu', force: true });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'PAYMENT_FORCE_FORBIDDEN' });
      expect(res.body.message).toMatch(/principal|superAdmin/);
    }
    expect((await setStatus(admin, paymentId, { statut: 'failed', reason: 'Reçu au guichet', force: true })).body.code).toBe('PAYMENT_FORCE_FORBIDDEN');
    expect(sandbox.requests.length).toBe(asked);
    expect(await payment(paymentId)).toEqual(before);
    expect(await trailSize()).toBe(entries);
  });

  it('refuses a FeexPay answer for another amount, shop or currency (forged), even to a principal without force', async () => {
    const forgeries: Array<[string, Record<string, unknown>]> = [
      ['amount_mismatch', { amount: 100 }],
      ['shop_mismatch', { shop: 'another-shop' }],
      ['currency_mismatch', { currency: 'EUR' }],
    ];
    for (const [reason, fields] of forgeries) {
      const { paymentId, reference } = await pendingPayment();
      Object.assign(sandbox.transactions.get(reference)!, { status: 'SUCCESSFUL', ...fields });
      const before = await payment(paymentId);
      const entries = await trailSize();
      for (const who of [admin, principal]) {
        const res = await setStatus(who, paymentId, { statut: 'success', reason: 'Reçu vérifié' });
        expect({ reason, status: res.status, code: res.body.code, said: res.body.details?.[0]?.reason }).toEqual({ reason, status: 409, code: 'PAYMENT_PROVIDER_MISMATCH', said: reason });
      }
      expect(await payment(paymentId)).toEqual(before);
      expect(await trailSize()).toBe(entries);
    }
  });

  it('takes any admin level’s success when FeexPay confirms a matching transaction, audited with FeexPay’s word', async () => {
    const { paymentId, publiciteId } = await pendingPayment();
    await paidAtFeexPay(paymentId);
    const res = await setStatus(gestionnaire, paymentId, { statut: 'success', reason: 'Reçu vérifié' });
    expect(res.status).toBe(200);
    expect(res.body.data.history).toEqual([{ at: expect.any(String), from: 'pending', to: 'success', source: 'admin', reason: 'Reçu vérifié' }]);
    expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
    expect((await db().collection(COLLECTIONS.publicites).doc(publiciteId).get()).get('statut')).toBe('payee');
    expect(await trailOf(COLLECTIONS.payments, paymentId)).toEqual([
      {
        actor: { uid: gestionnaire.uid, role: 'gestionnaire' },
        action: 'payment.status_set',
        target: { collection: 'payments', id: paymentId },
        before: { statut: 'pending' },
        after: { statut: 'success' },
        reason: 'Reçu vérifié',
        context: { montant: 14_000, type: 'publicite', provider: 'success' },
        at: expect.anything(),
      },
    ]);
  });

  it('lets a principal override with a reason: the success, its effect, a forced history entry and the audit entry, together', async () => {
    const { paymentId, publiciteId } = await pendingPayment();
    const noReason = await setStatus(principal, paymentId, { statut: 'success', force: true });
    expect(noReason.body.code).toBe('VALIDATION_ERROR');
    const blank = await setStatus(principal, paymentId, { statut: 'success', force: true, reason: '      ' });
    expect(blank.body.code).toBe('VALIDATION_ERROR');
    expect(await trailOf(COLLECTIONS.payments, paymentId)).toEqual([]);

    const res = await setStatus(principal, paymentId, { statut: 'success', force: true, reason: 'Virement reçu hors FeexPay, pièce 2026-118' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ statut: 'success' });
    expect(res.body.data.history).toEqual([
      { at: expect.any(String), from: 'pending', to: 'success', source: 'admin', reason: 'Virement reçu hors FeexPay, pièce 2026-118', forced: true },
    ]);
    expect((await payment(paymentId)).history[0]).toMatchObject({ by: principal.uid, forced: true });
    expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
    expect((await db().collection(COLLECTIONS.publicites).doc(publiciteId).get()).get('statut')).toBe('payee');
    const [entry, ...others] = await trailOf(COLLECTIONS.payments, paymentId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actor: { uid: principal.uid, role: 'principal' },
      action: 'payment.status_forced',
      before: { statut: 'pending' },
      after: { statut: 'success' },
      reason: 'Virement reçu hors FeexPay, pièce 2026-118',
      context: { montant: 14_000, provider: 'pending' },
    });
    // Once a success, nobody moves it again, forced or not, and nothing more is audited.
    for (const body of [{ statut: 'failed', reason: 'Erreur de saisie' }, { statut: 'success', reason: 'Encore', force: true }]) {
      expect((await setStatus(superAdmin, paymentId, body)).body.code).toBe('INVALID_TRANSITION');
    }
    expect(await trailOf(COLLECTIONS.payments, paymentId)).toHaveLength(1);
  });

  it('answers 502 while FeexPay is down, unless a superAdmin forces (the entry says FeexPay was unavailable)', async () => {
    const { paymentId } = await pendingPayment();
    sandbox.down = true;
    const down = await setStatus(admin, paymentId, { statut: 'success', reason: 'Reçu vérifié' });
    expect({ status: down.status, code: down.body.code }).toEqual({ status: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect((await payment(paymentId)).statut).toBe('pending');
    const forced = await setStatus(superAdmin, paymentId, { statut: 'success', reason: 'Paiement constaté au guichet', force: true });
    expect(forced.status).toBe(200);
    expect(await trailOf(COLLECTIONS.payments, paymentId)).toEqual([
      expect.objectContaining({ action: 'payment.status_forced', actor: { uid: superAdmin.uid, role: 'superAdmin' }, context: expect.objectContaining({ provider: 'unavailable' }) }),
    ]);
  });

  it('makes one success of two principals forcing at once: one 200, one INVALID_TRANSITION, one audit entry, one effect', async () => {
    const { paymentId } = await pendingPayment();
    const other = await createUser('principal');
    const results = await Promise.all([principal, other].map((who) => setStatus(who, paymentId, { statut: 'success', reason: 'Reçu au guichet', force: true })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(results.find((res) => res.status === 409)!.body.code).toBe('INVALID_TRANSITION');
    expect(await trailOf(COLLECTIONS.payments, paymentId)).toHaveLength(1);
    expect((await payment(paymentId)).history).toHaveLength(1);
    expect(await paymentEffect(paymentId, 'catalog.publicite_paid')).toBe('done');
  });

  it('audits the other statuses any admin sets, and refuses bad input with an ApiError, writing nothing', async () => {
    const { paymentId } = await pendingPayment();
    const entries = await trailSize();
    const bad: Array<Record<string, unknown>> = [
      { statut: 'success', reason: 'Reçu vérifié', force: 'true' },
      { statut: 'success', reason: 'Reçu vérifié', force: 1 },
      { statut: 'pending', reason: 'Reçu vérifié' },
      { statut: 'failed', reason: 'Raté', by: admin.uid },
      { statut: 'failed' },
      { statut: 'failed', reason: 42 },
    ];
    for (const body of bad) {
      const res = await setStatus(principal, paymentId, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    for (const id of ['__proto__', '..', 'a%2Fb', 'no-such-payment']) {
      const res = await (await api()).post(`/api/payments/admin/${id}/status`).set(bearer(principal.token)).send({ statut: 'success', reason: 'Reçu vérifié', force: true });
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: 'PAYMENT_NOT_FOUND' });
    }
    expect(await trailSize()).toBe(entries);
    expect((await payment(paymentId)).statut).toBe('pending');

    const failed = await setStatus(admin, paymentId, { statut: 'failed', reason: 'Client injoignable' });
    expect(failed.status).toBe(200);
    expect(await trailOf(COLLECTIONS.payments, paymentId)).toEqual([
      expect.objectContaining({ action: 'payment.status_set', actor: { uid: admin.uid, role: 'admin' }, before: { statut: 'pending' }, after: { statut: 'failed' }, reason: 'Client injoignable' }),
    ]);
  });
});

describe('price lists and tariffs', () => {
  const LISTS: Array<[string, Record<string, unknown>]> = [
    ['/api/admin/subscription-pricing', { mensuel: 6000 }],
    ['/api/admin/transitaire-subscription-pricing', { mensuel: 9000 }],
    ['/api/admin/verification-pricing', { prix: 22_000 }],
    ['/api/admin/seller-gain-pricing', { tiers: [{ jusqua: null, commissionPct: 4 }] }],
    ['/api/admin/delivery-settings', { prixParKm: 80, rayonKm: 10, dureeOffreSecondes: 60, gainLivreurParKm: 55, gainSocieteParKm: 25, commissionVendeurPct: 10 }],
    ['/api/admin/referral-pricing', { referralSignupXof: 175, commissionSubscriptionPct: 10, commissionPublicitePct: 10 }],
    ['/api/admin/pub-pricing', { sponsoriseParJour: 1100, aLaUneParJour: 2000 }],
  ];

  it('are written by principal and superAdmin only; admin and gestionnaire still read them; nothing is written on a refusal', async () => {
    const client = await api();
    const entries = await trailSize();
    for (const [path, body] of LISTS) {
      for (const who of [admin, gestionnaire]) {
        const put = await client.put(path).set(bearer(who.token)).send(body);
        expect({ path, role: who.role, status: put.status, code: put.body.code }).toEqual({ path, role: who.role, status: 403, code: 'FORBIDDEN_ROLE' });
        expect((await client.get(path).set(bearer(who.token))).status).toBe(200);
      }
    }
    expect((await client.post('/api/admin/seller-gain-pricing').set(bearer(admin.token)).send({ tiers: [{ jusqua: null, commissionPct: 1 }] })).body.code).toBe('FORBIDDEN_ROLE');
    expect(await trailSize()).toBe(entries);
    expect((await db().collection(COLLECTIONS.pricing).get()).size).toBe(0);
  });

  it('audit each write with the list before (its defaults the first time) and after, the changed fields only', async () => {
    const client = await api();
    for (const [path, body] of LISTS) {
      const res = await client.put(path).set(bearer(principal.token)).send(body);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const referral = await trailOf(COLLECTIONS.pricing, 'referral-pricing');
    expect(referral).toEqual([
      expect.objectContaining({ action: 'pricing.updated', actor: { uid: principal.uid, role: 'principal' }, before: { referralSignupXof: 150 }, after: { referralSignupXof: 175 } }),
    ]);
    expect(await trailOf(COLLECTIONS.pricing, 'publicite')).toEqual([expect.objectContaining({ before: { sponsoriseParJour: 1000 }, after: { sponsoriseParJour: 1100 } })]);
    expect(await trailOf(COLLECTIONS.pricing, 'delivery-settings')).toEqual([
      expect.objectContaining({ before: { prixParKm: 75, gainLivreurParKm: 50 }, after: { prixParKm: 80, gainLivreurParKm: 55 } }),
    ]);
    const second = await client.put('/api/admin/referral-pricing').set(bearer(superAdmin.token)).send({ referralSignupXof: 150, commissionSubscriptionPct: 12, commissionPublicitePct: 10 });
    expect(second.status).toBe(200);
    expect((await trailOf(COLLECTIONS.pricing, 'referral-pricing')).map((entry) => [entry.actor.role, entry.before, entry.after])).toEqual(
      expect.arrayContaining([['superAdmin', { referralSignupXof: 175, commissionSubscriptionPct: 10 }, { referralSignupXof: 150, commissionSubscriptionPct: 12 }]]),
    );
  });
});

describe('roles and blocks', () => {
  it('audit a block (with its reason), an unblock and a role change in the transaction of the change; a refused one writes nothing', async () => {
    const client = await api();
    const buyer = await createUser('acheteur');
    const vendeur = await createUser('vendeur');
    expect((await client.patch(`/api/users/${buyer.uid}/block`).set(bearer(admin.token)).send({ motif: 'Fraude au paiement' })).status).toBe(200);
    expect((await client.patch(`/api/users/${buyer.uid}/unblock`).set(bearer(gestionnaire.token))).status).toBe(200);
    expect((await client.patch(`/api/users/${vendeur.uid}/role`).set(bearer(admin.token)).send({ role: 'livreur' })).status).toBe(200);
    const entries = await trailSize();
    // Refused: an admin-level account moderated by an admin, itself, a role of the other app.
    expect((await client.patch(`/api/users/${principal.uid}/block`).set(bearer(admin.token)).send({})).body.code).toBe('ADMIN_ROLE_REQUIRES_SUPER_ADMIN');
    expect((await client.patch(`/api/users/${admin.uid}/role`).set(bearer(admin.token)).send({ role: 'vendeur' })).body.code).toBe('CANNOT_MODERATE_SELF');
    expect((await client.patch(`/api/users/${vendeur.uid}/role`).set(bearer(admin.token)).send({ role: 'acheteur' })).body.code).toBe('ROLE_APP_MISMATCH');
    expect(await trailSize()).toBe(entries);

    const onBuyer = (await trailOf(COLLECTIONS.users, buyer.uid)).sort((a, b) => a.at.toMillis() - b.at.toMillis());
    expect(onBuyer.map((entry) => ({ action: entry.action, actor: entry.actor.role, before: entry.before, after: entry.after, reason: entry.reason }))).toEqual([
      { action: 'user.blocked', actor: 'admin', before: { isBlocked: false }, after: { isBlocked: true }, reason: 'Fraude au paiement' },
      { action: 'user.unblocked', actor: 'gestionnaire', before: { isBlocked: true }, after: { isBlocked: false }, reason: null },
    ]);
    expect(await trailOf(COLLECTIONS.users, vendeur.uid)).toEqual([
      expect.objectContaining({ action: 'user.role_changed', actor: { uid: admin.uid, role: 'admin' }, before: { role: 'vendeur' }, after: { role: 'livreur' } }),
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  it('is for superAdmins only', async () => {
    const client = await api();
    for (const who of [admin, gestionnaire, principal, seller]) {
      const res = await client.get('/api/admin/audit').set(bearer(who.token));
      expect({ role: who.role, status: res.status, code: res.body.code }).toEqual({ role: who.role, status: 403, code: 'FORBIDDEN_ROLE' });
    }
    expect((await client.get('/api/admin/audit')).status).toBe(401);
    expect((await client.get('/api/admin/audit').set(bearer(superAdmin.token))).status).toBe(200);
  });

  it('lists newest first, filtered by actor, type, target and date, by pages', async () => {
    const move = frozenClock(new Date('2026-12-01T09:00:00Z'));
    const client = await api();
    const target = await createUser('acheteur');
    await client.patch(`/api/users/${target.uid}/block`).set(bearer(admin.token)).send({ motif: 'Premier' });
    move(60_000);
    await client.patch(`/api/users/${target.uid}/unblock`).set(bearer(admin.token));
    move(60_000);
    await client.patch(`/api/users/${target.uid}/block`).set(bearer(gestionnaire.token)).send({ motif: 'Second' });
    move(60_000);
    const list = async (query: Record<string, string | number>) => {
      const res = await client.get('/api/admin/audit').set(bearer(superAdmin.token)).query(query);
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
      return res.body;
    };
    const onTarget = await list({ targetCollection: 'users', targetId: target.uid });
    expect(onTarget.data.map((entry: { action: string; reason: string | null }) => [entry.action, entry.reason])).toEqual([
      ['user.blocked', 'Second'],
      ['user.unblocked', null],
      ['user.blocked', 'Premier'],
    ]);
    expect(onTarget.data[0]).toEqual({
      id: expect.any(String),
      actor: { uid: gestionnaire.uid, role: 'gestionnaire' },
      action: 'user.blocked',
      target: { collection: 'users', id: target.uid },
      before: { isBlocked: false },
      after: { isBlocked: true },
      reason: 'Second',
      context: { role: 'acheteur' },
      at: '2026-12-01T09:02:00.000Z',
    });
    expect((await list({ targetCollection: 'users', targetId: target.uid, actor: admin.uid })).data).toHaveLength(2);
    expect((await list({ targetCollection: 'users', targetId: target.uid, type: 'user.blocked', actor: admin.uid })).data.map((e: { reason: string }) => e.reason)).toEqual(['Premier']);
    expect((await list({ actor: gestionnaire.uid, type: 'user.blocked', from: '2026-12-01T09:01:30Z', to: '2026-12-01T09:03:00Z' })).data).toHaveLength(1);
    expect((await list({ targetCollection: 'users', targetId: target.uid, from: '2026-12-01T09:00:30Z' })).data).toHaveLength(2);
    expect((await list({ targetCollection: 'users', targetId: target.uid, to: '2026-12-01T09:00:30Z' })).data).toHaveLength(1);
    expect((await list({ type: 'payment.status_forced' })).data.every((entry: { action: string }) => entry.action === 'payment.status_forced')).toBe(true);
    const page1 = await list({ targetCollection: 'users', targetId: target.uid, limit: 2 });
    const page2 = await list({ targetCollection: 'users', targetId: target.uid, limit: 2, page: 2 });
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(page2.data.map((entry: { reason: string }) => entry.reason)).toEqual(['Premier']);
  });

  it('refuses a target id without its collection, inverted dates and malformed filters with a clear 400', async () => {
    const client = await api();
    const bad = [
      { targetId: 'abc' },
      { from: '2026-12-02T00:00:00Z', to: '2026-12-01T00:00:00Z' },
      { from: 'yesterday' },
      { type: 'user.deleted' },
      { actor: '__proto__' },
      { targetCollection: 'users', targetId: '..' },
      { targetCollection: 'users/x' },
      { limit: 1000 },
      { sort: 'asc' },
    ];
    for (const query of bad) {
      const res = await client.get('/api/admin/audit').set(bearer(superAdmin.token)).query(query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_ERROR' });
    }
    const alone = await client.get('/api/admin/audit').set(bearer(superAdmin.token)).query({ targetId: 'abc' });
    expect(alone.body.details).toEqual([expect.objectContaining({ field: 'query.targetId' })]);
  });

  it('offers no way to change or delete an entry', async () => {
    const client = await api();
    const [entry] = (await client.get('/api/admin/audit').set(bearer(superAdmin.token))).body.data;
    expect(entry).toBeDefined();
    const before = (await db().collection(COLLECTIONS.auditTrail).doc(entry.id).get()).data();
    for (const call of [
      client.delete(`/api/admin/audit/${entry.id}`),
      client.patch(`/api/admin/audit/${entry.id}`).send({ reason: 'réécrit' }),
      client.put(`/api/admin/audit/${entry.id}`).send({ reason: 'réécrit' }),
      client.post('/api/admin/audit').send({ action: 'user.blocked' }),
      client.delete('/api/admin/audit'),
    ]) {
      const res = await call.set(bearer(superAdmin.token));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await db().collection(COLLECTIONS.auditTrail).doc(entry.id).get()).data()).toEqual(before);
  });
});
