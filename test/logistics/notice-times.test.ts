/**
 * The times a delivery's notices tell are Benin's (BUSINESS_TIME_ZONE, UTC+1), written in the
 * reader's language: in the app's list, in the stored notice and on the devices. The facts are
 * emitted with known instants, as the rounds and the photo proof emit them.
 */
import { randomUUID } from 'node:crypto';
import { emit } from '../../functions/src/core/events';
import { db, runTransaction } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { registerDevice } from '../helpers/pushes';

beforeAll(async () => {
  await resetEmulators();
});

const speaks = async (user: TestUser, language: 'fr' | 'en') =>
  expect((await (await api()).patch('/api/settings/language').set(bearer(user.token)).send({ language })).status).toBe(200);

/** What the user reads of its notice of `type`: in the app's list, as stored, and as pushed to its device. */
async function readBy(user: TestUser, type: string, pushes: Awaited<ReturnType<typeof registerDevice>>) {
  const listed = ((await (await api()).get('/api/notifications').set(bearer(user.token))).body.data as Array<{ type: string; body: string }>).filter((notice) => notice.type === type);
  const stored = (await db().collection(COLLECTIONS.users).doc(user.uid).collection(COLLECTIONS.notifications).where('type', '==', type).get()).docs.map((doc) => doc.get('body') as string);
  const pushed = (await pushes()).filter((push) => push.data?.type === type).map((push) => push.body);
  return { listed: listed.map((notice) => notice.body), stored, pushed };
}

it('tells a courier until when an offer stands, in Benin’s time (14:05 UTC is 15:05)', async () => {
  const [courier, buyer] = await Promise.all([createUser('livreur'), createUser('acheteur')]);
  const pushes = await registerDevice(courier);
  const deliveryId = `order_${randomUUID()}`;
  await runTransaction(async (tx) => {
    emit(tx, 'delivery.round_started', `${deliveryId}_1`, {
      deliveryId,
      round: 1,
      acheteur: buyer.uid,
      offers: [{ livreur: courier.uid, distanceKm: 1.2 }],
      trajetKm: 8.5,
      gainLivreur: 1300,
      expiresAt: '2026-11-29T14:05:00.000Z',
      exhausted: false,
    });
  });
  const body = 'À 1.2 km de vous, trajet de 8.5 km, gain 1 300 XOF. Acceptez-la avant 15:05.';
  expect(await readBy(courier, 'delivery_offer', pushes)).toEqual({ listed: [body], stored: [body], pushed: [body] });
});

it('tells a buyer when a delivery proved by photo closes, with the day, in its language and Benin’s time', async () => {
  const [french, english] = await Promise.all([createUser('acheteur'), createUser('acheteur')]);
  await speaks(english, 'en');
  const [frenchPushes, englishPushes] = await Promise.all([registerDevice(french), registerDevice(english)]);
  // 23:30 UTC on 30 November is 00:30 on 1 December in Porto-Novo: the day changes with the zone.
  for (const buyer of [french, english]) {
    const deliveryId = `order_${randomUUID()}`;
    await runTransaction(async (tx) => {
      emit(tx, 'delivery.proof_given', `${deliveryId}_1`, { deliveryId, acheteur: buyer.uid, at: '2026-11-29T23:30:00.000Z', autoCloseAt: '2026-11-30T23:30:00.000Z' });
    });
  }
  const [inFrench, inEnglish] = await Promise.all([readBy(french, 'delivery_proof', frenchPushes), readBy(english, 'delivery_proof', englishPushes)]);
  const frenchBody = expect.stringContaining('Confirmez la réception ou ouvrez un litige avant le 1 décembre 2026 à 00:30 ;');
  const englishBody = expect.stringContaining('Confirm it or open a dispute before 1 December 2026 at 00:30;');
  expect(inFrench).toEqual({ listed: [frenchBody], stored: [frenchBody], pushed: [frenchBody] });
  expect(inEnglish).toEqual({ listed: [englishBody], stored: [englishBody], pushed: [englishBody] });
});
