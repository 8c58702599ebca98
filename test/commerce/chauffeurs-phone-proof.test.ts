/**
 * DOMAIN.md, Fair exchange, "Proven people": "A driver accepts a request, and a courier goes online, only with a
 * proven telephone." Accepting a request shows the buyer's exact address, point and note; a driver whose telephone
 * nobody proved (a self-registered account, one per SIM) is refused `403 PHONE_NOT_VERIFIED` and reads nothing of
 * them, while the open list shows every driver the meeting place's area only.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, proveTelephone, provisionUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { claimDoc } from '../helpers/claims';
import { resetEmulators } from '../helpers/emulators';

const COTONOU = { latitude: 6.3703, longitude: 2.3912 };
const EXACT = { latitude: 6.370_312, longitude: 2.391_245 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

let buyer: TestUser;
beforeAll(async () => {
  await resetEmulators();
  buyer = await createUser('acheteur');
});

async function asked(): Promise<string> {
  const body = { trajet: { depart: 'Cotonou', arrivee: 'Parakou' }, date: inDays(2), lieu: { adresse: 'Rue 12.045, maison 7, portail vert', point: EXACT }, note: 'Appeler le gardien' };
  const response = await (await api()).post('/api/chauffeurs/demandes').set(bearer(buyer.token)).send(body);
  expect(response.status).toBe(201);
  return response.body.data.id;
}

const accept = async (driver: TestUser, id: string, language = 'fr') => (await api()).post(`/api/chauffeurs/demandes/${id}/accept`).set(bearer(driver.token)).set('Accept-Language', language);
const demande = async (id: string) => (await db().collection(COLLECTIONS.chauffeurDemandes).doc(id).get()).data();

describe('a driver whose telephone is not proven', () => {
  it('is refused the accept with PHONE_NOT_VERIFIED (fr and en), reads neither address nor point, and the request stays open', async () => {
    const id = await asked();
    const driver = await provisionUser('chauffeur');
    const refused = await accept(driver, id);
    expect({ status: refused.status, code: refused.body.code, message: refused.body.message }).toEqual({
      status: 403,
      code: 'PHONE_NOT_VERIFIED',
      message: 'Confirmez d’abord votre numéro de téléphone avec le code que nous vous envoyons.',
    });
    expect(JSON.stringify(refused.body)).not.toContain('portail vert');
    expect(refused.body.data).toBeUndefined();
    expect((await accept(driver, id, 'en')).body.message).toBe('Confirm your telephone number first, with the code we send you.');
    expect(await demande(id)).toMatchObject({ statut: 'en_attente', chauffeur: null, version: 0 });
    expect(await claimDoc('demande', id, 0)).toBeUndefined();
    // Nor through the read of one request, which shows the place to its driver only.
    const read = await (await api()).get(`/api/chauffeurs/demandes/${id}`).set(bearer(driver.token));
    expect([read.status, read.body.code]).toEqual([404, 'DEMANDE_NOT_FOUND']);
  });

  it('is refused every time, also ten accepts at once, and also for a request that does not exist', async () => {
    const id = await asked();
    const driver = await provisionUser('chauffeur');
    const answers = await Promise.all(Array.from({ length: 10 }, () => accept(driver, id)));
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(answers.map(() => [403, 'PHONE_NOT_VERIFIED']));
    expect(await demande(id)).toMatchObject({ statut: 'en_attente', chauffeur: null, version: 0 });
    const missing = await accept(driver, 'no-such-request');
    expect([missing.status, missing.body.code]).toEqual([403, 'PHONE_NOT_VERIFIED']);
    // An id that is no document id never reaches the service: the route's not-found answer.
    const bad = await accept(driver, '__proto__');
    expect([bad.status, bad.body.code]).toEqual([404, 'DEMANDE_NOT_FOUND']);
  });

  it('sees the open list as every driver does: the area of the place, never its address, point, note or buyer', async () => {
    const id = await asked();
    const driver = await provisionUser('chauffeur');
    const list = await (await api()).get('/api/chauffeurs/demandes/open').query({ lat: COTONOU.latitude, lng: COTONOU.longitude }).set(bearer(driver.token));
    expect(list.status).toBe(200);
    const shown = list.body.data.find((item: { id: string }) => item.id === id);
    expect(shown).toMatchObject({ id, zone: { latitude: 6.37, longitude: 2.39 } });
    expect(Object.keys(shown).sort()).toEqual(['articleId', 'articleTitre', 'createdAt', 'date', 'distanceKm', 'id', 'trajet', 'zone']);
    expect(JSON.stringify(list.body)).not.toMatch(/portail vert|gardien|6\.370312|2\.391245/);
    expect(JSON.stringify(list.body)).not.toContain(buyer.uid);
  });
});

describe('the same driver once its telephone is proven', () => {
  it('accepts the request and reads its place', async () => {
    const id = await asked();
    const driver = await provisionUser('chauffeur');
    expect((await accept(driver, id)).status).toBe(403);
    await proveTelephone(driver);
    const accepted = await accept(driver, id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ statut: 'acceptee', chauffeur: driver.uid, lieu: { adresse: 'Rue 12.045, maison 7, portail vert', point: EXACT }, note: 'Appeler le gardien' });
    expect(await demande(id)).toMatchObject({ statut: 'acceptee', chauffeur: driver.uid });
  });
});
