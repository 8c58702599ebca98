/** /api/settings: defaults until changed, partial changes, and refusals that change nothing. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

const DEFAULTS = {
  language: 'fr',
  currency: 'XOF',
  notifications: { orders: true, payments: true, messages: true, transit: true, promotions: true, system: true },
};

const stored = async (uid: string) => (await db().collection(COLLECTIONS.userSettings).doc(uid).get()).data();

it('gives the defaults to a user who never changed anything, without writing them', async () => {
  const buyer = await createUser('acheteur');
  const res = await (await api()).get('/api/settings').set(bearer(buyer.token));
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, data: DEFAULTS });
  expect(await stored(buyer.uid)).toBeUndefined();
});

it('changes language, currency and single notification categories, keeping the rest', async () => {
  const seller = await createUser('vendeur');
  const client = await api();
  expect((await client.patch('/api/settings/language').set(bearer(seller.token)).send({ language: 'en' })).body.data.language).toBe('en');
  expect((await client.patch('/api/settings/currency').set(bearer(seller.token)).send({ currency: 'EUR' })).body.data.currency).toBe('EUR');
  const notifications = await client.patch('/api/settings/notifications').set(bearer(seller.token)).send({ promotions: false });
  expect(notifications.body.data).toEqual({
    language: 'en',
    currency: 'EUR',
    notifications: { ...DEFAULTS.notifications, promotions: false },
  });
  const whole = await client.patch('/api/settings').set(bearer(seller.token)).send({ language: 'fr', notifications: { messages: false } });
  expect(whole.body.data).toEqual({
    language: 'fr',
    currency: 'EUR',
    notifications: { ...DEFAULTS.notifications, promotions: false, messages: false },
  });
  expect(await stored(seller.uid)).toMatchObject(whole.body.data);
  expect((await client.get('/api/settings').set(bearer(seller.token))).body.data).toEqual(whole.body.data);
});

it.each([
  ['/api/settings', {}],
  ['/api/settings', { language: 'de' }],
  ['/api/settings', { theme: 'dark' }],
  ['/api/settings/language', { language: 'wolof' }],
  ['/api/settings/currency', { currency: 'BTC' }],
  ['/api/settings/notifications', {}],
  ['/api/settings/notifications', { promotions: 'no' }],
  ['/api/settings/notifications', { sms: true }],
])('refuses PATCH %s %j and writes nothing', async (path, payload) => {
  const buyer = await createUser('acheteur');
  const res = await (await api()).patch(path).set(bearer(buyer.token)).send(payload);
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
  expect(await stored(buyer.uid)).toBeUndefined();
});

it('needs a registered caller', async () => {
  expect((await (await api()).get('/api/settings')).status).toBe(401);
});
