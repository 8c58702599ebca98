/**
 * Routes that call a partner on a user's request are limited per user (docs/api-conventions.md,
 * "Per-user limits"): "past the limit the request answers `429 RATE_LIMITED` with `Retry-After`
 * (seconds until the window ends) and nothing is written", and the partner is not called. Issue 32:
 * "40 junk references by one user each cost a FeexPay status call (the quota the webhook and the
 * poller depend on)". Each limit is set low through its setting; the call past it is refused before
 * FeexPay is asked, another user keeps its own count, and the calls under it go through.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { DeclaredRoute } from '../../functions/src/core/http';
import { toOpenApiPath } from '../../functions/src/core/openapi';
import { allRouters } from '../../functions/src/groups';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { expectLimited } from '../helpers/limits';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

const { sandbox } = useFeexPaySandbox();
restoreSettingsAndClockAfterEach();

beforeAll(resetEmulators);

/** A fresh window for every test: the counts of the one before stay in theirs. */
let hour = 0;
beforeEach(() => {
  hour += 2;
  frozenClock(new Date(Date.UTC(2026, 10, 25, 0, 1, 0) + hour * 3_600_000));
});

/** The status look-ups FeexPay received for `reference`. */
const statusCalls = (reference: string) => sandbox().requests.filter((request) => request.path === `/api/transactions/public/single/status/${reference}`).length;
const statusCallsSoFar = () => sandbox().requests.filter((request) => request.path.startsWith('/api/transactions/public/single/status/')).length;

/** A seller's one-month subscription, recorded as paid through the native SDK under `reference`. */
const record = async (seller: TestUser, reference: string) =>
  (await api()).post('/api/payments/flutter/record').set(bearer(seller.token)).send({ type: 'abonnement', montant: 5000, metadata: { months: '1' }, reference });

describe('POST /api/payments/flutter/record (PAYMENT_RECORD_RATE_LIMIT_MAX per hour)', () => {
  it('asks FeexPay about at most the limit of one user’s references; past it 429 with Retry-After, FeexPay not asked, nothing written', async () => {
    const seller = await createUser('vendeur');
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', PAYMENT_RECORD_RATE_LIMIT_MAX: '3' });
    for (const n of [1, 2, 3]) {
      const junk = await record(seller, `SBX-junk-${seller.uid}-${n}`);
      expect([junk.status, junk.body.code]).toEqual([404, 'PAYMENT_REFERENCE_UNKNOWN']);
      expect(statusCalls(`SBX-junk-${seller.uid}-${n}`)).toBe(1);
    }
    const refused = await record(seller, `SBX-junk-${seller.uid}-4`);
    expectLimited(refused, 3600);
    expect(statusCalls(`SBX-junk-${seller.uid}-4`)).toBe(0);
    // A real payment of the same user waits for the next window too: nothing is written for it.
    const real = sandbox().addTransaction({ amount: 5000, shop: 'test-shop' });
    expectLimited(await record(seller, real), 3600);
    expect(statusCalls(real)).toBe(0);
    expect((await db().collection(COLLECTIONS.payments).where('userId', '==', seller.uid).get()).size).toBe(0);
  });

  it('lets another user record its real payment, settled on FeexPay’s word, while one user is limited', async () => {
    const [flooder, honest] = await Promise.all([createUser('vendeur'), createUser('vendeur')]);
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', PAYMENT_RECORD_RATE_LIMIT_MAX: '1' });
    expect((await record(flooder, `SBX-junk-${flooder.uid}-1`)).status).toBe(404);
    expectLimited(await record(flooder, `SBX-junk-${flooder.uid}-2`), 3600);
    const reference = sandbox().addTransaction({ amount: 5000, shop: 'test-shop' });
    const recorded = await record(honest, reference);
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ statut: 'success', reference });
    expect(statusCalls(reference)).toBe(1);
  });

  it('lets exactly the limit reach FeexPay when one user’s records arrive at once', async () => {
    const seller = await createUser('vendeur');
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', PAYMENT_RECORD_RATE_LIMIT_MAX: '2' });
    const before = statusCallsSoFar();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => record(seller, `SBX-burst-${seller.uid}-${n}`)));
    expect(answers.map((res) => res.status).sort()).toEqual([404, 404, 429, 429, 429, 429]);
    expect(statusCallsSoFar() - before).toBe(2);
  });
});

describe('payment starts (PAYMENT_RATE_LIMIT_PER_USER and PAYMENT_RATE_LIMIT_PER_TELEPHONE per window)', () => {
  it('answers a start past the limit 429 with Retry-After, like every other limit, and FeexPay is not asked', async () => {
    // docs/guides/payments.md: "Starts are limited per payer account and per paying telephone"; the refusal
    // says when to come back, as docs/api-conventions.md promises of every RATE_LIMITED.
    const seller = await createUser('vendeur');
    useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'true', PAYMENT_RATE_LIMIT_PER_USER: '1', PAYMENT_RATE_LIMIT_PER_TELEPHONE: '10' });
    const start = async (telephone: string) =>
      (await api()).post('/api/payments/requesttopay/mtn').set(bearer(seller.token)).send({ type: 'abonnement', montant: 5000, metadata: { months: '1' }, telephone });
    expect((await start('+2290197000013')).status).toBe(201);
    const prompts = sandbox().requests.filter((request) => request.path === '/api/transactions/public/requesttopay/mtn').length;
    expectLimited(await start('+2290197000023'), 3600);
    expect(sandbox().requests.filter((request) => request.path === '/api/transactions/public/requesttopay/mtn').length).toBe(prompts);
  });
});

describe('POST /api/payments/admin/{id}/status (PAYMENT_ADMIN_CHECK_RATE_LIMIT_MAX per hour)', () => {
  it('asks FeexPay for at most the limit of one admin’s status changes; past it 429, FeexPay not asked; another admin goes on', async () => {
    const [seller, admin, otherAdmin] = await Promise.all([createUser('vendeur'), createUser('admin'), createUser('admin')]);
    // A payment FeexPay keeps pending (the payer's number ends in 2): an admin's `success` is refused, each time after asking.
    const started = await (await api())
      .post('/api/payments/requesttopay/mtn')
      .set(bearer(seller.token))
      .send({ type: 'abonnement', montant: 5000, metadata: { months: '1' }, telephone: '+2290197000002' });
    expect(started.status).toBe(201);
    const { paymentId, reference } = started.body.data as { paymentId: string; reference: string };
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', PAYMENT_ADMIN_CHECK_RATE_LIMIT_MAX: '2' });
    const confirm = async (who: TestUser) =>
      (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(who.token)).send({ statut: 'success', reason: 'Le client dit avoir payé' });
    const asked = statusCalls(reference);
    expect((await confirm(admin)).body.code).toBe('PAYMENT_NOT_CONFIRMED');
    expect((await confirm(admin)).body.code).toBe('PAYMENT_NOT_CONFIRMED');
    expectLimited(await confirm(admin), 3600);
    expect(statusCalls(reference) - asked).toBe(2);
    expect((await confirm(otherAdmin)).body.code).toBe('PAYMENT_NOT_CONFIRMED');
    expect((await db().collection(COLLECTIONS.payments).doc(paymentId).get()).get('statut')).toBe('pending');
  });
});

describe('POST /api/notifications/admin-messages (ADMIN_MESSAGE_RATE_LIMIT_MAX per day)', () => {
  it('refuses the broadcast past the limit and stores nothing; another admin broadcasts', async () => {
    const [admin, otherAdmin] = await Promise.all([createUser('admin'), createUser('admin')]);
    useSettings({ USER_RATE_LIMIT_ENABLED: 'true', ADMIN_MESSAGE_RATE_LIMIT_MAX: '1' });
    const broadcast = async (who: TestUser, body: string) =>
      (await api()).post('/api/notifications/admin-messages').set(bearer(who.token)).send({ audience: 'livreur', fr: { title: 'Annonce', body } });
    expect((await broadcast(admin, 'Maintenance ce soir à 22 h.')).status).toBe(201);
    expectLimited(await broadcast(admin, 'Encore une maintenance.'), 86_400);
    const sent = await db().collection(COLLECTIONS.adminMessages).where('sentBy', '==', admin.uid).get();
    expect(sent.docs.map((doc) => doc.get('fr.body'))).toEqual(['Maintenance ce soir à 22 h.']);
    expect((await broadcast(otherAdmin, 'Bonne année à tous nos livreurs !')).status).toBe(201);
  });
});

describe('every route that calls a partner on a user’s request', () => {
  /** The routes whose handler calls FeexPay, WhatsApp, FCM, Cloud Tasks or the captcha provider (uploads have their daily quota). */
  const PARTNER_ROUTES = [
    'POST /api/payments/flutter/record',
    'POST /api/payments/admin/{id}/status',
    'POST /api/notifications/admin-messages',
    'POST /api/push-otp/request',
    'POST /api/auth/phone/request',
    'POST /api/auth/register',
    'POST /api/notifications/test',
  ];
  /** Counted by the payments service after its own checks (PAYMENT_RATE_LIMIT_*): the test above. */
  const PAYMENT_STARTS = ['POST /api/payments/init', 'POST /api/payments/requesttopay/{network}', 'POST /api/payments/initcard'];

  it('declares a limit on each, and docs/api-conventions.md lists them', async () => {
    // docs/api-conventions.md, Per-user limits: "Every route that calls a partner on a user's request is limited".
    const declared = new Map(
      (await allRouters())
        .flatMap((router) => router.routes)
        .filter((route): route is DeclaredRoute => route.kind !== 'raw')
        .map((route) => [`${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`, route]),
    );
    const unlimited = PARTNER_ROUTES.filter((name) => {
      const route = declared.get(name);
      return !route || !(route.rateLimit || route.userRateLimit || route.keyedRateLimit);
    });
    expect(unlimited).toEqual([]);
    for (const name of PAYMENT_STARTS) expect(declared.get(name)?.errors).toContain('RATE_LIMITED');
    const conventions = readFileSync(join(__dirname, '..', '..', 'docs', 'api-conventions.md'), 'utf8');
    const table = conventions.slice(conventions.indexOf('| route | partner called | limits |'));
    expect([...PARTNER_ROUTES, ...PAYMENT_STARTS].filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });
});
