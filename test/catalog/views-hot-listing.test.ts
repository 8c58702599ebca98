/**
 * A popular listing: views counted without a hot document (docs/guides/catalog.md, Views; docs/architecture.md, Hot documents).
 * Many viewers at once are each counted once, the anonymous allowance of an address holds exactly,
 * and the listing document is not written once per view.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { rollUpViews } from '../../functions/src/domains/catalog/views/service';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettings, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
afterEach(restoreSettings);

const listing = (id: string) => db().collection(COLLECTIONS.articles).doc(id);

/** The versions of the listing written while `work` runs (each write a new update time), as a listener sees them. */
async function writesOfListingDuring(id: string, work: () => Promise<void>): Promise<number> {
  const versions = new Set<string>();
  let first: string | undefined;
  let listening!: () => void;
  const unsubscribe = listing(id).onSnapshot((snapshot) => {
    const version = `${snapshot.updateTime!.seconds}.${snapshot.updateTime!.nanoseconds}`;
    if (first === undefined) {
      first = version;
      listening();
    } else if (version !== first) versions.add(version);
  });
  await new Promise<void>((resolve) => (listening = resolve));
  try {
    await work();
    // Lets the listener receive the last write before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    unsubscribe();
  }
  return versions.size;
}

it('counts 20 signed-in buyers viewing one listing at once, each once, without writing the listing per view', async () => {
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser('acheteur')));
  const client = await api();
  const view = (token: string) => client.post(`/api/views/${article.id}`).set(bearer(token)).send({});
  let answers: Array<{ status: number; body: { data: { counted: boolean; views: number } } }> = [];
  const writes = await writesOfListingDuring(article.id, async () => {
    answers = await Promise.all(buyers.map((buyer) => view(buyer.token)));
  });
  expect(answers.map((res) => res.status)).toEqual(buyers.map(() => 200));
  expect(answers.filter((res) => res.body.data.counted)).toHaveLength(20);
  // Each answer's count includes its own view, and none is above what was counted.
  for (const res of answers) expect(res.body.data.views).toBeGreaterThanOrEqual(1);
  for (const res of answers) expect(res.body.data.views).toBeLessThanOrEqual(20);
  // The views rolled the count up at most once or twice (those that found it due at once), never per view.
  expect(writes).toBeLessThanOrEqual(2);
  // A second view by one of them the same day is not counted.
  expect((await view(buyers[3]!.token)).body.data).toEqual({ counted: false, views: 20 });
  expect((await client.get(`/api/views/${article.id}`)).body.data).toEqual({ articleId: article.id, views: 20 });
  await rollUpViews();
  expect((await listing(article.id).get()).get('views')).toBe(20);
  expect((await client.get(`/api/public/articles/${article.id}`)).body.data.views).toBe(20);
});

it('holds the anonymous allowance of an address exactly when its devices view at once', async () => {
  useSettings({ VIEWS_ANONYMOUS_PER_IP_MAX: '5' });
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  const client = await api();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => client.post(`/api/views/${article.id}`).send({ deviceId: `crowd-device-${String(i).padStart(4, '0')}` })),
  );
  expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
  expect(answers.filter((res) => res.body.data.counted)).toHaveLength(5);
  expect((await client.get(`/api/views/${article.id}`)).body.data.views).toBe(5);
  // The same devices again: none counted (5 of them have their view of the day, the rest no slot).
  const again = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post(`/api/views/${article.id}`).send({ deviceId: `crowd-device-${String(i).padStart(4, '0')}` })));
  expect(again.filter((res) => res.body.data.counted)).toHaveLength(0);
  // A signed-in viewer is not an anonymous one.
  const buyer = await createUser('acheteur');
  expect((await client.post(`/api/views/${article.id}`).set(bearer(buyer.token)).send({})).body.data).toEqual({ counted: true, views: 6 });
  await rollUpViews();
  expect((await listing(article.id).get()).get('views')).toBe(6);
});

it('keeps the views a listing counted before its shards, and rolls up a listing nobody views any more', async () => {
  useSettings({ VIEWS_ROLLUP_SECONDS: '3600' });
  const seller = await createUser('vendeur');
  const article = await publish(seller);
  // Counted on the listing itself, as views were before the shards.
  await listing(article.id).update({ views: 7 });
  const client = await api();
  expect((await client.post(`/api/views/${article.id}`).send({ deviceId: 'legacy-device-01' })).body.data).toEqual({ counted: true, views: 8 });
  // The first view rolled up (none before); the next ones wait VIEWS_ROLLUP_SECONDS or the schedule.
  expect((await listing(article.id).get()).get('views')).toBe(8);
  expect((await client.post(`/api/views/${article.id}`).send({ deviceId: 'legacy-device-02' })).body.data).toEqual({ counted: true, views: 9 });
  expect((await listing(article.id).get()).get('views')).toBe(8);
  expect((await client.get(`/api/views/${article.id}`)).body.data.views).toBe(9);
  expect(await rollUpViews()).toEqual({ listings: 1, written: 1 });
  expect((await listing(article.id).get()).get('views')).toBe(9);
  // Nothing viewed since: the next run has nothing to do.
  expect(await rollUpViews()).toEqual({ listings: 0, written: 0 });
});
