/**
 * DOMAIN.md, Fair exchange, "Proven people": "A driver accepts a request, and a courier goes online, only with a
 * proven telephone." An online courier is offered deliveries (the shops' places, then the buyer's address once it
 * accepts); a courier whose telephone nobody proved is refused `403 PHONE_NOT_VERIFIED` by
 * `PUT /api/livreurs/me/status` and stays out of the offers (no presence online, no member of the nearby index).
 */
import { cellOf } from '../../functions/src/core/nearby';
import { nearbyCouriers } from '../../functions/src/domains/logistics';
import { createUser, proveTelephone, provisionUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { deliveryDoc, offerDoc, paidOrder, seedCourier } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { COTONOU, presenceOf } from '../helpers/livreurs';
import { nearbyMembersOf } from '../helpers/nearby';

/** Dassa-Zoumè: nobody else of this file there. */
const DASSA = { latitude: 7.75, longitude: 2.18 };

beforeAll(async () => {
  await resetEmulators();
});

const status = async (user: TestUser, body: unknown, language = 'fr') =>
  (await api()).put('/api/livreurs/me/status').set(bearer(user.token)).set('Accept-Language', language).send(body as object);
const membersOf = async (courier: TestUser) => (await nearbyMembersOf('livreur', courier.uid)).map((member) => member.cell);
const nearby = async (point: typeof DASSA) => (await nearbyCouriers(point, 5, 50)).couriers.map((found) => found.uid);

describe('a courier whose telephone is not proven', () => {
  it('is refused going online with PHONE_NOT_VERIFIED (fr and en), and nothing is written', async () => {
    const courier = await provisionUser('livreur');
    const refused = await status(courier, { online: true, position: DASSA });
    expect({ status: refused.status, code: refused.body.code, message: refused.body.message }).toEqual({
      status: 403,
      code: 'PHONE_NOT_VERIFIED',
      message: 'Confirmez d’abord votre numéro de téléphone avec le code que nous vous envoyons.',
    });
    expect((await status(courier, { online: true, position: DASSA }, 'en')).body.message).toBe('Confirm your telephone number first, with the code we send you.');
    expect(await presenceOf(courier.uid)).toBeUndefined();
    expect(await membersOf(courier)).toEqual([]);
    expect(await nearby(DASSA)).not.toContain(courier.uid);
    expect((await (await api()).get('/api/livreurs/me').set(bearer(courier.token))).body.data).toMatchObject({ online: false, position: null });
  });

  it('is refused also with five calls at once, may still say it is offline, and bad input stays a 400', async () => {
    const courier = await provisionUser('livreur');
    const answers = await Promise.all(Array.from({ length: 5 }, () => status(courier, { online: true, position: DASSA })));
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(answers.map(() => [403, 'PHONE_NOT_VERIFIED']));
    expect(await presenceOf(courier.uid)).toBeUndefined();
    // Offline is no offer: allowed (an app going to sleep says so whatever its state).
    const offline = await status(courier, { online: false });
    expect([offline.status, offline.body.data?.online]).toEqual([200, false]);
    for (const body of [{}, { online: 'yes' }, { online: true, position: { latitude: 91, longitude: 2 } }, { online: true, position: DASSA, telephoneVerifie: true }]) {
      const answer = await status(courier, body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect(await presenceOf(courier.uid)).toMatchObject({ online: false, cell: null });
  });
});

describe('the same courier once its telephone is proven', () => {
  it('goes online and is found by the offer rounds', async () => {
    const courier = await provisionUser('livreur');
    expect((await status(courier, { online: true, position: DASSA })).status).toBe(403);
    await proveTelephone(courier);
    const online = await status(courier, { online: true, position: DASSA });
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ uid: courier.uid, online: true, position: DASSA });
    expect(await membersOf(courier)).toEqual([cellOf(DASSA)]);
    expect(await nearby(DASSA)).toContain(courier.uid);
    // The helper's couriers prove theirs as the app makes them: online at once.
    const helped = await createUser('livreur');
    expect((await status(helped, { online: true, position: COTONOU })).status).toBe(200);
  });
});

describe('a courier online before telephones had to be proven', () => {
  it('is offered deliveries still, but takes none: its accept answers PHONE_NOT_VERIFIED and changes nothing; proven, it accepts', async () => {
    const courier = await provisionUser('livreur');
    // Its presence as it was written before the rule (the status route refuses it now).
    await seedCourier(courier.uid, COTONOU);
    const seller = await createUser('vendeur');
    const buyer = await createUser('acheteur');
    const order = await paidOrder(buyer, [{ seller, montant: 5_000 }]);
    expect(await offerDoc(order.deliveryId, courier.uid)).toMatchObject({ statut: 'ouverte' });
    const refused = await (await api()).post(`/api/deliveries/${order.deliveryId}/accept`).set(bearer(courier.token));
    expect([refused.status, refused.body.code]).toEqual([403, 'PHONE_NOT_VERIFIED']);
    expect(await deliveryDoc(order.deliveryId)).toMatchObject({ statut: 'commande', livreur: null });
    await proveTelephone(courier);
    const accepted = await (await api()).post(`/api/deliveries/${order.deliveryId}/accept`).set(bearer(courier.token));
    expect(accepted.body.data).toMatchObject({ statut: 'assigne', livreur: courier.uid });
    await seedCourier(courier.uid, COTONOU, false);
  });
});
