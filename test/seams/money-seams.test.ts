/**
 * Money where two domains meet (docs/guides/wallet.md, "Money"; DOMAIN.md, "Money conservation"): a refund in one
 * domain takes back every credit another made for the same money, and a wallet whose credit is
 * taken back after it was withdrawn carries a debt instead of going below zero.
 */
import { runTransaction } from '../../functions/src/core/firebase';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { holdOrder } from '../../functions/src/domains/commerce/orders/handover';
import { allocate, markForRefund } from '../../functions/src/domains/payments';
import { record } from '../../functions/src/domains/wallet';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { createAgent, signUp } from '../helpers/agents';
import { publish } from '../helpers/catalog';
import { entriesOf, orderDoc, paymentDoc } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { pay as payThrough } from '../helpers/money';
import { forwarder, paidTransitPurchase, selectForwarder } from '../helpers/transit';
import { attachReport, payVerification, startVerificationPayment } from '../helpers/verification';
import { storedWallet, zeroWallet } from '../helpers/wallets';
import { frozenClock, resetClock, restoreSettings } from '../helpers/settings';
import { closeLapsedDecisions } from '../../functions/src/domains/catalog/inspection/buyer';
import { onAchatDelivered } from '../../functions/src/domains/commerce/achats/handover';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;
afterEach(() => {
  resetClock();
  restoreSettings();
});

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});

const wallet = async (uid: string) => {
  const { balance, held, debt } = await storedWallet(uid);
  return { balance, held, debt };
};
const article = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data()!;
const platformEntriesOf = async (paymentId: string) => (await entriesOf('platform')).filter((entry) => entry.paymentId === paymentId);
const sum = (entries: Array<{ montant?: unknown }>) => entries.reduce((total: number, entry) => total + Number(entry.montant), 0);

const part = (seller: TestUser, prix: number, stock: number) =>
  publish(seller, { type: 'piece', titre: 'Alternateur Corolla', prix, stock, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });

/** A payment started by `user` through mobile money, succeeded at FeexPay and confirmed by an admin: its id. */
const pay = (user: TestUser, type: string, montant: number, metadata: Record<string, string>) => payThrough(admin, user, type, montant, metadata);

/** A paid order without delivery of one unit of each listing. */
async function paidOrder(buyer: TestUser, items: Array<{ articleId: string; quantite: number }>, total: number) {
  const placed = await (await api()).post('/api/orders').set(bearer(buyer.token)).send({ items, livraison: false });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.id as string;
  const paymentId = await pay(buyer, 'commande', total, { commandeId: orderId });
  return { orderId, paymentId };
}

describe('cancelling a paid order (DOMAIN.md: "each seller\'s credit is taken back and the units return to stock in the same transaction"; "A refund before the handover takes the held credit back (no debt)")', () => {
  it('takes back every seller’s held money, to the franc, refunds the whole payment and returns the units', async () => {
    const [s1, s2, buyer] = await Promise.all([createUser('vendeur'), createUser('vendeur'), createUser('acheteur')]);
    const [p1, p2] = await Promise.all([part(s1, 15_000, 3), part(s2, 40_000, 1)]);
    const { orderId, paymentId } = await paidOrder(buyer, [{ articleId: p1.id, quantite: 2 }, { articleId: p2.id, quantite: 1 }], 70_000);
    // Held, not available; the platform's fee is taken at the handover only.
    expect([await wallet(s1.uid), await wallet(s2.uid)]).toEqual([
      { balance: 0, held: 30_000, debt: 0 },
      { balance: 0, held: 40_000, debt: 0 },
    ]);
    expect(await platformEntriesOf(paymentId)).toEqual([]);
    const credited = [30_000, 40_000];
    expect((await article(p1.id)).stock).toBe(1);
    expect(await article(p2.id)).toMatchObject({ stock: 0, statut: 'vendu' });

    const cancelled = await (await api()).post(`/api/orders/${orderId}/cancel`).set(bearer(buyer.token));
    expect(cancelled.body.data.statut).toBe('cancelled');
    expect((await paymentDoc(paymentId)).refund).toMatchObject({ statut: 'a_rembourser', montant: 70_000 });
    for (const [seller, held] of [[s1, credited[0]], [s2, credited[1]]] as const) {
      expect(await wallet(seller.uid)).toEqual({ balance: 0, held: 0, debt: 0 });
      expect((await entriesOf(seller.uid)).find((entry) => entry.type === 'retenue_reprise')).toMatchObject({ montant: -held, paymentId, reference: orderId });
    }
    expect(sum(await platformEntriesOf(paymentId))).toBe(0);
    // The units are back; the listing the order sold out is online again.
    expect((await article(p1.id)).stock).toBe(3);
    expect(await article(p2.id)).toMatchObject({ stock: 1, statut: 'en_ligne', statutVente: 'disponible' });
    const event = (await db().collection(COLLECTIONS.events).doc(`payment.refund_marked_${paymentId}`).get()).data();
    expect(event?.payload).toMatchObject({ paymentId, montant: 70_000, full: true });
  });

  it('is refused to the buyer once the seller declared it shipped, and the seller’s money stays held', async () => {
    const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
    const p = await part(seller, 20_000, 2);
    const { orderId, paymentId } = await paidOrder(buyer, [{ articleId: p.id, quantite: 1 }], 20_000);
    const client = await api();
    for (const statut of ['processing', 'shipped']) expect((await client.post(`/api/orders/${orderId}/status`).set(bearer(seller.token)).send({ statut })).status).toBe(200);
    const refused = await client.post(`/api/orders/${orderId}/cancel`).set(bearer(buyer.token));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_TRANSITION');
    expect((await paymentDoc(paymentId)).refund).toBeUndefined();
    expect(await wallet(seller.uid)).toEqual({ balance: 0, held: 20_000, debt: 0 });
    expect((await article(p.id)).stock).toBe(1);
  });

  it('an admin’s cancellation takes the credits back the same way', async () => {
    const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
    const p = await part(seller, 25_000, 1);
    const { orderId, paymentId } = await paidOrder(buyer, [{ articleId: p.id, quantite: 1 }], 25_000);
    const res = await (await api()).post(`/api/orders/admin/${orderId}/status`).set(bearer(admin.token)).send({ statut: 'cancelled', reason: 'Pièce introuvable' });
    expect(res.body.data.statut).toBe('cancelled');
    expect((await paymentDoc(paymentId)).refund).toMatchObject({ montant: 25_000, reason: 'Pièce introuvable' });
    expect(await wallet(seller.uid)).toEqual({ balance: 0, held: 0, debt: 0 });
    expect((await article(p.id)).statut).toBe('en_ligne');
  });

  it('a cancel landing just before the credit pays the seller nothing, also when both run at once', async () => {
    const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
    const p = await part(seller, 10_000, 5);
    // Placed and paid, its sellers not credited yet (the credit's event still on its way): the
    // order as `onOrderPaid` leaves it, before `order.paid` reaches its subscriber.
    const { orderId, paymentId } = await paidOrder(buyer, [{ articleId: p.id, quantite: 1 }], 10_000);
    await db().collection(COLLECTIONS.wallets).doc(seller.uid).collection('transactions').doc(`vente_retenue_${orderId}`).delete();
    await zeroWallet(seller.uid);
    // And the payment's allocation summary as its settlement left it: nothing allocated yet.
    await db().collection(COLLECTIONS.paymentAllocations).doc(paymentId).set({ allocated: 0, origin: 'settled', updatedAt: new Date() });
    await Promise.all([(await api()).post(`/api/orders/${orderId}/cancel`).set(bearer(buyer.token)), holdOrder(orderId)]);
    await holdOrder(orderId);
    expect((await orderDoc(orderId)).statut).toBe('cancelled');
    // Whichever came first: nothing held, or held and taken back; never money kept.
    expect(await wallet(seller.uid)).toEqual({ balance: 0, held: 0, debt: 0 });
    expect(sum((await entriesOf(seller.uid)).filter((entry) => entry.paymentId === paymentId))).toBe(0);
    expect((await paymentDoc(paymentId)).refund).toMatchObject({ montant: 10_000 });
  });
});

describe('debts (DOMAIN.md: "a credit taken back after it was withdrawn becomes the wallet\'s debt, which later credits repay first")', () => {
  async function successfulPayment(montant: number): Promise<string> {
    const ref = db().collection(COLLECTIONS.payments).doc();
    const at = new Date();
    await ref.set({ userId: 'payer', montant, reference: `ref-${ref.id}`, statut: 'success', type: 'commande', metadata: {}, method: 'mobile_money', network: 'mtn', history: [], lateSuccess: false, createdAt: at, updatedAt: at, expiresAt: at });
    return ref.id;
  }

  it('a take-back beyond the balance becomes debt; later credits repay it first; a withdrawal never borrows', async () => {
    const seller = await createUser('vendeur');
    const first = await successfulPayment(10_000);
    await runTransaction((tx) => allocate(tx, first, [{ uid: seller.uid, entry: { type: 'vente', montant: 9_000, reference: 'o1', description: 'Vente o1' } }]));
    // The seller was paid out 6,000 of it.
    await record(seller.uid, { type: 'retrait', montant: -6_000, reference: 'w1', description: 'Retrait' });
    await expect(record(seller.uid, { type: 'retrait', montant: -4_000, reference: 'w2', description: 'Retrait' })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await markForRefund(first, 'annulée');
    expect(await wallet(seller.uid)).toMatchObject({ balance: 0, debt: 6_000 });
    const second = await successfulPayment(5_000);
    await runTransaction((tx) => allocate(tx, second, [{ uid: seller.uid, entry: { type: 'vente', montant: 5_000, reference: 'o2', description: 'Vente o2' } }]));
    expect(await wallet(seller.uid)).toMatchObject({ balance: 0, debt: 1_000 });
    const third = await successfulPayment(3_000);
    await runTransaction((tx) => allocate(tx, third, [{ uid: seller.uid, entry: { type: 'vente', montant: 3_000, reference: 'o3', description: 'Vente o3' } }]));
    expect(await wallet(seller.uid)).toMatchObject({ balance: 2_000, debt: 0 });
    // balance - debt = the sum of the entries, at every step.
    expect(sum(await entriesOf(seller.uid))).toBe(2_000);
    const shown = (await (await api()).get('/api/wallet/me').set(bearer(seller.token))).body.data;
    expect(shown).toMatchObject({ balance: 2_000, debt: 0 });
  });

  it('never allocates more than a payment brought, nor anything once it was refunded whole', async () => {
    const seller = await createUser('vendeur');
    const paymentId = await successfulPayment(1_000);
    const over = runTransaction((tx) => allocate(tx, paymentId, [{ uid: seller.uid, entry: { type: 'vente', montant: 1_001, reference: 'x1', description: 'Trop' } }]));
    await expect(over).rejects.toThrow(/more than it brought/);
    expect(await entriesOf(seller.uid)).toEqual([]);
    await markForRefund(paymentId, 'annulée');
    const late = await runTransaction((tx) => allocate(tx, paymentId, [{ uid: seller.uid, entry: { type: 'vente', montant: 500, reference: 'x2', description: 'Tard' } }]));
    expect(late).toBeUndefined();
    expect(await entriesOf(seller.uid)).toEqual([]);
  });
});

describe('boosts (issue: "Commissions follow their money back")', () => {
  const agentDoc = async (uid: string) => (await db().collection(COLLECTIONS.agents).doc(uid).get()).data() ?? {};
  const earning = async (id: string) => (await db().collection(COLLECTIONS.agentEarnings).doc(id).get()).data();

  async function boost(seller: TestUser) {
    const listing = await publish(seller);
    const asked = await (await api()).post('/api/publicites').set(bearer(seller.token)).send({ articleId: listing.id, typePub: 'sponsorise', duree: 7 });
    expect(asked.status).toBe(201);
    return asked.body.data as { id: string; montant: number };
  }

  it('an admin’s rejection of a paid boost marks its payment for refund and takes back the revenue and the agent’s commission with its counters', async () => {
    const agent = await createAgent(admin, 'Market_pro');
    const seller = await signUp('vendeur', agent.referralCode);
    const pub = await boost(seller);
    const paymentId = await pay(seller, 'publicite', pub.montant, { publiciteId: pub.id });
    expect(await earning(`commission_publicite_${paymentId}`)).toMatchObject({ montant: 700 });
    expect(await agentDoc(agent.uid)).toMatchObject({ campagnesLancees: 1, revenueCampagne: 700 });
    const before = (await wallet(agent.uid)).balance;

    const rejected = await (await api()).patch(`/api/publicites/${pub.id}/reject`).set(bearer(admin.token)).send({ motif: 'Contenu interdit' });
    expect(rejected.body.data.statut).toBe('rejetee');
    expect((await paymentDoc(paymentId)).refund).toMatchObject({ statut: 'a_rembourser', montant: pub.montant });
    expect((await db().collection(COLLECTIONS.events).doc(`payment.refund_marked_${paymentId}`).get()).exists).toBe(true);
    // The platform's revenue and its commission cost, both taken back: nothing of the payment stays.
    expect(sum(await platformEntriesOf(paymentId))).toBe(0);
    expect((await wallet(agent.uid)).balance).toBe(before - 700);
    expect(await earning(`commission_publicite_${paymentId}`)).toMatchObject({ reprisLe: expect.anything() });
    expect(await agentDoc(agent.uid)).toMatchObject({ campagnesLancees: 0, revenueCampagne: 0 });
    const board = (await (await api()).get('/api/agents/me/dashboard').set(bearer(agent.token))).body.data;
    expect(board.daily).toMatchObject({ campagnesLancees: 0, revenueCampagne: 0 });
  });

  it('two payments for one boost: the one refunded earns no commission and counts no campaign', async () => {
    const agent = await createAgent(admin, 'Market');
    const seller = await signUp('vendeur', agent.referralCode);
    const pub = await boost(seller);
    const [first, second] = await Promise.all([
      pay(seller, 'publicite', pub.montant, { publiciteId: pub.id }),
      pay(seller, 'publicite', pub.montant, { publiciteId: pub.id }),
    ]);
    const refunded = [await paymentDoc(first), await paymentDoc(second)].filter((payment) => payment.refund);
    expect(refunded).toHaveLength(1);
    const standing = (await db().collection(COLLECTIONS.agentEarnings).where('agentId', '==', agent.uid).get()).docs.filter(
      (doc) => doc.get('type') === 'commission_publicite' && !doc.get('reprisLe'),
    );
    expect(standing).toHaveLength(1);
    expect(await agentDoc(agent.uid)).toMatchObject({ campagnesLancees: 1, revenueCampagne: 700 });
    const commissions = (await entriesOf(agent.uid)).filter((entry) => entry.paymentId === first || entry.paymentId === second);
    expect(sum(commissions)).toBe(700);
  });
});

describe('inspection decisions (DOMAIN.md: "within VERIFICATION_DECISION_DAYS of its availability, and only while the vehicle was not handed over")', () => {
  async function reported() {
    const [seller, buyer] = await Promise.all([createUser('vendeur'), createUser('acheteur')]);
    const listing = await publish(seller, { titre: 'Toyota Camry 2016', prix: 3_500_000 });
    const achatId = await paidTransitPurchase(buyer, listing.id, sandbox());
    const id = await payVerification(buyer, listing.id, sandbox());
    await attachReport(admin, listing.id);
    return { seller, buyer, listing, achatId, id };
  }
  const refuse = async (buyer: TestUser, id: string) => (await api()).post(`/api/verification/${id}/refuser`).set(bearer(buyer.token));
  const achat = async (id: string) => (await db().collection(COLLECTIONS.achats).doc(id).get()).data()!;

  it('refuses a refusal past the deadline, leaves the sale standing, and the job closes the request as accepted', async () => {
    const { seller, buyer, achatId, id } = await reported();
    const shown = (await (await api()).get(`/api/verification/${id}`).set(bearer(buyer.token))).body.data;
    expect(Date.parse(shown.decisionDeadline) - Date.parse(shown.reportedAt)).toBe(3 * 24 * 3600 * 1000);
    frozenClock(new Date(Date.parse(shown.decisionDeadline) + 60_000));
    const late = await refuse(buyer, id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('VERIFICATION_DECISION_CLOSED');
    expect((await achat(achatId)).statut).toBe('payee');
    expect((await wallet(seller.uid)).held).toBe(3_500_000);
    expect(await closeLapsedDecisions()).toEqual({ closed: 1 });
    expect((await (await api()).get(`/api/verification/${id}`).set(bearer(buyer.token))).body.data.statut).toBe('accepte');
    expect(await closeLapsedDecisions()).toEqual({ closed: 0 });
  });

  it('a vehicle transferred to its forwarder cannot be inspected afterwards; one delivered while its report waits cannot be refused', async () => {
    // Bought, journey started, forwarder chosen, vehicle handed over, all before any inspection.
    const [seller, buyer, transitaire] = await Promise.all([createUser('vendeur'), createUser('acheteur'), forwarder()]);
    const listing = await publish(seller, { titre: 'Nissan Patrol 2014', prix: 6_000_000 });
    const achatId = await paidTransitPurchase(buyer, listing.id, sandbox());
    const client = await api();
    expect((await client.post('/api/transit-missions/start').set(bearer(buyer.token)).send({ articleId: listing.id, paysDestination: 'NG' })).status).toBe(200);
    expect((await selectForwarder(buyer, listing.id, transitaire.uid)).status).toBe(200);
    expect((await client.post('/api/transit-missions/transferer').set(bearer(buyer.token)).send({ articleId: listing.id })).status).toBe(200);
    // Then an inspection to refuse it: not payable any more.
    const started = await startVerificationPayment(buyer, listing.id);
    expect(started.body.code).toBe('PAYMENT_TARGET_INVALID');
    // "Transit: the buyer's `transferer`" is the handover (DOMAIN.md, "Fair exchange"): the purchase `remise`, its price released.
    expect((await achat(achatId)).statut).toBe('remise');
    expect(await wallet(seller.uid)).toEqual({ balance: 6_000_000 - 120_000, held: 0, debt: 0 });

    // Delivered while its report waits: the purchase's delivery `livre` says so through achat.handed_over.
    const second = await reported();
    await db().collection(COLLECTIONS.achats).doc(second.achatId).update({ demandeLivraison: { pickups: [], destination: {}, quote: {} } });
    await onAchatDelivered(second.achatId);
    const refused = await refuse(second.buyer, second.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('VERIFICATION_VEHICLE_HANDED_OVER');
    expect((await achat(second.achatId)).statut).toBe('remise');
    expect((await client.post(`/api/verification/${second.id}/accepter`).set(bearer(second.buyer.token))).body.data.statut).toBe('accepte');
  });
});
