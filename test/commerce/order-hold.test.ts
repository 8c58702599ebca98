/**
 * A seller's held money for an order of parts (DOMAIN.md, "Fair exchange"): written by the
 * transaction that makes the order `paid`, so it is there with the order, before `order.paid` is
 * handed out, exact to the franc when many buyers pay one seller at once, and once whatever runs again.
 */
import { reloadConfig } from '../../functions/src/core/config';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { confirmPayment, drainEvents, reconcileNow, startPayment } from '../helpers/money';

useFeexPaySandbox();
jest.setTimeout(180_000);
let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller] = await Promise.all([createUser('principal'), createUser('vendeur')]);
});

const PRICE = 12_000;
const part = () =>
  publish(seller, { type: 'piece', titre: 'Démarreur Corolla', prix: PRICE, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined, stock: 1 });

/** A buyer's order of one part, and its payment started (pending at FeexPay). */
async function ordered(): Promise<{ buyer: TestUser; orderId: string; paymentId: string }> {
  const [buyer, listing] = await Promise.all([createUser('acheteur'), part()]);
  const created = await (await api()).post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: listing.id, quantite: 1 }], livraison: false });
  expect(created.status).toBe(201);
  const { paymentId, code } = await startPayment(buyer, 'commande', PRICE, { commandeId: created.body.data.id });
  if (!paymentId) throw new Error(`payment refused: ${code}`);
  return { buyer, orderId: created.body.data.id as string, paymentId };
}

const heldEntries = async () => (await db().collection(COLLECTIONS.wallets).doc(seller.uid).collection('transactions').where('type', '==', 'vente_retenue').get()).docs.map((doc) => doc.data());
const wallet = async () => (await (await api()).get('/api/wallet/me').set(bearer(seller.token))).body.data as { balance: number; held: number; debt: number };
const allocated = async (paymentId: string) => (await db().collection(COLLECTIONS.paymentAllocations).doc(paymentId).get()).get('allocated') as number;
const event = async (orderId: string) => (await db().collection(COLLECTIONS.events).doc(`order.paid_${orderId}`).get()).data()!;

it('holds the price with the order paid, before order.paid is handed out, and its subscriber then writes nothing more', async () => {
  const { orderId, paymentId } = await ordered();
  // Events emitted by the order's transaction wait for the trigger here (the payment's own effect still runs inline, as in production).
  process.env.EVENTS_DISPATCH_INLINE = 'false';
  reloadConfig();
  try {
    await confirmPayment(admin, paymentId);
  } finally {
    process.env.EVENTS_DISPATCH_INLINE = 'true';
    reloadConfig();
  }
  expect((await db().collection(COLLECTIONS.commandes).doc(orderId).get()).data()).toMatchObject({ statut: 'paid', paymentId });
  expect(await event(orderId)).toMatchObject({ dispatch: 'pending', payload: { orderId, paymentId, held: true } });
  expect(await heldEntries()).toEqual([expect.objectContaining({ montant: PRICE, paymentId, reference: orderId })]);
  expect(await wallet()).toEqual(expect.objectContaining({ balance: 0, held: PRICE, debt: 0 }));
  expect(await allocated(paymentId)).toBe(PRICE);

  // The event handed out afterwards (the trigger's part), and the payment's effect run again twice at once: nothing more.
  expect(await drainEvents()).toEqual([]);
  await Promise.all([onOrderPaid(orderId, paymentId), onOrderPaid(orderId, paymentId)]);
  expect(await heldEntries()).toHaveLength(1);
  expect(await wallet()).toEqual(expect.objectContaining({ balance: 0, held: PRICE }));
  expect(await allocated(paymentId)).toBe(PRICE);
});

it('holds every price exactly when 15 buyers pay the same seller at once, each payment allocated whole and once', async () => {
  const before = (await wallet()).held;
  const orders = await Promise.all(Array.from({ length: 15 }, () => ordered()));
  await Promise.all(orders.map(({ paymentId }) => confirmPayment(admin, paymentId)));
  // Each payment's effect again, all at once: the holds are keyed by the order.
  await Promise.all(orders.map(({ orderId, paymentId }) => onOrderPaid(orderId, paymentId)));
  expect(await drainEvents()).toEqual([]);

  const entries = (await heldEntries()).filter((entry) => orders.some(({ paymentId }) => paymentId === entry.paymentId));
  expect(entries).toHaveLength(15);
  expect(new Set(entries.map((entry) => entry.paymentId)).size).toBe(15);
  expect(entries.every((entry) => entry.montant === PRICE)).toBe(true);
  expect(await wallet()).toEqual(expect.objectContaining({ balance: 0, held: before + 15 * PRICE, debt: 0 }));
  expect(await Promise.all(orders.map(({ paymentId }) => allocated(paymentId)))).toEqual(orders.map(() => PRICE));
  expect((await reconcileNow()).breaks).toEqual([]);
});
