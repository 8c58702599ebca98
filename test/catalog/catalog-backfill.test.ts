/**
 * Listings written before sellers' access was tracked on them lack the field public searches
 * filter on; the one-off backfill gives each what publishing gives today, once.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { backfillListingVisibility } from '../../functions/src/domains/catalog/backfill';
import { createUser } from '../helpers/accounts';
import { api } from '../helpers/api';
import { carInput, publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, resetClock } from '../helpers/settings';

beforeAll(resetEmulators);
afterEach(resetClock);

/** The listing as the service wrote it before: no vendeurActif, no visibleJusqua. */
async function asWrittenBefore(id: string) {
  const ref = db().collection(COLLECTIONS.articles).doc(id);
  const { vendeurActif: _shown, visibleJusqua: _end, ...before } = (await ref.get()).data()!;
  await ref.set(before);
}
const publicIds = async () => ((await (await api()).get('/api/public/articles?limit=100')).body.data as Array<{ id: string }>).map((a) => a.id);

it('shows again the listings written before, hides the parts of a seller whose access is over, and changes nothing the second time', async () => {
  const move = frozenClock(new Date('2026-11-22T00:00:00Z'));
  const [active, lapsed] = [await createUser('vendeur'), await createUser('vendeur')];
  const car = await publish(active);
  const part = await publish(active, carInput({ type: 'piece', titre: 'Démarreur', stock: 2, annee: undefined }));
  const lapsedPart = await publish(lapsed, carInput({ type: 'piece', titre: 'Radiateur', stock: 1, annee: undefined }));
  move(30 * 24 * 60 * 60 * 1000);
  // The active seller pays a year; the other's 45-day trial runs out.
  await db().collection(COLLECTIONS.subscriptions).doc(`${active.uid}_vendeur`).set({ uid: active.uid, kind: 'vendeur', expiresAt: new Date('2027-12-31T00:00:00Z') });
  move(20 * 24 * 60 * 60 * 1000);
  for (const { id } of [car, part, lapsedPart]) await asWrittenBefore(id);
  expect(await publicIds()).toEqual([]);

  expect(await backfillListingVisibility(2)).toEqual({ read: 3, updated: 3 });
  expect((await publicIds()).sort()).toEqual([car.id, part.id].sort());
  const stored = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data()!;
  expect(await stored(car.id)).toMatchObject({ vendeurActif: true, visibleJusqua: null });
  expect((await stored(part.id)).visibleJusqua.toDate().toISOString()).toBe('2027-12-31T00:00:00.000Z');
  expect((await stored(lapsedPart.id)).vendeurActif).toBe(false);

  expect(await backfillListingVisibility(2)).toEqual({ read: 3, updated: 0 });
});
