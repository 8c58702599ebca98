/** /api/public and /api/views: what anyone reads, and views counted once per viewer and day. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { rollUpViews } from '../../functions/src/domains/catalog/views/service';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { asDeployed, frozenClock, restoreSettings, useSettings, resetClock } from '../helpers/settings';

beforeAll(resetEmulators);
afterEach(resetClock);

it('shows online listings without a token, and never a seller’s telephone', async () => {
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  const res = await (await api()).get(`/api/public/articles/${article.id}`);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ id: article.id, vendeur: seller.uid });
  expect(JSON.stringify(res.body)).not.toContain(seller.telephone.slice(4));
  expect((await (await api()).get('/api/public/articles/unknown-id')).body.code).toBe('ARTICLE_NOT_FOUND');
});

it('counts one view per viewer and day, signed in or by device', async () => {
  const move = frozenClock(new Date('2026-11-22T10:00:00Z'));
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const article = await publish(seller);
  const client = await api();
  const view = (auth?: string, deviceId?: string) => {
    const call = client.post(`/api/views/${article.id}`);
    return (auth ? call.set(bearer(auth)) : call).send(deviceId ? { deviceId } : {});
  };
  const parallel = await Promise.all([view(buyer.token), view(buyer.token), view(buyer.token)]);
  expect(parallel.map((res) => res.body.data.counted).sort()).toEqual([false, false, true]);
  expect((await view(undefined, 'device-aaaa-1111')).body.data).toEqual({ counted: true, views: 2 });
  expect((await view(undefined, 'device-aaaa-1111')).body.data).toEqual({ counted: false, views: 2 });
  move(24 * 60 * 60 * 1000);
  expect((await view(buyer.token)).body.data).toEqual({ counted: true, views: 3 });
  expect((await client.get(`/api/views/${article.id}`)).body.data).toEqual({ articleId: article.id, views: 3 });
  expect((await db().collection(COLLECTIONS.articles).doc(article.id).get()).get('views')).toBe(3);
});

it('refuses views without viewer, with a bad token, or of a listing not online', async () => {
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  const client = await api();
  expect((await client.post(`/api/views/${article.id}`).send({})).body.code).toBe('VALIDATION_ERROR');
  expect((await client.post(`/api/views/${article.id}`).set('Authorization', 'Bearer forged').send({})).status).toBe(401);
  expect((await client.post(`/api/views/${article.id}`).send({ deviceId: 'short' })).body.code).toBe('VALIDATION_ERROR');
  await client.post(`/api/articles/${article.id}/withdraw`).set(bearer(seller.token));
  const gone = await client.post(`/api/views/${article.id}`).send({ deviceId: 'device-bbbb-2222' });
  expect(gone.status).toBe(404);
  expect(gone.body.code).toBe('ARTICLE_NOT_FOUND');
});

it('lists the most viewed online listings first', async () => {
  const seller = await createUser('vendeur');
  const quiet = await publish(seller);
  const popular = await publish(seller);
  const client = await api();
  for (const device of ['device-c-000001', 'device-c-000002']) await client.post(`/api/views/${popular.id}`).send({ deviceId: device });
  await client.post(`/api/views/${quiet.id}`).send({ deviceId: 'device-c-000003' });
  // The order is the listings' rolled-up counts: the schedule brings each up to date.
  await rollUpViews();
  const res = await client.get('/api/views/most-viewed?limit=50');
  const order = res.body.data.map((article: { id: string }) => article.id);
  expect(order.indexOf(popular.id)).toBeLessThan(order.indexOf(quiet.id));
  expect(res.body.data[0].views).toBeGreaterThanOrEqual(2);
  expect(res.body.data.find((article: { id: string }) => article.id === popular.id).views).toBe(2);
});

it('counts at most VIEWS_ANONYMOUS_PER_IP_MAX anonymous views per address, listing and day, whatever device ids it makes up', async () => {
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  const other = await publish(seller);
  const client = await api();
  useSettings({ VIEWS_ANONYMOUS_PER_IP_MAX: '3' });
  try {
    const counted = [];
    for (let i = 0; i < 6; i += 1) counted.push((await client.post(`/api/views/${article.id}`).send({ deviceId: `made-up-device-${i}` })).body.data.counted);
    expect(counted).toEqual([true, true, true, false, false, false]);
    await rollUpViews();
    expect((await db().collection(COLLECTIONS.articles).doc(article.id).get()).get('views')).toBe(3);
    // Another listing has its own allowance; a signed-in viewer is not an anonymous one.
    expect((await client.post(`/api/views/${other.id}`).send({ deviceId: 'made-up-device-0' })).body.data.counted).toBe(true);
    const buyer = await createUser('acheteur');
    expect((await client.post(`/api/views/${article.id}`).set(bearer(buyer.token)).send({})).body.data).toEqual({ counted: true, views: 4 });
  } finally {
    restoreSettings();
  }
});

it('counts an IPv6 client’s anonymous views per /64: rotating addresses in its prefix does not reset the cap', async () => {
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  const client = await api();
  useSettings({ VIEWS_ANONYMOUS_PER_IP_MAX: '2' });
  asDeployed(); // the X-Forwarded-For entry below is the platform's: the connecting address
  try {
    const counted = [];
    for (const [i, address] of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff::c'].entries()) {
      counted.push((await client.post(`/api/views/${article.id}`).set('X-Forwarded-For', address).send({ deviceId: `rotating-device-${i}` })).body.data.counted);
    }
    expect(counted).toEqual([true, true, false]);
    const elsewhere = await client.post(`/api/views/${article.id}`).set('X-Forwarded-For', '2001:db8:1:3::a').send({ deviceId: 'rotating-device-9' });
    expect(elsewhere.body.data.counted).toBe(true);
  } finally {
    restoreSettings();
  }
});
