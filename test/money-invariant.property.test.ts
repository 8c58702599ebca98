/**
 * The money invariant as a property (README, "Reconciliation"): random sequences of operations
 * across domains, through the API as the apps and admins call it (orders with and without
 * delivery, purchases, paying twice, buyers racing for one listing, cancelling a paid order as the
 * buyer or an admin, deliveries delivered, refused at the door, returned or cancelled), some at
 * once; after each sequence the events are drained and the reconciliation must find no break.
 *
 * Each sequence has fresh accounts (sellers, buyers, a courier) and listings of its own, so
 * sequences do not interfere; the reconciliation judges the whole database each time. Budget:
 * MONEY_PROPERTY_RUNS sequences (default 15: each makes several real payments against the emulators,
 * a few seconds a sequence on a 2-core machine). On failure fast-check prints the seed and the
 * shrunk path; replay with MONEY_PROPERTY_SEED=<seed> MONEY_PROPERTY_PATH=<path>.
 */
import fc from 'fast-check';
import { createUser, type TestUser } from './helpers/accounts';
import { api, bearer } from './helpers/api';
import { publish } from './helpers/catalog';
import { seedCourier } from './helpers/deliveries';
import { resetEmulators } from './helpers/emulators';
import { useFeexPaySandbox } from './helpers/feexpay';
import { confirmPayment, drainEvents, pay, reconcileNow, startPayment } from './helpers/money';
import { useSettings } from './helpers/settings';

jest.setTimeout(15 * 60_000);
useFeexPaySandbox();

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 15);
const SEED = process.env.MONEY_PROPERTY_SEED === undefined ? undefined : Number(process.env.MONEY_PROPERTY_SEED);
const PATH = process.env.MONEY_PROPERTY_PATH;

/** Greater Cotonou: 100 XOF per km, from 500 to 5000 XOF. */
const ZONE = {
  nom: 'Grand Cotonou',
  polygon: [
    { latitude: 6.33, longitude: 2.33 },
    { latitude: 6.33, longitude: 2.48 },
    { latitude: 6.42, longitude: 2.48 },
    { latitude: 6.42, longitude: 2.33 },
  ],
  prixParKm: 100,
  fraisMin: 500,
  fraisMax: 5000,
  villes: ['Cotonou'],
};
const SHOP = { latitude: 6.36, longitude: 2.4 };
const ADDRESS = { ville: 'Cotonou', details: 'Akpakpa, près du marché', position: { latitude: 6.37, longitude: 2.45 } };

let admin: TestUser;
/** What the sequences did, printed at the end: a property that never reaches an outcome proves nothing about it. */
const tally = new Map<string, number>();
const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('superAdmin');
  useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'false' });
  const zone = await (await api()).post('/api/delivery-zones').set(bearer(admin.token)).send(ZONE);
  expect(zone.status).toBe(201);
});
beforeEach(() => useSettings({ PAYMENT_RATE_LIMIT_ENABLED: 'false' }));

type Outcome = 'livre' | 'refuse' | 'retour' | 'annule';
type Op =
  | { kind: 'order'; quantite: number; twice: boolean; cancel: 'none' | 'buyer' | 'admin' }
  | { kind: 'deliveredOrder'; outcome: Outcome; cancelFirst: boolean }
  | { kind: 'achat'; twice: boolean; rivals: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), quantite: fc.integer({ min: 1, max: 3 }), twice: fc.boolean(), cancel: fc.constantFrom('none' as const, 'buyer' as const, 'admin' as const) }),
  fc.record({ kind: fc.constant('deliveredOrder' as const), outcome: fc.constantFrom<Outcome>('livre', 'refuse', 'retour', 'annule'), cancelFirst: fc.boolean() }),
  fc.record({ kind: fc.constant('achat' as const), twice: fc.boolean(), rivals: fc.integer({ min: 0, max: 1 }) }),
);

const sequenceArb = fc.record({ ops: fc.array(opArb, { minLength: 1, maxLength: 3 }), parallel: fc.boolean() });

interface World {
  seller: TestUser;
  buyers: TestUser[];
  courier: TestUser;
}

async function part(world: World, prix: number, stock: number) {
  return publish(world.seller, {
    type: 'piece',
    titre: 'Alternateur Corolla',
    prix,
    stock,
    marque: undefined,
    modele: undefined,
    annee: undefined,
    carburant: undefined,
    boiteVitesse: undefined,
    localisation: SHOP,
  });
}

/** Pays once, or twice at once (two payments started for one target, both confirmed together). */
async function payFor(buyer: TestUser, type: string, montant: number, metadata: Record<string, string>, twice: boolean) {
  if (!twice) return pay(admin, buyer, type, montant, metadata);
  const started = await Promise.all([startPayment(buyer, type, montant, metadata), startPayment(buyer, type, montant, metadata)]);
  const ids = started.map((one) => one.paymentId).filter((id): id is string => Boolean(id));
  await Promise.all(ids.map((id) => confirmPayment(admin, id)));
  return ids[0];
}

async function runOp(world: World, op: Op, index: number): Promise<void> {
  const client = await api();
  const buyer = world.buyers[index % world.buyers.length]!;
  if (op.kind === 'order') {
    const listing = await part(world, 15_000 + 1_000 * index, 5);
    const created = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: listing.id, quantite: op.quantite }], livraison: false });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await payFor(buyer, 'commande', created.body.data.total, { commandeId: id }, op.twice);
    count(`order${op.twice ? ' paid twice' : ''}${op.cancel === 'none' ? '' : ` cancelled by ${op.cancel}`}`);
    if (op.cancel === 'buyer') await client.post(`/api/orders/${id}/cancel`).set(bearer(buyer.token)).send({});
    if (op.cancel === 'admin') await client.post(`/api/orders/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'cancelled', reason: 'Annulée par le support' });
    return;
  }
  if (op.kind === 'deliveredOrder') {
    const listing = await part(world, 20_000 + 1_000 * index, 2);
    const created = await client.post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: listing.id, quantite: 1 }], livraison: true, adresseLivraison: ADDRESS });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await pay(admin, buyer, 'commande', created.body.data.total, { commandeId: id });
    const deliveryId = `order_${id}`;
    // A buyer's cancel of a paid order with delivery is refused (ORDER_DELIVERY_UNDER_WAY): the money stays with the delivery.
    if (op.cancelFirst) await client.post(`/api/orders/${id}/cancel`).set(bearer(buyer.token)).send({});
    const move = (statut: string) => client.post(`/api/deliveries/${deliveryId}/admin/status`).set(bearer(admin.token)).send({ statut, reason: 'Test' });
    if (op.outcome === 'annule') {
      count('delivery annule');
      await move('annule');
      return;
    }
    const accepted = await client.post(`/api/deliveries/${deliveryId}/accept`).set(bearer(world.courier.token)).send({});
    if (accepted.status !== 200) {
      // No offer reached the courier (another was nearer): the admin cancels it.
      count('delivery annule (no offer)');
      await move('annule');
      return;
    }
    count(`delivery ${op.outcome}`);
    await move('en_cours');
    if (op.outcome === 'refuse') await client.post(`/api/deliveries/${deliveryId}/refuse`).set(bearer(buyer.token)).send({ reason: 'Pièce abîmée' });
    else await move(op.outcome);
    return;
  }
  const car = await publish(world.seller, { prix: 1_500_000 + 10_000 * index });
  count(`achat${op.twice ? ' paid twice' : ''}${op.rivals ? ' raced' : ''}`);
  const racers = [buyer, ...world.buyers.filter((other) => other !== buyer).slice(0, op.rivals)];
  await Promise.all(
    racers.map(async (racer) => {
      const achat = await client.post('/api/achat').set(bearer(racer.token)).send({ articleId: car.id, modeLivraison: 'transit', paysDestination: 'NG' });
      if (achat.status !== 201) return;
      await payFor(racer, 'achat', achat.body.data.total, { achatId: achat.body.data.id }, op.twice);
    }),
  );
}

it('keeps every payment’s money accounted for, to the franc, after random sequences of operations', async () => {
  const timings: number[] = [];
  await fc.assert(
    fc.asyncProperty(sequenceArb, async ({ ops, parallel }) => {
      const started = Date.now();
      const [seller, b1, b2, courier] = await Promise.all([createUser('vendeur'), createUser('acheteur'), createUser('acheteur'), createUser('livreur')]);
      await seedCourier(courier.uid, SHOP);
      const world: World = { seller, buyers: [b1, b2], courier };
      try {
        if (parallel) await Promise.all(ops.map((op, index) => runOp(world, op, index)));
        else for (const [index, op] of ops.entries()) await runOp(world, op, index);
      } finally {
        await seedCourier(courier.uid, SHOP, false);
      }
      const parked = await drainEvents();
      const report = await reconcileNow();
      timings.push(Date.now() - started);
      if (report.breaks.length > 0 || parked.length > 0) {
        throw new Error(`breaks of the money invariant:\n${JSON.stringify(report.breaks, null, 2)}\nparked runs:\n${parked.join('\n')}`);
      }
    }),
    { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: true, verbose: 1 },
  );
  console.log(`money property: ${timings.length} sequences, ${timings.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}; ${JSON.stringify(Object.fromEntries(tally))}`);
});
