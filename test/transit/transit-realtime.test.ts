/** The `transit-mission-update` trigger handler, called with real documents as the trigger would. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import type { MissionDocument } from '../../functions/src/domains/transit/repository';
import { onMissionWritten } from '../../functions/src/domains/transit/triggers';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

const mission = (statut: MissionDocument['statut'], transitaire: string | null) => ({ statut, transitaire, acheteur: 'buyer-1', article: 'car-1' }) as MissionDocument;
const feed = async (uid: string) =>
  (await db().collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.realtime).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown>);

it('writes one feed document per status change, to the mission’s forwarder, once per event', async () => {
  expect(await onMissionWritten('event-1', 'car-1_buyer-1', mission('parcours', null), mission('en_cours', 'fwd-1'))).toBe(true);
  expect(await onMissionWritten('event-1', 'car-1_buyer-1', mission('parcours', null), mission('en_cours', 'fwd-1'))).toBe(false);
  expect(await feed('fwd-1')).toEqual([
    expect.objectContaining({ id: 'event-1', event: 'transit-mission-update', missionId: 'car-1_buyer-1', statut: 'en_cours', expireAt: expect.anything() }),
  ]);
});

it('tells the forwarder that refused, and stays silent when the status does not change', async () => {
  expect(await onMissionWritten('event-2', 'car-2_buyer-1', mission('en_cours', 'fwd-2'), mission('parcours', null))).toBe(true);
  expect((await feed('fwd-2')).map((entry) => entry.statut)).toEqual(['parcours']);
  expect(await onMissionWritten('event-3', 'car-2_buyer-1', mission('en_cours', 'fwd-2'), mission('en_cours', 'fwd-2'))).toBe(false);
  expect(await onMissionWritten('event-4', 'car-3_buyer-1', undefined, mission('parcours', null))).toBe(false);
  expect(await feed('fwd-2')).toHaveLength(1);
});
