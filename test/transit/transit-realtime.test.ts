/**
 * The `transit-mission-update` feed: the `transit.mission_realtime` subscriber of
 * `mission.status_changed`, handed the fact through the outbox's dispatcher as deployed.
 */
import { dispatchEvent, emit } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { statusEventKey } from '../../functions/src/core/fsm';
import type { MissionStatus } from '../../functions/src/domains/transit/state';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

let clock = Date.parse('2026-03-01T10:00:00Z');

/** A mission's change of status, said as the repository says it (dispatched after the commit, as in every test). */
const said = (missionId: string, from: MissionStatus | null, to: MissionStatus, transitaire: string | null) => {
  const at = new Date((clock += 1000));
  return runTransaction(async (tx) =>
    emit(tx, 'mission.status_changed', statusEventKey(missionId, to, at), { missionId, articleId: 'car-1', acheteur: 'buyer-1', from, to, at: at.toISOString(), event: null, transitaire, articleTitre: 'Car' }),
  );
};
const feed = async (uid: string) =>
  (await db().collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.realtime).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown>);

it('writes one feed document per status change, to the mission’s forwarder, once per event', async () => {
  const id = await said('car-1_buyer-1', 'parcours', 'en_cours', 'fwd-1');
  // Handed out again (a redelivered trigger, the sweep): nothing more.
  await dispatchEvent(id);
  expect(await feed('fwd-1')).toEqual([
    expect.objectContaining({ id, event: 'transit-mission-update', missionId: 'car-1_buyer-1', statut: 'en_cours', expireAt: expect.anything() }),
  ]);
});

it('tells the forwarder that refused, and nobody when the mission has no forwarder', async () => {
  await said('car-2_buyer-1', 'en_cours', 'parcours', 'fwd-2');
  expect((await feed('fwd-2')).map((entry) => entry.statut)).toEqual(['parcours']);
  await said('car-3_buyer-1', null, 'parcours', null);
  expect(await feed('fwd-2')).toHaveLength(1);
});
