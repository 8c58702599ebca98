/**
 * An admin message's status (notifications/admin-messages/state.ts, machine.ts): its table, and its
 * moves as the database keeps them: the broadcast starts it `sending` with its first history entry,
 * the last page moves it `sent`, a delivery that could not be queued `failed`; the answers show no
 * history.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { sendPage } from '../../functions/src/domains/notifications/admin-messages/service';
import { ADMIN_MESSAGE_EVENTS, ADMIN_MESSAGE_STATUSES, ADMIN_MESSAGE_TRANSITIONS } from '../../functions/src/domains/notifications/admin-messages/state';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';
import { walk } from '../helpers/transition-table';

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});
restoreSettingsAndClockAfterEach();

/** The message as stored, its history's moments as ISO strings. */
async function storedMessage(id: string) {
  const message = (await db().collection(COLLECTIONS.adminMessages).doc(id).get()).data()!;
  const history = (message.history as Array<{ at: FirebaseFirestore.Timestamp }>).map((entry) => ({ ...entry, at: entry.at.toDate().toISOString() }));
  return { statut: message.statut, history, finishedAt: message.finishedAt?.toDate().toISOString() ?? null };
}

const broadcast = async (body: string) =>
  (await api()).post('/api/notifications/admin-messages').set(bearer(admin.token)).send({ audience: 'transitaire', fr: { title: 'Annonce', body } });

it('moves by its table: a sending message is sent or failed, and nothing moves a finished one', () => {
  walk(ADMIN_MESSAGE_TRANSITIONS, ADMIN_MESSAGE_STATUSES, ADMIN_MESSAGE_EVENTS, {
    'sending --finish-->': 'sent',
    'sending --fail-->': 'failed',
  });
});

it('starts sending with the admin’s entry and ends sent with the delivery’s, without showing its history', async () => {
  const start = new Date(Math.floor(Date.now() / 1000) * 1000);
  const move = frozenClock(start);
  const end = new Date(start.getTime() + 60_000).toISOString();
  await createUser('transitaire');
  const posted = await broadcast('Nouveaux tarifs en avril.');
  expect(posted.status).toBe(201);
  expect(posted.body.data).toMatchObject({ statut: 'sending', finishedAt: null });
  expect(posted.body.data).not.toHaveProperty('history');
  const id = posted.body.data.id as string;
  expect(await storedMessage(id)).toEqual({ statut: 'sending', history: [{ statut: 'sending', at: start.toISOString(), by: admin.uid, reason: null }], finishedAt: null });

  move(60_000);
  let step = await sendPage(id, null, false);
  while (!step.done) step = await sendPage(id, step.cursor, false);
  expect(await storedMessage(id)).toEqual({
    statut: 'sent',
    history: [
      { statut: 'sending', at: start.toISOString(), by: admin.uid, reason: null },
      { statut: 'sent', at: end, by: 'system', reason: null },
    ],
    finishedAt: end,
  });
  const history = await (await api()).get('/api/notifications/admin-messages/history').set(bearer(admin.token));
  expect(history.body.data.find((message: { id: string }) => message.id === id)).toMatchObject({ statut: 'sent' });
  expect(history.body.data.find((message: { id: string }) => message.id === id)).not.toHaveProperty('history');
});

it('fails, with the reason in its history, when its delivery cannot be queued', async () => {
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  frozenClock(at);
  // Nothing listens there: the queue refuses at once.
  useSettings({ ADMIN_MESSAGE_TASKS_ENABLED: 'true', CLOUD_TASKS_EMULATOR_HOST: '127.0.0.1:9' });
  const refused = await broadcast('Maintenance ce soir.');
  expect([refused.status, refused.body.code]).toEqual([503, 'TASK_QUEUE_UNAVAILABLE']);
  const sent = await db().collection(COLLECTIONS.adminMessages).where('fr.body', '==', 'Maintenance ce soir.').get();
  expect(sent.size).toBe(1);
  expect(await storedMessage(sent.docs[0].id)).toEqual({
    statut: 'failed',
    history: [
      { statut: 'sending', at: at.toISOString(), by: admin.uid, reason: null },
      { statut: 'failed', at: at.toISOString(), by: 'system', reason: 'TASK_QUEUE_UNAVAILABLE' },
    ],
    finishedAt: at.toISOString(),
  });
  // A page delivered late finds it finished and writes nothing.
  expect(await sendPage(sent.docs[0].id, null, false)).toEqual({ done: true, cursor: null });
  expect((await storedMessage(sent.docs[0].id)).statut).toBe('failed');
});
