/**
 * Every route that takes a position, called at the edges of the map: the poles, the antimeridian
 * from both sides, the equator and the prime meridian (latitudes -90, -89.9999, 0, 89.9999, 90 by
 * longitudes -180, -179.9999, 0, 179.9999, 180: 25 points, generated), searches at their largest
 * radius. docs/guides/logistics.md, Tricycles: "Poles, the antimeridian and the equator are answered like any point
 * by every route that takes a position": each answers a success, or a 4xx ApiError with its stable
 * code (a point in no delivery zone is one), never a 500.
 */
import { createAgent } from '../helpers/agents';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { carInput, publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';

restoreSettingsAndClockAfterEach();

interface Point {
  latitude: number;
  longitude: number;
}

const LATITUDES = [-90, -89.9999, 0, 89.9999, 90];
const LONGITUDES = [-180, -179.9999, 0, 179.9999, 180];
const EDGES: Point[] = LATITUDES.flatMap((latitude) => LONGITUDES.map((longitude) => ({ latitude, longitude })));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface Callers {
  buyer: TestUser;
  seller: TestUser;
  chauffeur: TestUser;
  livreur: TestUser;
  admin: TestUser;
  agent: { token: string };
  listingId: string;
  partId: string;
}

let callers: Callers;

beforeAll(async () => {
  await resetEmulators();
  const [buyer, seller, chauffeur, livreur, admin] = await Promise.all([createUser('acheteur'), createUser('vendeur'), createUser('chauffeur'), createUser('livreur'), createUser('principal')]);
  const agent = await createAgent(admin, 'Market');
  const shop = { latitude: 6.3703, longitude: 2.3912 };
  const [listing, part] = await Promise.all([
    publish(seller, { localisation: shop }),
    publish(seller, { type: 'piece', titre: 'Alternateur Corolla', prix: 30_000, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined, localisation: shop }),
  ]);
  callers = { buyer, seller, chauffeur, livreur, admin, agent, listingId: listing.id, partId: part.id };
});

/** One call of a geo route at `point`: its method, path, caller and input. */
interface Call {
  route: string;
  send: (point: Point) => Promise<{ status: number; body: { code?: unknown; success?: unknown } }>;
}

function calls(): Call[] {
  const { buyer, seller, chauffeur, livreur, admin, agent, listingId, partId } = callers;
  const client = () => api();
  const as = (user: { token: string }) => bearer(user.token);
  return [
    // Zones first: the lookups and quotes after them then meet zones drawn at the edges.
    {
      route: 'POST /api/delivery-zones',
      send: async (p) =>
        (await client())
          .post('/api/delivery-zones')
          .set(as(admin))
          .send({
            nom: `Bord ${p.latitude} ${p.longitude}`,
            polygon: [p, { latitude: p.latitude > 0 ? p.latitude - 0.5 : p.latitude + 0.5, longitude: p.longitude }, { latitude: p.latitude, longitude: p.longitude > 0 ? p.longitude - 0.5 : p.longitude + 0.5 }],
            prixParKm: 300,
            fraisMin: 500,
            fraisMax: 5000,
          }),
    },
    { route: 'GET /api/tricycles/nearby', send: async (p) => (await client()).get('/api/tricycles/nearby').query({ ...p, radiusKm: 50 }).set(as(buyer)) },
    { route: 'PUT /api/tricycles/me/status', send: async (p) => (await client()).put('/api/tricycles/me/status').set(as(chauffeur)).send({ online: true, position: p, vehicule: 'Tricycle', plaque: 'AB 1' }) },
    { route: 'POST /api/tricycles/me/location', send: async (p) => (await client()).post('/api/tricycles/me/location').set(as(chauffeur)).send(p) },
    { route: 'POST /api/tricycles/contacts', send: async (p) => (await client()).post('/api/tricycles/contacts').set(as(buyer)).send({ chauffeur: chauffeur.uid, position: p }) },
    { route: 'GET /api/chauffeurs/demandes/open', send: async (p) => (await client()).get('/api/chauffeurs/demandes/open').query({ lat: p.latitude, lng: p.longitude, radiusKm: 50 }).set(as(chauffeur)) },
    {
      route: 'POST /api/chauffeurs/demandes',
      send: async (p) => (await client()).post('/api/chauffeurs/demandes').set(as(buyer)).send({ trajet: { depart: 'A', arrivee: 'B' }, date: inDays(2), lieu: { adresse: 'Bord du monde', point: p } }),
    },
    { route: 'PUT /api/livreurs/me/status', send: async (p) => (await client()).put('/api/livreurs/me/status').set(as(livreur)).send({ online: true, position: p }) },
    { route: 'POST /api/livreurs/me/location', send: async (p) => (await client()).post('/api/livreurs/me/location').set(as(livreur)).send(p) },
    { route: 'POST /api/delivery-zones/lookup', send: async (p) => (await client()).post('/api/delivery-zones/lookup').send(p) },
    { route: 'POST /api/delivery-zones/quote', send: async (p) => (await client()).post('/api/delivery-zones/quote').send({ pickups: [p], destination: p }) },
    { route: 'POST /api/agents/me/daily', send: async (p) => (await client()).post('/api/agents/me/daily').set(as(agent)).send({ zoneLocation: { lat: p.latitude, lng: p.longitude } }) },
    { route: 'POST /api/articles', send: async (p) => (await client()).post('/api/articles').set(as(seller)).send(carInput({ localisation: p })) },
    {
      route: 'POST /api/orders',
      send: async (p) => (await client()).post('/api/orders').set(as(buyer)).send({ items: [{ articleId: partId, quantite: 1 }], livraison: true, adresseLivraison: { ville: 'Bord', position: p } }),
    },
    {
      route: 'POST /api/achat',
      send: async (p) => (await client()).post('/api/achat').set(as(buyer)).send({ articleId: listingId, modeLivraison: 'consommation', livraison: { destination: p, adresse: 'Bord du monde' } }),
    },
  ];
}

it('answers every route that takes a position at every edge point with a success or a 4xx ApiError, never a 500', async () => {
  // The lookup and the quote are rate limited per caller; this test calls them 25 times each.
  useSettings({ DELIVERY_QUOTE_RATE_LIMIT_MAX: '1000' });
  const outcomes: Array<{ route: string; point: Point; status: number; code: unknown }> = [];
  for (const call of calls()) {
    for (const point of EDGES) {
      const res = await call.send(point);
      outcomes.push({ route: call.route, point, status: res.status, code: res.body.code });
    }
  }
  const broken = outcomes.filter(({ status, code }) => !((status >= 200 && status < 300) || (status >= 400 && status < 500 && typeof code === 'string' && /^[A-Z_]+$/.test(code))));
  expect(broken).toEqual([]);
  // The searches answer every edge point (200): nothing at the poles is a reason to refuse.
  for (const route of ['GET /api/tricycles/nearby', 'GET /api/chauffeurs/demandes/open']) {
    expect(outcomes.filter((outcome) => outcome.route === route && outcome.status !== 200)).toEqual([]);
  }
}, 600_000);
