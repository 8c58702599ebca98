/**
 * The deployed outbox and notices, invoked as Firebase invokes them (test/helpers/wrapped.ts): the
 * event trigger and the sweep hand an event to its subscribers, a notice's creation pushes it, a
 * queued WhatsApp notice is sent, an admin broadcast's task writes its page. Their logic is tested
 * in events.test.ts and the domains' tests; here, that the built functions do it from the event
 * or task Firebase sends.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { resetClock, setClock } from '../../functions/src/core/clock';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { registerDevice } from '../helpers/pushes';
import { restoreSettings, useSettings } from '../helpers/settings';
import { runDeployed } from '../helpers/wrapped';

// Each call starts a process that loads the deployed bundle, as a cold instance does.
jest.setTimeout(90_000);

let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller] = await Promise.all([createUser('admin'), createUser('vendeur')]);
});
afterEach(() => {
  resetClock();
  restoreSettings();
});

const noticesOf = async (user: TestUser, type: string) =>
  (await db().collection(COLLECTIONS.users).doc(user.uid).collection(COLLECTIONS.notifications).where('type', '==', type).get()).docs;

/** A listing of the seller rejected by the admin, its events left to the outbox's functions (no inline dispatch); the id of its `article.moderated`. */
async function rejectedListing(): Promise<{ articleId: string; eventId: string }> {
  const listing = await publish(seller);
  useSettings({ EVENTS_DISPATCH_INLINE: 'false' });
  const decided = await (await api()).post(`/api/articles/${listing.id}/reject`).set(bearer(admin.token)).send({ motif: 'Photos floues' });
  expect(decided.status).toBe(200);
  restoreSettings();
  const events = await db().collection(COLLECTIONS.events).where('type', '==', 'article.moderated').where('payload.articleId', '==', listing.id).get();
  expect(events.docs.map((event) => event.get('dispatch'))).toEqual(['pending']);
  return { articleId: listing.id, eventId: events.docs[0]!.id };
}

const resourceIds = (notices: Awaited<ReturnType<typeof noticesOf>>) => notices.map((notice) => (notice.get('resource') as { id: string }).id);

it('dispatchEvents: a new event document is handed to its subscribers (the seller told of the rejection)', async () => {
  const { articleId, eventId } = await rejectedListing();
  expect(resourceIds(await noticesOf(seller, 'article_rejected'))).not.toContain(articleId);
  const ref = db().collection(COLLECTIONS.events).doc(eventId);
  await runDeployed('dispatchEvents', { document: ref.path, params: { eventId } });
  expect(resourceIds(await noticesOf(seller, 'article_rejected'))).toContain(articleId);
  expect((await ref.get()).get('dispatch')).not.toBe('pending');
});

it('sweepEvents: an event the trigger missed is dispatched once its grace is over', async () => {
  // Written as a process that died after its commit would have left it, five minutes ago.
  setClock(() => new Date(Date.now() - 5 * 60_000));
  const { articleId, eventId } = await rejectedListing();
  resetClock();
  expect(resourceIds(await noticesOf(seller, 'article_rejected'))).not.toContain(articleId);
  await runDeployed('sweepEvents', { schedule: true });
  expect(resourceIds(await noticesOf(seller, 'article_rejected'))).toContain(articleId);
  expect((await db().collection(COLLECTIONS.events).doc(eventId).get()).get('dispatch')).not.toBe('pending');
});

it('pushNotifications: a new in-app notice is pushed to its recipient’s devices and marked pushed', async () => {
  const pushes = await registerDevice(seller);
  const at = new Date();
  // As a subscriber writes it (in-process tests push it at once; deployed, its creation fires the trigger).
  const notice = {
    type: 'admin_message', category: 'system', title: 'Maintenance', body: 'Service coupé dimanche.', language: 'fr',
    resource: { kind: 'adminMessage', id: 'wrapped-broadcast' }, read: false, readAt: null, createdAt: at, expireAt: new Date(at.getTime() + 90 * 86_400_000),
  };
  const ref = db().collection(COLLECTIONS.users).doc(seller.uid).collection(COLLECTIONS.notifications).doc('wrapped-notice');
  await ref.set(notice);
  await runDeployed('pushNotifications', { document: ref.path, params: { uid: seller.uid, notificationId: ref.id } });
  expect((await pushes()).map((push) => ({ title: push.title, type: push.data?.type }))).toEqual([{ title: 'Maintenance', type: 'admin_message' }]);
  expect((await ref.get()).get('pushedAt')).toBeTruthy();
});

it('sendTemplateNotices: a queued WhatsApp notice is sent through the messaging channel and marked sent', async () => {
  const at = new Date();
  const notice = { uid: seller.uid, to: seller.telephone, template: 'rapport_verification_pret', language: 'fr', params: ['Lexus RX 350 2015'], createdAt: at, sentAt: null, messageId: null, expireAt: new Date(at.getTime() + 30 * 86_400_000) };
  const ref = db().collection(COLLECTIONS.templateNotices).doc('wrapped-template-notice');
  await ref.set(notice);
  await runDeployed('sendTemplateNotices', { document: ref.path, params: { id: ref.id } });
  const sent = await db().collection(COLLECTIONS.localMessages).where('channel', '==', 'template').where('to', '==', seller.telephone).get();
  expect(sent.docs.map((doc) => doc.data())).toEqual([expect.objectContaining({ template: 'rapport_verification_pret', params: ['Lexus RX 350 2015'] })]);
  expect((await ref.get()).data()).toMatchObject({ sentAt: expect.anything(), messageId: expect.any(String) });
});

it('sendAdminMessage: the task writes its page of recipients and ends the broadcast', async () => {
  const courier = await createUser('livreur');
  const posted = await (await api())
    .post('/api/notifications/admin-messages')
    .set(bearer(admin.token))
    .send({ audience: 'livreur', fr: { title: 'Maintenance', body: 'Service coupé dimanche.' } });
  expect(posted.body.data).toMatchObject({ statut: 'sending', recipients: 0 });
  const messageId = posted.body.data.id as string;
  await runDeployed('sendAdminMessage', { task: { messageId, cursor: null } });
  expect((await db().collection(COLLECTIONS.adminMessages).doc(messageId).get()).data()).toMatchObject({ statut: 'sent', recipients: 1 });
  expect((await noticesOf(courier, 'admin_message')).map((doc) => doc.get('body'))).toEqual(['Service coupé dimanche.']);
});
