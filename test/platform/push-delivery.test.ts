/** Push delivery through the adapter (App Check: test/platform/app-check.test.ts). */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { pushToUser } from '../../functions/src/domains/notifications/push';
import type { NotificationDocument } from '../../functions/src/domains/notifications/repository';
import { notify, pushNotice } from '../../functions/src/domains/notifications/service';
import { countReads } from '../helpers/reads';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettings, useSettings } from '../helpers/settings';
import { pushesTo } from '../helpers/pushes';

beforeAll(resetEmulators);
afterEach(restoreSettings);

describe('push delivery', () => {
  const pushTokens = async (uid: string) =>
    (await db().collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.pushTokens).get()).docs.map((doc) => doc.get('token')).sort();

  it('prunes tokens the push service reports dead, retries passing failures and keeps those tokens', async () => {
    useSettings({ PUSH_MAX_ATTEMPTS: '2' });
    const buyer = await createUser('acheteur');
    const tokens = [`good-${'a'.repeat(30)}`, `invalid-${'b'.repeat(30)}`, `unavailable-${'c'.repeat(30)}`];
    for (const token of tokens) {
      await (await api()).post('/api/users/me/push-tokens').set(bearer(buyer.token)).send({ token, platform: 'android' });
    }
    const summary = await pushToUser(buyer.uid, { title: 'Bonjour', body: 'Test' });
    expect(summary).toEqual({ sent: 1, failed: 1, pruned: 1 });
    expect(await pushTokens(buyer.uid)).toEqual([tokens[0], tokens[2]].sort());
    expect((await pushesTo(tokens[0])).map((push) => push.title)).toEqual(['Bonjour']);
  });

  it('sends a public test notification and says what the push service answered', async () => {
    const token = `test-device-${'d'.repeat(30)}`;
    const client = await api();
    const sent = await client.post('/api/notifications/test').set('Accept-Language', 'en').send({ token });
    expect(sent.body).toEqual({ success: true, data: { verdict: 'sent' } });
    const [recorded] = await pushesTo(token);
    expect(recorded).toMatchObject({ title: 'Test notification', data: { type: 'test' } });
    const dead = await client.post('/api/notifications/test').send({ token: `invalid-${'e'.repeat(30)}` });
    expect(dead.body.data.verdict).toBe('invalid');
    for (const payload of [{}, { token: 'short' }, { token, extra: 1 }, { token, title: '' }]) {
      const res = await client.post('/api/notifications/test').send(payload);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('sends only its own localized text: a caller-chosen title or body is an unknown field, and nothing is pushed', async () => {
    const token = `test-device-${'g'.repeat(30)}`;
    const client = await api();
    const phishing = await client.post('/api/notifications/test').send({ token, title: 'Votre compte est suspendu', body: 'Payez ici : http://x.invalid' });
    expect(phishing.status).toBe(400);
    expect(phishing.body.code).toBe('VALIDATION_ERROR');
    expect(phishing.body.details).toEqual([
      expect.objectContaining({ field: 'body.title', reason: 'unknown_field' }),
      expect.objectContaining({ field: 'body.body', reason: 'unknown_field' }),
    ]);
    expect(await pushesTo(token)).toEqual([]);

    expect((await client.post('/api/notifications/test').send({ token })).status).toBe(200);
    expect(await pushesTo(token)).toEqual([
      expect.objectContaining({ title: 'Notification de test', body: 'Les notifications fonctionnent sur cet appareil.', data: { type: 'test' } }),
    ]);
  });

  it('rate limits the public test notification per IP', async () => {
    useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true', TEST_NOTIFICATION_RATE_LIMIT_MAX: '2' });
    const client = await api();
    const send = () => client.post('/api/notifications/test').set('X-Forwarded-For', '198.51.100.77').send({ token: `test-device-${'f'.repeat(30)}` });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });
});

describe('the push of a new notice', () => {
  const register = async (user: { token: string }, token: string) => {
    await (await api()).post('/api/users/me/push-tokens').set(bearer(user.token)).send({ token, platform: 'android' });
  };
  const setToggle = async (user: { token: string }, on: boolean) => {
    expect((await (await api()).patch('/api/settings/notifications').set(bearer(user.token)).send({ system: on })).status).toBe(200);
  };

  // "the writer read the settings for the language already, so the push trigger decides from this
  // instead of reading them again" (NotificationDocument.push): 2 reads, the claim and the devices.
  it('is decided when the notice is written: the trigger reads only the notice it claims and the devices', async () => {
    const buyer = await createUser('acheteur');
    const token = `device-${'p'.repeat(30)}`;
    await register(buyer, token);
    // As deployed: the writer does not push, the trigger on the new notice does (below).
    useSettings({ EVENTS_DISPATCH_INLINE: 'false' });
    await notify(buyer.uid, { type: 'password_changed', key: 'push-written' });
    const [written] = (await db().collection(COLLECTIONS.users).doc(buyer.uid).collection(COLLECTIONS.notifications).get()).docs;
    expect(written.get('push')).toBe(true);
    // Turned off after the notice was written: the notice keeps what was decided when it was written.
    await setToggle(buyer, false);
    const { reads } = await countReads(() => pushNotice(buyer.uid, written.id, written.data() as NotificationDocument));
    expect(reads.byPath).toEqual({ 'lookup users/*/notifications': 1, 'query users/*/pushTokens': 1 });
    expect((await pushesTo(token)).length).toBe(1);
  });

  it('reads the settings for a notice written without the decision, and pushes nothing when its category is off', async () => {
    const buyer = await createUser('acheteur');
    const token = `device-${'q'.repeat(30)}`;
    await register(buyer, token);
    await setToggle(buyer, false);
    const at = new Date();
    const ref = db().collection(COLLECTIONS.users).doc(buyer.uid).collection(COLLECTIONS.notifications).doc('older-notice');
    await ref.set({ type: 'admin_message', category: 'system', title: 'Ancienne', body: 'Sans décision', language: 'fr', resource: null, read: false, readAt: null, createdAt: at, expireAt: at });
    expect(await pushNotice(buyer.uid, ref.id)).toBeUndefined();
    expect(await pushesTo(token)).toEqual([]);
    expect((await ref.get()).get('pushedAt')).toBeUndefined();
  });
});
