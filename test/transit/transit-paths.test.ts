/**
 * `/api/transit-missions/parcours/{articleId}` and `/api/transit-missions/{id}/details` (and
 * `/{id}/marquer-traite`, `/{id}/rejeter-attribution`) are both matched by a path such as
 * `/parcours/details`: linters call the templates ambiguous (redocly.yaml says why they stay). The
 * contract's paths stay as they are; the method tells the routes apart, since the first is a GET
 * and the others PATCH. These calls show each request reaching its own route.
 */
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { startJourney } from '../helpers/transit';

const { sandbox } = useFeexPaySandbox();
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  await resetEmulators();
  seller = await createUser('vendeur');
  buyer = await createUser('acheteur');
});

describe.each(['/api/transit-missions', '/api/transit'])('under %s', (prefix) => {
  it('answers the journey of an article by GET …/parcours/{articleId}, and changes a mission by PATCH …/{id}/details', async () => {
    const journey = await startJourney(buyer, seller, sandbox(), { paysDestination: 'NG' }, prefix);
    const client = await api();
    const read = await client.get(`${prefix}/parcours/${journey.articleId}`).set(bearer(buyer.token));
    expect([read.status, read.body.data.id, read.body.data.paysDestination]).toEqual([200, journey.id, 'NG']);
    const changed = await client.patch(`${prefix}/${journey.id}/details`).set(bearer(buyer.token)).send({ paysDestination: 'TG' });
    expect([changed.status, changed.body.data.id, changed.body.data.paysDestination]).toEqual([200, journey.id, 'TG']);
  });

  it('sends a path both templates match to the route of its method', async () => {
    const client = await api();
    // GET: the journey of an article named `details` (none): the journey route's own answer.
    const read = await client.get(`${prefix}/parcours/details`).set(bearer(buyer.token));
    expect([read.status, read.body.code]).toEqual([404, 'MISSION_NOT_FOUND']);
    // PATCH: the mission named `parcours`; only the details route reads a body, and refuses an empty one.
    const empty = await client.patch(`${prefix}/parcours/details`).set(bearer(buyer.token)).send({});
    expect([empty.status, empty.body.code, empty.body.details?.[0]?.field]).toEqual([400, 'VALIDATION_ERROR', 'body']);
    const changed = await client.patch(`${prefix}/parcours/details`).set(bearer(buyer.token)).send({ paysDestination: 'TG' });
    expect([changed.status, changed.body.code]).toEqual([404, 'MISSION_NOT_FOUND']);
    // A method neither template has is no route at all.
    const neither = await client.put(`${prefix}/parcours/details`).set(bearer(buyer.token)).send({ paysDestination: 'TG' });
    expect([neither.status, neither.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
