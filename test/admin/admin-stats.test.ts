/**
 * Dashboard statistics (`GET /api/admin/stats`): real flows through the routes (sign-ups, role
 * changes and blocks, listings moderated, a purchase paid through the FeexPay sandbox, a transit
 * mission, an order, a delivery), then the figures the route answers; an event delivered twice
 * counted once; the range's validation; and who may read them.
 */
import { resetClock, setClock } from '../../functions/src/core/clock';
import { countOnce, dayOf } from '../../functions/src/core/counters';
import { addDays } from '../../functions/src/core/days';
import { ROLES } from '../../functions/src/core/roles';
import { paymentStatusChanged, userRegistered } from '../../functions/src/domains/admin/stats/counting';
import { PAYMENT_TYPES } from '../../functions/src/domains/admin/stats/statuses';
import { dispatchEvent, emit } from '../../functions/src/core/events';
import { redeliver } from '../helpers/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { paidAchat } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { forwarder, selectForwarder, startJourney } from '../helpers/transit';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});

afterEach(() => resetClock());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read the answer's shape
type Stats = Record<string, any>;

async function stats(query = ''): Promise<Stats> {
  const res = await (await api()).get(`/api/admin/stats${query}`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return res.body.data;
}

const today = () => dayOf(new Date());

it('counts sign-ups by role and by day, and keeps users by role and blocked as role changes and blocks happen', async () => {
  const before = await stats();
  const [buyer1, , seller] = await Promise.all([createUser('acheteur'), createUser('acheteur'), createUser('vendeur')]);
  let after = await stats();
  expect(after.users.signups.byRole.acheteur - before.users.signups.byRole.acheteur).toBe(2);
  expect(after.users.signups.byRole.vendeur - before.users.signups.byRole.vendeur).toBe(1);
  expect(after.users.signups.total - before.users.signups.total).toBe(3);
  const todayRow = after.users.signups.byDay.find((row: Stats) => row.day === today());
  expect(todayRow.total).toBe(after.users.signups.total);
  expect(after.users.current.byRole.acheteur - before.users.current.byRole.acheteur).toBe(2);
  expect(after.users.current.total - before.users.current.total).toBe(3);

  const client = await api();
  expect((await client.patch(`/api/users/${seller.uid}/role`).set(bearer(admin.token)).send({ role: 'livreur' })).status).toBe(200);
  expect((await client.patch(`/api/users/${buyer1.uid}/block`).set(bearer(admin.token)).send({ motif: 'Fraude' })).status).toBe(200);
  after = await stats();
  expect(after.users.current.byRole.vendeur - before.users.current.byRole.vendeur).toBe(0);
  expect(after.users.current.byRole.livreur - before.users.current.byRole.livreur).toBe(1);
  expect(after.users.current.blocked - before.users.current.blocked).toBe(1);
  // A role change is not a sign-up: the day's flow stays what it was.
  expect(after.users.signups.byRole.livreur).toBe(before.users.signups.byRole.livreur);
  expect((await client.patch(`/api/users/${buyer1.uid}/unblock`).set(bearer(admin.token)).send({})).status).toBe(200);
  expect((await stats()).users.current.blocked).toBe(before.users.current.blocked);
});

it('files a sign-up under its business day in Benin: a range without that day does not show it', async () => {
  // 23:30 UTC is already the next day in Porto-Novo (UTC+1).
  setClock(() => new Date('2026-03-09T23:30:00Z'));
  await createUser('transitaire');
  resetClock();
  const day = await stats('?from=2026-03-10&to=2026-03-10');
  expect(day.users.signups.byRole.transitaire).toBe(1);
  expect(day.users.signups.byDay).toEqual([{ day: '2026-03-10', total: 1, byRole: expect.objectContaining({ transitaire: 1 }) }]);
  expect((await stats('?from=2026-03-09&to=2026-03-09')).users.signups.total).toBe(0);
});

it('counts listings entering each status and keeps the listings by status, deletions included', async () => {
  const seller = await createUser('vendeur');
  const before = await stats();
  const client = await api();
  const kept = await publish(seller, { titre: 'Peugeot 406 à rénover' });
  const gone = await publish(seller, { titre: 'Honda Civic 2009' });
  expect((await client.post(`/api/articles/${kept.id}/reject`).set(bearer(admin.token)).send({ motif: 'Photos floues' })).status).toBe(200);
  expect((await client.patch(`/api/articles/${kept.id}`).set(bearer(seller.token)).send({ prix: 2_000_000 })).status).toBe(200);
  expect((await client.post(`/api/articles/${kept.id}/approve`).set(bearer(admin.token)).send({})).status).toBe(200);
  expect((await client.post(`/api/articles/${kept.id}/withdraw`).set(bearer(seller.token)).send({})).status).toBe(200);
  expect((await client.delete(`/api/articles/${gone.id}`).set(bearer(seller.token))).status).toBe(200);
  const after = await stats();
  const delta = (status: string) => after.listings.entered[status] - before.listings.entered[status];
  // Both created online (ARTICLE_MODERATION=post), one rejected, edited back to moderation, approved, withdrawn.
  expect({ en_ligne: delta('en_ligne'), rejete: delta('rejete'), en_attente: delta('en_attente'), retire: delta('retire'), vendu: delta('vendu') }).toEqual({
    en_ligne: 3,
    rejete: 1,
    en_attente: 1,
    retire: 1,
    vendu: 0,
  });
  expect(after.listings.created - before.listings.created).toBe(2);
  expect(after.listings.deleted - before.listings.deleted).toBe(1);
  expect(after.listings.current.byStatus.retire - before.listings.current.byStatus.retire).toBe(1);
  expect(after.listings.current.byStatus.en_ligne - before.listings.current.byStatus.en_ligne).toBe(0);
  expect(after.listings.current.total - before.listings.current.total).toBe(1);
});

it('counts a purchase paid through FeexPay (payment statuses and revenue by type), the listing sold, and the transit mission moving', async () => {
  const [seller, buyer, chosen] = await Promise.all([createUser('vendeur'), createUser('acheteur'), forwarder()]);
  const before = await stats();
  const { articleId } = await startJourney(buyer, seller, sandbox());
  expect((await selectForwarder(buyer, articleId, chosen.uid)).status).toBe(200);
  const after = await stats();
  const achat = (await db().collection(COLLECTIONS.achats).where('articleId', '==', articleId).get()).docs[0].data();
  const pay = (stats: Stats) => stats.payments.byType.achat;
  expect(pay(after).entered.pending - pay(before).entered.pending).toBe(1);
  expect(pay(after).entered.success - pay(before).entered.success).toBe(1);
  expect(pay(after).revenue - pay(before).revenue).toBe(achat.prix);
  expect(after.payments.revenue - before.payments.revenue).toBe(achat.prix);
  expect(after.payments.revenueByDay.find((row: Stats) => row.day === today()).revenue).toBe(after.payments.revenue);
  expect(after.payments.current.byType.achat.success - before.payments.current.byType.achat.success).toBe(1);
  expect(after.payments.current.byType.achat.pending - before.payments.current.byType.achat.pending).toBe(0);
  expect(after.listings.entered.vendu - before.listings.entered.vendu).toBe(1);
  expect(after.missions.entered.parcours - before.missions.entered.parcours).toBe(1);
  expect(after.missions.entered.en_cours - before.missions.entered.en_cours).toBe(1);
  expect(after.missions.current.byStatus.en_cours - before.missions.current.byStatus.en_cours).toBe(1);
  expect(after.missions.current.byStatus.parcours - before.missions.current.byStatus.parcours).toBe(0);
});

it('counts an order placed then cancelled, and a delivery created then cancelled with its refund', async () => {
  const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
  const before = await stats();
  const client = await api();
  const part = await publish(seller, { type: 'piece', titre: 'Alternateur Corolla', prix: 30_000, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
  const placed = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: part.id, quantite: 1 }], livraison: false });
  expect(placed.status).toBe(201);
  expect((await client.post(`/api/orders/${placed.body.data.id}/cancel`).set(bearer(buyer.token)).send({})).status).toBe(200);

  const { deliveryId } = await paidAchat(buyer, seller, 800_000);
  const cancelled = await client.post(`/api/deliveries/${deliveryId}/cancel`).set(bearer(buyer.token)).send({});
  expect(cancelled.status).toBe(200);
  const after = await stats();
  expect(after.orders.entered.pending - before.orders.entered.pending).toBe(1);
  expect(after.orders.entered.cancelled - before.orders.entered.cancelled).toBe(1);
  expect(after.orders.current.byStatus.cancelled - before.orders.current.byStatus.cancelled).toBe(1);
  expect(after.orders.current.byStatus.pending - before.orders.current.byStatus.pending).toBe(0);
  expect(after.deliveries.entered.commande - before.deliveries.entered.commande).toBe(1);
  expect(after.deliveries.entered.annule - before.deliveries.entered.annule).toBe(1);
  expect(after.deliveries.current.byStatus.annule - before.deliveries.current.byStatus.annule).toBe(1);
  expect(after.deliveries.current.byStatus.commande - before.deliveries.current.byStatus.commande).toBe(0);
  // The cancelled delivery's payment (800,000 + the fee) goes back whole: a refund of an `achat` payment.
  const refund = (await db().collection(COLLECTIONS.payments).where('userId', '==', buyer.uid).get()).docs[0].data().refund;
  expect(after.payments.byType.achat.refunds.count - before.payments.byType.achat.refunds.count).toBe(1);
  expect(after.payments.byType.achat.refunds.montant - before.payments.byType.achat.refunds.montant).toBe(refund.montant);
  expect(after.payments.refunds.montant - before.payments.refunds.montant).toBe(refund.montant);
});

it('counts an event once, however often it is delivered, even at the same time', async () => {
  const before = await stats();
  const at = new Date().toISOString();
  const id = await runTransaction(async (tx) => emit(tx, 'mission.status_changed', `twice_traite_${Date.parse(at)}`, { missionId: 'twice', from: 'transferer', to: 'traite', at }));
  await Promise.all([dispatchEvent(id), dispatchEvent(id)]);
  // A dispatch that did its work but died before marking the event handed out is run again: with
  // that record gone, the outbox hands the same event to the counter again, then twice at once.
  expect(Object.entries(await redeliver(id)).filter(([name]) => name === 'admin.stats_mission_status')).toEqual([['admin.stats_mission_status', 'done']]);
  await db().collection(COLLECTIONS.events).doc(id).update({ dispatch: 'pending' });
  await Promise.all([dispatchEvent(id), dispatchEvent(id)]);
  const after = await stats();
  expect(after.missions.entered.traite - before.missions.entered.traite).toBe(1);
  expect(after.missions.current.byStatus.traite - before.missions.current.byStatus.traite).toBe(1);
  expect(after.missions.current.byStatus.transferer - before.missions.current.byStatus.transferer).toBe(-1);
});

describe('range', () => {
  it('defaults to the last 30 business days, today included, every day listed', async () => {
    const data = await stats();
    expect(data.to).toBe(today());
    expect(data.days).toBe(30);
    expect(data.users.signups.byDay).toHaveLength(30);
    expect(data.users.signups.byDay[0].day).toBe(data.from);
    expect(data.payments.revenueByDay.at(-1).day).toBe(today());
  });

  it('accepts 92 days and one day, refuses 93 days, an inverted range and days that do not exist', async () => {
    setClock(() => new Date('2026-04-15T10:00:00Z'));
    expect((await stats('?from=2026-01-01&to=2026-04-02')).days).toBe(92);
    expect((await stats('?from=2026-02-28&to=2026-02-28')).days).toBe(1);
    const client = await api();
    const ask = (query: string) => client.get(`/api/admin/stats${query}`).set(bearer(admin.token));
    const tooLong = await ask('?from=2026-01-01&to=2026-04-03');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('STATS_RANGE_TOO_LONG');
    expect((await ask('?from=2020-01-01&to=2026-04-15')).body.code).toBe('STATS_RANGE_TOO_LONG');
    // Centuries reach before the floor: refused for that, before their length is counted.
    const centuries = await ask('?from=1900-01-01&to=2099-12-31');
    expect(centuries.body.code).toBe('STATS_RANGE_OUT_OF_BOUNDS');
    const inverted = await ask('?from=2026-03-02&to=2026-03-01');
    expect(inverted.status).toBe(400);
    expect(inverted.body.code).toBe('STATS_RANGE_INVERTED');
    for (const query of ['?from=2026-02-30', '?to=2026-13-01', '?from=yesterday', '?from=2026-3-1', '?days=7']) {
      const res = await ask(query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  // docs/guides/admin.md, "Dashboard statistics": "`from` alone runs to today, `to` alone starts 29 days before it (not before 2020-01-01);
  // at most 92, `STATS_RANGE_TOO_LONG`; ... a day before 2020-01-01 ... or after today ...: `STATS_RANGE_OUT_OF_BOUNDS`, never clamped".
  it('runs `from` alone to today, refuses it past 92 days; refuses days before 2020-01-01 or after today, year 0 included', async () => {
    setClock(() => new Date('2026-04-15T10:00:00Z'));
    const alone = await stats('?from=2026-04-06');
    expect([alone.from, alone.to, alone.days, alone.users.signups.byDay.at(-1).day]).toEqual(['2026-04-06', '2026-04-15', 10, '2026-04-15']);
    expect((await stats('?from=2026-01-14')).days).toBe(92);
    const client = await api();
    const ask = (query: string) => client.get(`/api/admin/stats${query}`).set(bearer(admin.token));
    const tooLong = await ask('?from=2026-01-13');
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'STATS_RANGE_TOO_LONG']);
    for (const query of ['?from=2026-04-16', '?to=2026-04-16', '?from=2026-04-10&to=2026-05-01', '?to=0000-01-10', '?from=0000-01-01&to=0000-01-10', '?from=2019-12-31&to=2020-01-05', '?to=2019-12-31']) {
      const res = await ask(query);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'STATS_RANGE_OUT_OF_BOUNDS']);
    }
    const english = await client.get('/api/admin/stats?to=0000-01-10').set(bearer(admin.token)).set('Accept-Language', 'en');
    expect(english.body.message).toBe('The range must lie between 2020-01-01 and today.');
    // `to` alone near the floor: its default start stops at the floor.
    const early = await stats('?to=2020-01-10');
    expect([early.from, early.to, early.days]).toEqual(['2020-01-01', '2020-01-10', 10]);
    expect((await stats('?from=2020-01-01&to=2020-01-01')).days).toBe(1);
    // Today is the last day a range may end on (in BUSINESS_TIME_ZONE: 23:30 UTC is tomorrow in Porto-Novo).
    setClock(() => new Date('2026-04-15T23:30:00Z'));
    expect((await stats('?to=2026-04-16')).to).toBe('2026-04-16');
  });

  // docs/guides/admin.md, "Dashboard statistics": "Totals over the range that are listed by day (`users.signups.total` and `byRole`,
  // `payments.revenue`) are the sums of the day rows they come with".
  it('answers totals equal to the sums of the days listed, and to what was counted, over generated ranges', async () => {
    setClock(() => new Date('2026-04-15T10:00:00Z'));
    // A small seeded generator: the same ranges every run, so a failure can be replayed.
    let seed = 23;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const FIRST = '2025-01-01';
    const SPAN = 150;
    const signups: Array<{ day: string; role: string }> = [];
    const revenue: Array<{ day: string; type: string; montant: number }> = [];
    const writes: Array<Promise<boolean>> = [];
    for (let index = 0; index < 80; index++) {
      const day = addDays(FIRST, Math.floor(random() * SPAN));
      const role = pick(ROLES);
      signups.push({ day, role });
      // Noon in Porto-Novo: the business day is the calendar day.
      writes.push(countOnce(`range-signup-${index}`, userRegistered({ uid: `u${index}`, role, app: 'client', referrerId: null, referralCode: null, registeredAt: `${day}T11:00:00Z` } as never)));
    }
    for (let index = 0; index < 50; index++) {
      const day = addDays(FIRST, Math.floor(random() * SPAN));
      const type = pick(PAYMENT_TYPES);
      const montant = 500 + Math.floor(random() * 100_000);
      revenue.push({ day, type, montant });
      writes.push(countOnce(`range-payment-${index}`, paymentStatusChanged({ paymentId: `p${index}`, type, from: 'pending', to: 'success', montant, at: `${day}T11:00:00Z` } as never)));
    }
    await Promise.all(writes);

    for (let attempt = 0; attempt < 12; attempt++) {
      const length = 1 + Math.floor(random() * 92);
      const from = addDays(FIRST, Math.floor(random() * (SPAN + 40)) - 20);
      const to = addDays(from, length - 1);
      const data = await stats(`?from=${from}&to=${to}`);
      const inRange = (day: string) => day >= from && day <= to;
      expect([data.from, data.to, data.days, data.users.signups.byDay.length]).toEqual([from, to, length, length]);
      const rows = data.users.signups.byDay as Array<{ day: string; total: number; byRole: Record<string, number> }>;
      expect(new Set(rows.map((row) => row.day)).size).toBe(length);
      expect(data.users.signups.total).toBe(rows.reduce((total, row) => total + row.total, 0));
      expect(data.users.signups.total).toBe(signups.filter((signup) => inRange(signup.day)).length);
      for (const role of ROLES) {
        expect(data.users.signups.byRole[role]).toBe(rows.reduce((total, row) => total + row.byRole[role], 0));
        expect(data.users.signups.byRole[role]).toBe(signups.filter((signup) => inRange(signup.day) && signup.role === role).length);
      }
      for (const row of rows) expect(row.total).toBe(signups.filter((signup) => signup.day === row.day).length);
      const days = data.payments.revenueByDay as Array<{ day: string; revenue: number }>;
      const expected = revenue.filter((payment) => inRange(payment.day)).reduce((total, payment) => total + payment.montant, 0);
      expect(data.payments.revenue).toBe(days.reduce((total, row) => total + row.revenue, 0));
      expect(data.payments.revenue).toBe(expected);
      expect(PAYMENT_TYPES.reduce((total, type) => total + data.payments.byType[type].revenue, 0)).toBe(expected);
    }
  });
});

describe('access', () => {
  it('answers admin levels, refuses no token, other roles and a blocked admin', async () => {
    const client = await api();
    expect((await client.get('/api/admin/stats')).status).toBe(401);
    for (const role of ['acheteur', 'vendeur', 'chauffeur', 'transitaire', 'livreur', 'agentCommercial'] as const) {
      const user = await createUser(role);
      const res = await client.get('/api/admin/stats').set(bearer(user.token));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN_ROLE');
    }
    for (const role of ['gestionnaire', 'principal', 'superAdmin'] as const) {
      const user = await createUser(role);
      expect((await client.get('/api/admin/stats').set(bearer(user.token))).status).toBe(200);
    }
    const blocked = await createUser('admin');
    const superAdmin = await createUser('superAdmin');
    expect((await client.patch(`/api/users/${blocked.uid}/block`).set(bearer(superAdmin.token)).send({})).status).toBe(200);
    const refused = await client.get('/api/admin/stats').set(bearer(blocked.token));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('USER_BLOCKED');
  });
});

it('sets the gauges to what the collections hold (npm run backfill:counters): documents from before the counting, and a gauge gone wrong', async () => {
  const seller = await createUser('vendeur');
  const listing = await publish(seller);
  const online = async () => (await db().collection(COLLECTIONS.articles).where('statut', '==', 'en_ligne').count().get()).data().count;
  const gapBefore = (await online()) - (await stats()).listings.current.byStatus.en_ligne;
  // A listing written before the counting existed: no event ever counted it; withdrawing it now takes `en_ligne` below the truth.
  const old = db().collection(COLLECTIONS.articles).doc('listing-from-before');
  await old.set({ ...(await db().collection(COLLECTIONS.articles).doc(listing.id).get()).data(), statut: 'en_ligne' });
  expect((await (await api()).post(`/api/articles/${old.id}/withdraw`).set(bearer(seller.token))).status).toBe(200);
  const drifted = await stats();
  expect((await online()) - drifted.listings.current.byStatus.en_ligne).toBe(gapBefore + 1);

  const { reconcileGauges } = await import('../../functions/src/domains/admin/stats/reconcile');
  await reconcileGauges();
  const reconciled = await stats();
  expect(reconciled.listings.current.byStatus.en_ligne).toBe(await online());
  expect(reconciled.listings.current.byStatus.retire).toBe((await db().collection(COLLECTIONS.articles).where('statut', '==', 'retire').count().get()).data().count);
  const users = (await db().collection(COLLECTIONS.users).where('role', '==', 'vendeur').count().get()).data().count;
  expect(reconciled.users.current.byRole.vendeur).toBe(users);
  // Changes after it move the reconciled gauges as before.
  await publish(seller);
  expect((await stats()).listings.current.byStatus.en_ligne).toBe(await online());
});
