/**
 * /api/notifications: one in-app notification per event and recipient, in the recipient's
 * language, pushed unless its category is off; the user's list and flags; admin broadcasts.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { NoticeType } from '../../functions/src/core/notices';
import { sendPage } from '../../functions/src/domains/notifications/admin-messages/service';
import { notify } from '../../functions/src/domains/notifications/service';
import { allNotices, mergeNotices } from '../../functions/src/notices';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { forwarder as eligibleForwarder, paidTransitPurchase } from '../helpers/transit';
import { registerDevice } from '../helpers/pushes';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});
restoreSettingsAndClockAfterEach();

const stored = async (user: TestUser) =>
  (await db().collection(COLLECTIONS.users).doc(user.uid).collection(COLLECTIONS.notifications).orderBy('createdAt').get()).docs.map((doc) => ({
    id: doc.id,
    ...doc.data(),
  })) as Array<Record<string, unknown> & { id: string }>;

/** Registers a device for the user; answers a reader of the titles and types pushed to it. */
async function device(user: TestUser) {
  const pushes = await registerDevice(user);
  return async () => (await pushes()).map((push) => ({ title: push.title, type: push.data?.type }));
}

const speaks = async (user: TestUser, language: 'fr' | 'en') =>
  expect((await (await api()).patch('/api/settings/language').set(bearer(user.token)).send({ language })).status).toBe(200);

it('tells each party of a transit journey in its own language, in the app and on its devices', async () => {
  const [seller, buyer, forwarder] = await Promise.all([createUser('vendeur'), createUser('acheteur'), eligibleForwarder()]);
  await speaks(forwarder, 'en');
  const client = await api();
  const listing = await publish(seller, { titre: 'Toyota Hilux 2019' });
  await paidTransitPurchase(buyer, listing.id, sandbox());
  // Devices registered once the purchase is paid: their pushes are the journey's.
  const [forwarderPushes, buyerPushes] = [await device(forwarder), await device(buyer)];
  const started = await client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id, paysDestination: 'NG' });
  const missionId = started.body.data.id as string;

  await client.post('/api/transit-missions/select-transitaire').set(bearer(buyer.token)).send({ articleId: listing.id, transitaireId: forwarder.uid });
  const selection = await client.get('/api/notifications').set(bearer(forwarder.token));
  expect(selection.body.data).toEqual([
    {
      id: expect.stringMatching(/^[0-9a-f]{40}$/),
      type: 'transit_selection',
      category: 'transit',
      title: 'New transit mission',
      body: 'A buyer chose you for “Toyota Hilux 2019”.',
      language: 'en',
      resource: { kind: 'transitMission', id: missionId },
      read: false,
      readAt: null,
      createdAt: expect.any(String),
    },
  ]);
  expect(await forwarderPushes()).toEqual([{ title: 'New transit mission', type: 'transit_selection' }]);

  await client.patch(`/api/transit-missions/${missionId}/rejeter-attribution`).set(bearer(forwarder.token));
  const [paid, told] = await stored(buyer);
  expect(paid.type).toBe('achat_paid');
  expect(told).toMatchObject({ type: 'transit_rejected', language: 'fr', title: 'Transitaire indisponible', resource: { kind: 'transitMission', id: missionId } });
  expect(told.body).toContain('« Toyota Hilux 2019 »');
  expect(await buyerPushes()).toEqual([{ title: 'Transitaire indisponible', type: 'transit_rejected' }]);
  // Nobody else was told anything of the journey (the seller only of its sale: to hand it over, its price held until then).
  expect((await stored(seller)).map((notification) => notification.type)).toEqual(['achat_to_hand_over']);
});

it('lists, counts, marks read and unread, reads all and deletes the caller’s own notifications only', async () => {
  const [user, other] = await Promise.all([createUser('acheteur'), createUser('acheteur')]);
  const move = frozenClock();
  for (const title of ['A', 'B', 'C']) {
    await notify(user.uid, { type: 'transit_completed', key: `mission-${title}`, params: { articleTitre: title }, resource: { kind: 'transitMission', id: title } });
    move(1000);
  }
  await notify(other.uid, { type: 'transit_completed', key: 'mission-X', params: { articleTitre: 'X' } });
  const [otherNotification] = await stored(other);
  const client = await api();
  const get = (path: string) => client.get(path).set(bearer(user.token));
  const patch = (path: string) => client.patch(path).set(bearer(user.token));

  const all = await get('/api/notifications?limit=2');
  expect(all.body.data.map((n: { body: string }) => n.body.match(/« (.) »/)?.[1])).toEqual(['C', 'B']);
  expect(all.body.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
  expect((await get('/api/notifications/unread-count')).body.data).toEqual({ count: 3 });

  const [newest] = all.body.data as Array<{ id: string }>;
  const read = await patch(`/api/notifications/${newest.id}/read`);
  expect(read.body.data).toMatchObject({ id: newest.id, read: true, readAt: expect.any(String) });
  expect((await get('/api/notifications/unread-count')).body.data).toEqual({ count: 2 });
  expect((await get('/api/notifications?unread=true')).body.data.map((n: { id: string }) => n.id)).not.toContain(newest.id);
  expect((await patch(`/api/notifications/${newest.id}/unread`)).body.data).toMatchObject({ read: false, readAt: null });
  expect((await get('/api/notifications/unread-count')).body.data).toEqual({ count: 3 });

  expect((await patch('/api/notifications/read-all')).body.data).toEqual({ updated: 3, hasMore: false });
  expect((await get('/api/notifications/unread-count')).body.data).toEqual({ count: 0 });
  expect((await patch('/api/notifications/read-all')).body.data).toEqual({ updated: 0, hasMore: false });

  expect((await client.delete(`/api/notifications/${newest.id}`).set(bearer(user.token))).body.data).toEqual({ deleted: true });
  expect((await get('/api/notifications')).body.pagination.total).toBe(2);
  const again = await client.delete(`/api/notifications/${newest.id}`).set(bearer(user.token)).set('Accept-Language', 'en');
  expect(again.status).toBe(404);
  expect(again.body).toMatchObject({ success: false, code: 'NOTIFICATION_NOT_FOUND', message: 'Notification not found.' });

  // Another user's notification is out of reach, and left as it was.
  for (const res of [
    await patch(`/api/notifications/${otherNotification.id}/read`),
    await client.delete(`/api/notifications/${otherNotification.id}`).set(bearer(user.token)),
  ]) {
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOTIFICATION_NOT_FOUND');
  }
  expect(await stored(other)).toEqual([expect.objectContaining({ id: otherNotification.id, read: false })]);
  expect(await stored(user)).toHaveLength(2);

  expect((await patch('/api/notifications/not-an-id/read')).body.code).toBe('VALIDATION_ERROR');
  expect((await get('/api/notifications?unread=maybe')).body.code).toBe('VALIDATION_ERROR');
  expect((await client.get('/api/notifications')).status).toBe(401);
});

it('stores and pushes an event once however often it is told, and pushes nothing for a category turned off', async () => {
  const user = await createUser('vendeur');
  const pushes = await device(user);
  const event = { type: 'article_sold' as const, key: 'payment-1', params: { articleTitre: 'Yamaha Crypton', net: '475000' }, resource: { kind: 'article' as const, id: 'a1' } };
  await Promise.all(Array.from({ length: 5 }, () => notify(user.uid, event)));
  const [sold] = await stored(user);
  expect(await stored(user)).toHaveLength(1);
  expect(sold.body).toBe('« Yamaha Crypton » est remis à l’acheteur. 475 000 XOF sont crédités sur votre portefeuille.');
  expect(await pushes()).toEqual([{ title: 'Vente remise', type: 'article_sold' }]);

  expect((await (await api()).patch('/api/settings/notifications').set(bearer(user.token)).send({ orders: false })).status).toBe(200);
  await notify(user.uid, { ...event, key: 'payment-2' });
  expect(await stored(user)).toHaveLength(2);
  expect(await pushes()).toHaveLength(1);
});

it('marks at most 400 read per call and says when more are left', async () => {
  const user = await createUser('acheteur');
  const at = new Date();
  const batch = db().batch();
  for (let i = 0; i < 405; i += 1) {
    batch.set(db().collection(COLLECTIONS.users).doc(user.uid).collection(COLLECTIONS.notifications).doc(`n${i}`), {
      type: 'admin_message',
      category: 'system',
      title: 't',
      body: 'b',
      language: 'fr',
      resource: null,
      read: false,
      readAt: null,
      createdAt: at,
      expireAt: new Date(at.getTime() + 86_400_000),
    });
  }
  await batch.commit();
  const client = await api();
  expect((await client.patch('/api/notifications/read-all').set(bearer(user.token))).body.data).toEqual({ updated: 400, hasMore: true });
  expect((await client.patch('/api/notifications/read-all').set(bearer(user.token))).body.data).toEqual({ updated: 5, hasMore: false });
  expect((await client.get('/api/notifications/unread-count').set(bearer(user.token))).body.data).toEqual({ count: 0 });
});

describe('notice templates, declared by each domain', () => {
  /** Every parameter a template reads; a template reading another one shows `undefined` below. */
  const params = {
    articleTitre: 'Toyota Hilux 2019',
    titre: 'Toyota Hilux 2019',
    motif: 'Photos floues',
    dateFin: '2026-12-01T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    montant: '150000',
    net: '142500',
    rembourse: 'true',
    sujet: 'Cotonou → Parakou',
    date: '2026-12-01T09:00:00.000Z',
    orderId: 'Qx7pL2mN9',
    statut: 'shipped',
    nom: 'Mathieu Houessou',
    deliveryId: 'order_Qx7pL2mN9',
    distanceKm: '0.4',
    trajetKm: '8.5',
    gainLivreur: '1300',
    closesAt: '2026-12-01T12:00:00.000Z',
    venteId: 'Qx7pL2mN9',
  };

  it('say something in both languages for every notice', async () => {
    const templates = Object.entries(await allNotices());
    expect(templates.length).toBeGreaterThan(15);
    for (const [name, template] of templates) {
      for (const language of ['fr', 'en'] as const) {
        const { title, body } = template![language](params);
        expect({ name, language, title: title.length > 0, body: /undefined|NaN|Invalid/.test(body) ? body : 'filled' }).toEqual({ name, language, title: true, body: 'filled' });
      }
    }
  });

  it('refuse a name two domains declare', () => {
    const one = { category: 'system' as const, to: 'the account', when: 'a test says so', fr: () => ({ title: 'a', body: 'b' }), en: () => ({ title: 'a', body: 'b' }) };
    expect(() => mergeNotices([{ password_changed: one }, { password_changed: one }])).toThrow('The notice "password_changed" is declared by two domains');
  });

  it('write nothing for a notice no domain declared: the run fails (to be retried, then parked)', async () => {
    const user = await createUser('acheteur');
    await expect(notify(user.uid, { type: 'no_such_notice' as NoticeType, key: 'k' })).rejects.toThrow('No template for the notice "no_such_notice"');
    expect(await stored(user)).toEqual([]);
  });
});

describe('admin broadcasts', () => {
  it('are for admins only and refuse an unknown audience', async () => {
    const seller = await createUser('vendeur');
    const client = await api();
    const message = { audience: 'livreur', fr: { title: 'Info', body: 'Bonjour' } };
    const refused = await client.post('/api/notifications/admin-messages').set(bearer(seller.token)).send(message);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN_ROLE');
    expect((await client.get('/api/notifications/admin-messages/history').set(bearer(seller.token))).status).toBe(403);
    const bad = await client.post('/api/notifications/admin-messages').set(bearer(admin.token)).send({ ...message, audience: 'martians' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await db().collection(COLLECTIONS.adminMessages).get()).size).toBe(0);
  });

  it('reach every unblocked user of the role, page by page, each in its language, once', async () => {
    useSettings({ ADMIN_MESSAGE_PAGE_SIZE: '2' });
    const couriers = await Promise.all([createUser('livreur'), createUser('livreur'), createUser('livreur'), createUser('livreur')]);
    const [english, blocked] = couriers;
    const buyer = await createUser('acheteur');
    await speaks(english, 'en');
    const client = await api();
    expect((await client.patch(`/api/users/${blocked.uid}/block`).set(bearer(admin.token)).send({ motif: 'fraude' })).status).toBe(200);
    const englishPushes = await device(english);

    const posted = await client
      .post('/api/notifications/admin-messages')
      .set(bearer(admin.token))
      .send({ audience: 'livreur', fr: { title: 'Maintenance', body: 'Service coupé dimanche.' }, en: { title: 'Maintenance', body: 'Service down on Sunday.' } });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ audience: 'livreur', statut: 'sending', recipients: 0, sentBy: admin.uid });
    const messageId = posted.body.data.id as string;

    // The queue's work, page by page (the end-to-end test runs it through Cloud Tasks).
    let step = await sendPage(messageId, null, false);
    const afterFirst = step.cursor;
    // The same page delivered again writes nothing.
    expect(await sendPage(messageId, null, false)).toEqual({ done: false, cursor: afterFirst });
    let pages = 1;
    while (!step.done) {
      step = await sendPage(messageId, step.cursor, false);
      pages += 1;
    }
    expect(pages).toBe(3); // 4 couriers, 2 a page, and an empty last page
    const message = (await db().collection(COLLECTIONS.adminMessages).doc(messageId).get()).data()!;
    expect(message).toMatchObject({ statut: 'sent', recipients: 3 });

    for (const courier of couriers) {
      const notifications = await stored(courier);
      if (courier === blocked) expect(notifications).toEqual([]);
      else expect(notifications).toEqual([expect.objectContaining({ type: 'admin_message', resource: { kind: 'adminMessage', id: messageId } })]);
    }
    expect((await stored(english))[0]).toMatchObject({ language: 'en', body: 'Service down on Sunday.' });
    expect((await stored(couriers[2]))[0]).toMatchObject({ language: 'fr', body: 'Service coupé dimanche.' });
    expect(await englishPushes()).toEqual([{ title: 'Maintenance', type: 'admin_message' }]);
    expect(await stored(buyer)).toEqual([]);

    // A late redelivery of the first task changes nothing, not even a read flag.
    const id = (await stored(english))[0].id;
    await client.patch(`/api/notifications/${id}/read`).set(bearer(english.token));
    expect(await sendPage(messageId, null, false)).toEqual({ done: true, cursor: expect.any(String) });
    expect((await stored(english))[0]).toMatchObject({ read: true });
    expect((await db().collection(COLLECTIONS.adminMessages).doc(messageId).get()).get('recipients')).toBe(3);

    const history = await client.get('/api/notifications/admin-messages/history').set(bearer(admin.token));
    expect(history.body.data[0]).toMatchObject({ id: messageId, statut: 'sent', recipients: 3, finishedAt: expect.any(String), en: { title: 'Maintenance', body: 'Service down on Sunday.' } });
    expect(history.body.pagination.total).toBe(1);
  });

  it('reach everyone with audience `all`, in French when no English text is given', async () => {
    const buyer = await createUser('acheteur');
    await speaks(buyer, 'en');
    const posted = await (await api())
      .post('/api/notifications/admin-messages')
      .set(bearer(admin.token))
      .send({ audience: 'all', fr: { title: 'Bienvenue', body: 'Nouvelle version disponible.' } });
    let step = await sendPage(posted.body.data.id, null, false);
    while (!step.done) step = await sendPage(posted.body.data.id, step.cursor, false);
    const users = (await db().collection(COLLECTIONS.users).where('isBlocked', '==', false).count().get()).data().count;
    expect((await db().collection(COLLECTIONS.adminMessages).doc(posted.body.data.id).get()).get('recipients')).toBe(users);
    expect((await stored(buyer)).at(-1)).toMatchObject({ language: 'fr', title: 'Bienvenue', body: 'Nouvelle version disponible.' });
    expect((await stored(admin)).at(-1)).toMatchObject({ title: 'Bienvenue' });
  });
});
