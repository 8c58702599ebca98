/**
 * A forwarder blocked by an admin while assigned: its `en_cours` missions go back to their buyers
 * (`parcours`, no forwarder), who are told in their language and choose another.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { unassignForwarder } from '../../functions/src/domains/transit/unassign';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { forwarder, missionDocument, selectForwarder, startJourney } from '../helpers/transit';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;
let seller: TestUser;
beforeAll(async () => {
  await resetEmulators();
  [admin, seller] = await Promise.all([createUser('admin'), createUser('vendeur')]);
});

/** A journey of the buyer with the forwarder chosen (`en_cours`). */
async function assigned(buyer: TestUser, to: TestUser) {
  const journey = await startJourney(buyer, seller, sandbox());
  expect((await selectForwarder(buyer, journey.articleId, to.uid)).body.data.statut).toBe('en_cours');
  return journey;
}

const block = async (user: TestUser) => (await api()).patch(`/api/users/${user.uid}/block`).set(bearer(admin.token)).send({ motif: 'fraude' });
const told = async (user: TestUser) =>
  (await db().collection(COLLECTIONS.users).doc(user.uid).collection(COLLECTIONS.notifications).where('type', '==', 'transit_forwarder_unavailable').get()).docs.map((doc) => doc.data());

it('sends the missions in progress of a blocked forwarder back to their buyers, told in their language', async () => {
  const [blocked, other] = [await forwarder(), await forwarder()];
  const [ann, ben] = [await createUser('acheteur'), await createUser('acheteur')];
  expect((await (await api()).patch('/api/settings/language').set(bearer(ben.token)).send({ language: 'en' })).status).toBe(200);
  const first = await assigned(ann, blocked);
  const second = await assigned(ben, blocked);
  const handedOver = await assigned(ann, blocked);
  await (await api()).post('/api/transit-missions/transferer').set(bearer(ann.token)).send({ articleId: handedOver.articleId });
  const elsewhere = await assigned(ben, other);
  const untouched = { handedOver: await missionDocument(handedOver.id), elsewhere: await missionDocument(elsewhere.id) };

  expect((await block(blocked)).status).toBe(200);

  for (const { id } of [first, second]) {
    expect(await missionDocument(id)).toMatchObject({ statut: 'parcours', transitaire: null, dateSelectionTransitaire: null });
  }
  // The vehicle already handed over stays with the forwarder; another forwarder's mission is not touched.
  expect({ handedOver: await missionDocument(handedOver.id), elsewhere: await missionDocument(elsewhere.id) }).toEqual(untouched);
  expect(await told(ann)).toEqual([
    expect.objectContaining({ language: 'fr', title: 'Transitaire à remplacer', resource: { kind: 'transitMission', id: first.id }, body: expect.stringContaining('« Lexus RX 350 2015 »') }),
  ]);
  expect(await told(ben)).toEqual([expect.objectContaining({ language: 'en', title: 'Choose another forwarder', resource: { kind: 'transitMission', id: second.id } })]);

  // The buyer chooses another forwarder at once: no TRANSITAIRE_ACTIF.
  expect((await selectForwarder(ann, first.articleId, other.uid)).body.data).toMatchObject({ statut: 'en_cours', transitaire: other.uid });

  // A second block (or a re-run) changes nothing and tells nobody again.
  const after = await missionDocument(second.id);
  expect((await block(blocked)).status).toBe(200);
  expect(await unassignForwarder(blocked.uid)).toEqual({ unassigned: 0 });
  expect(await missionDocument(second.id)).toEqual(after);
  expect(await told(ben)).toHaveLength(1);
});

it('goes through the missions page by page, each in its own transaction', async () => {
  const [leaving, buyer] = [await forwarder(), await createUser('acheteur')];
  const journeys = [];
  for (let index = 0; index < 5; index += 1) journeys.push(await assigned(buyer, leaving));
  expect(await unassignForwarder(leaving.uid, 2)).toEqual({ unassigned: 5 });
  for (const { id } of journeys) expect((await missionDocument(id)).statut).toBe('parcours');
  expect(await told(buyer)).toHaveLength(5);
});

it('gives one outcome when the buyer hands the vehicle over while the admin blocks the forwarder', async () => {
  const [leaving, buyer] = [await forwarder(), await createUser('acheteur')];
  const { id, articleId } = await assigned(buyer, leaving);
  const [blocked, transfer] = await Promise.all([block(leaving), (await api()).post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId })]);
  expect(blocked.status).toBe(200);
  const stored = await missionDocument(id);
  if (transfer.status === 200) {
    expect(stored).toMatchObject({ statut: 'transferer', transitaire: leaving.uid });
    expect(await told(buyer)).toEqual([]);
  } else {
    expect({ status: transfer.status, code: transfer.body.code }).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(stored).toMatchObject({ statut: 'parcours', transitaire: null });
    expect(await told(buyer)).toHaveLength(1);
  }
});

it('tells the buyer once when two admins block the forwarder at once', async () => {
  const [leaving, buyer] = [await forwarder(), await createUser('acheteur')];
  const { id } = await assigned(buyer, leaving);
  const answers = await Promise.all([block(leaving), block(leaving)]);
  expect(answers.map((res) => res.status)).toEqual([200, 200]);
  expect((await missionDocument(id)).statut).toBe('parcours');
  expect(await told(buyer)).toHaveLength(1);
});

it('sends the missions in progress back to their buyers when the forwarder is given another role', async () => {
  const [former, other] = [await forwarder(), await forwarder()];
  const buyer = await createUser('acheteur');
  const journey = await assigned(buyer, former);
  const changed = await (await api()).patch(`/api/users/${former.uid}/role`).set(bearer(admin.token)).send({ role: 'livreur' });
  expect(changed.status).toBe(200);
  expect(await missionDocument(journey.id)).toMatchObject({ statut: 'parcours', transitaire: null });
  expect(await told(buyer)).toHaveLength(1);
  expect((await selectForwarder(buyer, journey.articleId, other.uid)).body.data).toMatchObject({ statut: 'en_cours', transitaire: other.uid });
});
