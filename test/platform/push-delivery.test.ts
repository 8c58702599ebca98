/** Push delivery through the adapter (App Check: test/platform/app-check.test.ts). */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { pushToUser } from '../../functions/src/domains/notifications/push';
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
