/**
 * Handovers in person and the refunds before them (DOMAIN.md, "Fair exchange"): "In person (no
 * delivery): the buyer's handover code, shown in the buyer app, entered by the seller; or the
 * buyer's own "received"", "A seller's `shipped` is a declaration, not a handover", "an admin
 * cancels (with a reason) at any point before the handover, `shipped` included: full refund, held
 * credits taken back, units and listings restored", "Inspections are bought before the handover
 * only", and the stale handovers. Each hole of issue 32 beside its honest path.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { remindStaleHandovers } from '../../functions/src/domains/commerce/handover/stale';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { entriesOf } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { drainEvents, pay, reconcileNow } from '../helpers/money';
import { frozenClock, resetClock, restoreSettings } from '../helpers/settings';
import { attachReport, payVerification, startVerificationPayment } from '../helpers/verification';
import { storedWallet } from '../helpers/wallets';

const { sandbox } = useFeexPaySandbox();
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await resetEmulators();
  [admin, seller, buyer] = await Promise.all([createUser('principal'), createUser('vendeur'), createUser('acheteur')]);
});
afterEach(() => {
  resetClock();
  restoreSettings();
});

const post = async (user: TestUser, path: string, body: Record<string, unknown> = {}) => (await api()).post(path).set(bearer(user.token)).send(body);
const get = async (user: TestUser, path: string) => (await api()).get(path).set(bearer(user.token));
const article = async (id: string) => (await db().collection(COLLECTIONS.articles).doc(id).get()).data()!;
const payment = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;
const part = (owner: TestUser, prix: number, stock: number) => publish(owner, { type: 'piece', titre: 'Démarreur Corolla', prix, stock, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });
const ofSale = async (uid: string, reference: string) => (await entriesOf(uid)).filter((entry) => entry.reference === reference).map((entry) => [entry.type, entry.montant]);

/** An order of `quantite` units of `partId` without delivery, paid through the payments flow. */
async function paidOrder(partId: string, quantite: number, total: number, who = buyer) {
  const placed = await post(who, '/api/orders', { items: [{ articleId: partId, quantite }], livraison: false });
  expect(placed.status).toBe(201);
  const paymentId = await pay(admin, who, 'commande', total, { commandeId: placed.body.data.id });
  const read = await get(who, `/api/orders/${placed.body.data.id}`);
  return { id: placed.body.data.id as string, paymentId, code: read.body.data.codeRemise as string };
}

/** A vehicle bought without delivery and paid. */
async function paidPurchase(prix: number) {
  const listing = await publish(seller, { prix });
  const opened = await post(buyer, '/api/achat', { articleId: listing.id, modeLivraison: 'consommation' });
  expect(opened.status).toBe(201);
  const paymentId = await pay(admin, buyer, 'achat', prix, { achatId: opened.body.data.id });
  const mine = (await get(buyer, '/api/achat/mine?limit=50')).body.data as Array<{ id: string; codeRemise: string | null }>;
  return { id: opened.body.data.id as string, listingId: listing.id, paymentId, code: mine.find((achat) => achat.id === opened.body.data.id)!.codeRemise! };
}

describe('in person: the buyer’s code entered by the seller, or the buyer’s "received"', () => {
  it('holds an order’s lines until the seller enters the buyer’s code, then releases them net of the fee, once; wrong codes are counted and lock', async () => {
    const p = await part(seller, 20_000, 5);
    const order = await paidOrder(p.id, 2, 40_000);
    expect(order.code).toMatch(/^\d{6}$/);
    expect(await ofSale(seller.uid, order.id)).toEqual([['vente_retenue', 40_000]]);
    // The seller never reads the code; neither does a stranger read the order.
    expect((await get(seller, `/api/orders/${order.id}`)).body.data).not.toHaveProperty('codeRemise');
    const stranger = await createUser('vendeur');
    expect((await post(stranger, `/api/orders/${order.id}/handover`, { code: order.code })).body.code).toBe('ORDER_NOT_FOUND');
    expect((await post(buyer, `/api/orders/${order.id}/handover`, { code: order.code })).status).toBe(403);
    expect((await post(seller, `/api/orders/${order.id}/handover`, { code: '12345' })).status).toBe(400);
    expect((await post(seller, '/api/orders/..%2Fx/handover', { code: order.code })).status).toBe(404);
    const wrong = order.code === '111111' ? '222222' : '111111';
    const guessed = await post(seller, `/api/orders/${order.id}/handover`, { code: wrong });
    expect([guessed.status, guessed.body.code]).toEqual([409, 'HANDOVER_CODE_INVALID']);
    expect((await db().collection(COLLECTIONS.commandes).doc(order.id).get()).get('codeRemiseEssais')).toBe(1);
    expect(await ofSale(seller.uid, order.id)).toEqual([['vente_retenue', 40_000]]);

    // The right code twice at once: one handover, one release.
    const both = await Promise.all([1, 2].map(() => post(seller, `/api/orders/${order.id}/handover`, { code: order.code })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(both.find((answer) => answer.status === 409)?.body.code).toBe('HANDOVER_ALREADY_CONFIRMED');
    expect(both.find((answer) => answer.status === 200)?.body.data).toMatchObject({ statut: 'delivered', remiseA: expect.any(String) });
    await drainEvents();
    // 5 % of 40,000 (seller-gain tiers) kept by the platform.
    expect((await ofSale(seller.uid, order.id)).sort()).toEqual(
      [
        ['retenue_liberee', -40_000],
        ['vente', 38_000],
        ['vente_retenue', 40_000],
      ].sort(),
    );
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('locks code entry after HANDOVER_CODE_MAX_ATTEMPTS wrong codes; the buyer’s "received" still hands it over', async () => {
    const p = await part(seller, 10_000, 3);
    const order = await paidOrder(p.id, 1, 10_000);
    const wrong = (n: number) => String((Number(order.code) + n) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all([1, 2, 3, 4, 5].map((n) => post(seller, `/api/orders/${order.id}/handover`, { code: wrong(n) })));
    expect(tries.map((answer) => answer.body.code)).toEqual(Array.from({ length: 5 }, () => 'HANDOVER_CODE_INVALID'));
    const locked = await post(seller, `/api/orders/${order.id}/handover`, { code: order.code });
    expect([locked.status, locked.body.code]).toEqual([429, 'HANDOVER_CODE_LOCKED']);
    expect((await post(seller, `/api/orders/${order.id}/received`)).status).toBe(403);
    const received = await post(buyer, `/api/orders/${order.id}/received`);
    expect(received.body.data).toMatchObject({ statut: 'delivered', remises: { [seller.uid]: expect.any(String) } });
    expect((await post(buyer, `/api/orders/${order.id}/received`)).body.code).toBe('HANDOVER_ALREADY_CONFIRMED');
    await drainEvents();
    expect(await ofSale(seller.uid, order.id)).toEqual(expect.arrayContaining([['vente', 9_500]]));
  });

  it('each seller of an order hands over its own lines; the order is delivered with the last', async () => {
    const other = await createUser('vendeur');
    const [a, b] = await Promise.all([part(seller, 15_000, 2), part(other, 5_000, 2)]);
    const placed = await post(buyer, '/api/orders', { items: [{ articleId: a.id, quantite: 1 }, { articleId: b.id, quantite: 1 }], livraison: false });
    await pay(admin, buyer, 'commande', 20_000, { commandeId: placed.body.data.id });
    const code = (await get(buyer, `/api/orders/${placed.body.data.id}`)).body.data.codeRemise as string;
    const first = await post(seller, `/api/orders/${placed.body.data.id}/handover`, { code });
    expect(first.body.data).toMatchObject({ statut: 'paid', remiseA: expect.any(String) });
    await drainEvents();
    // Released for the seller who handed over; the other's lines still held.
    expect(await ofSale(seller.uid, placed.body.data.id)).toEqual(expect.arrayContaining([['vente', 14_250]]));
    expect(await ofSale(other.uid, placed.body.data.id)).toEqual([['vente_retenue', 5_000]]);
    // The buyer may no longer cancel once goods left a seller (DOMAIN.md, "Cancelling a paid order").
    expect((await post(buyer, `/api/orders/${placed.body.data.id}/cancel`)).body.code).toBe('SALE_HANDED_OVER');
    expect((await post(other, `/api/orders/${placed.body.data.id}/handover`, { code })).body.data.statut).toBe('delivered');
  });

  it('hands a vehicle over in person: the seller enters the buyer’s code, or the buyer says it received it; the price is held until then', async () => {
    const coded = await paidPurchase(700_000);
    expect(await storedWallet(seller.uid)).toMatchObject({ held: expect.any(Number) });
    expect(await ofSale(seller.uid, coded.id)).toEqual([['vente_retenue', 700_000]]);
    const sales = (await get(seller, '/api/achat/sales?limit=50')).body.data as Array<{ id: string; codeRemise: string | null }>;
    expect(sales.find((achat) => achat.id === coded.id)).toMatchObject({ codeRemise: null });
    expect((await post(buyer, `/api/achat/${coded.id}/handover`, { code: coded.code })).status).toBe(403);
    const handed = await post(seller, `/api/achat/${coded.id}/handover`, { code: coded.code });
    expect(handed.body.data).toMatchObject({ statut: 'remise', codeRemise: null });
    await drainEvents();
    expect(await ofSale(seller.uid, coded.id)).toEqual(expect.arrayContaining([['vente', 665_000]]));

    const received = await paidPurchase(300_000);
    expect((await post(buyer, `/api/achat/${received.id}/received`)).body.data).toMatchObject({ statut: 'remise', remiseA: expect.any(String) });
    await drainEvents();
    expect(await ofSale(seller.uid, received.id)).toEqual(expect.arrayContaining([['vente', 285_000]]));
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});

describe('`shipped` is the seller’s word: an admin still refunds before the handover', () => {
  it('an admin cancels a paid order the seller declared shipped: full refund, held money taken back without debt, units back (the buyer’s own cancel stays refused)', async () => {
    const p = await part(seller, 30_000, 5);
    const order = await paidOrder(p.id, 2, 60_000);
    expect((await article(p.id)).stock).toBe(3);
    for (const statut of ['processing', 'shipped']) expect((await post(seller, `/api/orders/${order.id}/status`, { statut })).status).toBe(200);
    expect((await post(buyer, `/api/orders/${order.id}/cancel`)).body.code).toBe('INVALID_TRANSITION');
    // The seller's declaration is no handover: its money is still held.
    expect(await ofSale(seller.uid, order.id)).toEqual([['vente_retenue', 60_000]]);
    const gestionnaire = await createUser('gestionnaire');
    expect((await post(gestionnaire, `/api/orders/admin/${order.id}/status`, { statut: 'cancelled' })).status).toBe(400);
    const cancelled = await post(gestionnaire, `/api/orders/admin/${order.id}/status`, { statut: 'cancelled', reason: 'Pièce jamais remise' });
    expect(cancelled.body.data.statut).toBe('cancelled');
    await drainEvents();
    expect((await payment(order.paymentId)).refund).toMatchObject({ montant: 60_000, reason: 'Pièce jamais remise' });
    expect((await ofSale(seller.uid, order.id)).sort()).toEqual(
      [
        ['retenue_reprise', -60_000],
        ['vente_retenue', 60_000],
      ].sort(),
    );
    expect((await storedWallet(seller.uid)).debt).toBe(0);
    expect((await article(p.id)).stock).toBe(5);
    const audited = await db().collection(COLLECTIONS.auditTrail).where('target.id', '==', order.id).get();
    expect(audited.docs.map((doc) => doc.get('action'))).toEqual(['order.status_set']);
    expect((await reconcileNow()).breaks).toEqual([]);
  });

  it('an admin refuses to cancel once the goods were handed over (SALE_HANDED_OVER): a disagreement is a dispute', async () => {
    const p = await part(seller, 8_000, 2);
    const order = await paidOrder(p.id, 1, 8_000);
    await post(seller, `/api/orders/${order.id}/handover`, { code: order.code });
    const refused = await post(admin, `/api/orders/admin/${order.id}/status`, { statut: 'cancelled', reason: 'Le client a changé d’avis' });
    expect([refused.status, refused.body.code]).toEqual([409, 'SALE_HANDED_OVER']);
    expect((await payment(order.paymentId)).refund).toBeUndefined();
  });

  it('an admin cancels a paid purchase before its handover: full refund, the held price taken back, the listing online again; not after the handover', async () => {
    const achat = await paidPurchase(1_200_000);
    expect((await article(achat.listingId)).statut).toBe('vendu');
    const seller2 = await createUser('vendeur');
    expect((await post(seller2, `/api/achat/admin/${achat.id}/status`, { statut: 'annulee', reason: 'x y z' })).status).toBe(403);
    expect((await post(admin, `/api/achat/admin/${achat.id}/status`, { statut: 'payee', reason: 'Raison' })).status).toBe(400);
    const cancelled = await post(admin, `/api/achat/admin/${achat.id}/status`, { statut: 'annulee', reason: 'Véhicule accidenté avant la remise' });
    expect(cancelled.body.data.statut).toBe('annulee');
    await drainEvents();
    expect((await payment(achat.paymentId)).refund).toMatchObject({ montant: 1_200_000 });
    expect((await ofSale(seller.uid, achat.id)).sort()).toEqual(
      [
        ['retenue_reprise', -1_200_000],
        ['vente_retenue', 1_200_000],
      ].sort(),
    );
    expect(await article(achat.listingId)).toMatchObject({ statut: 'en_ligne', statutVente: 'disponible', soldTo: null });

    const handed = await paidPurchase(400_000);
    await post(buyer, `/api/achat/${handed.id}/received`);
    const late = await post(admin, `/api/achat/admin/${handed.id}/status`, { statut: 'annulee', reason: 'Trop tard' });
    expect([late.status, late.body.code]).toEqual([409, 'SALE_HANDED_OVER']);
    expect((await reconcileNow()).breaks).toEqual([]);
  });
});

describe('no refund after an in-person sale through an inspection', () => {
  it('a vehicle handed over in person cannot be inspected afterwards, and a report waiting for the buyer can no longer be refused', async () => {
    // Issue 32: "A car bought without delivery ... and handed over in person: months later the buyer pays an inspection of it, refuses the report, and the purchase is refunded in full".
    const handed = await paidPurchase(2_000_000);
    expect((await post(seller, `/api/achat/${handed.id}/handover`, { code: handed.code })).status).toBe(200);
    await drainEvents();
    expect((await startVerificationPayment(buyer, handed.listingId)).body.code).toBe('PAYMENT_TARGET_INVALID');

    // The honest path: an inspection paid before the handover is decided before it.
    const pending = await paidPurchase(1_500_000);
    const inspection = await payVerification(buyer, pending.listingId, sandbox());
    await attachReport(admin, pending.listingId);
    expect((await post(seller, `/api/achat/${pending.id}/handover`, { code: pending.code })).status).toBe(200);
    await drainEvents();
    const refused = await post(buyer, `/api/verification/${inspection}/refuser`);
    expect([refused.status, refused.body.code]).toEqual([409, 'VERIFICATION_VEHICLE_HANDED_OVER']);
    expect((await payment(pending.paymentId)).refund).toBeUndefined();
    expect(await ofSale(seller.uid, pending.id)).toEqual(expect.arrayContaining([['vente', 1_500_000 - 45_000]]));
  });
});

describe('stale handovers (DOMAIN.md: "after HANDOVER_REMINDER_DAYS both parties are reminded and admins see it")', () => {
  it('reminds both parties once, lists the sale for admins, and an admin releases it (audited)', async () => {
    const p = await part(seller, 12_000, 2);
    const move = frozenClock(new Date());
    const order = await paidOrder(p.id, 1, 12_000);
    expect(await remindStaleHandovers()).toEqual({ reminded: 0 });
    move(7 * 24 * 3600 * 1000 + 60_000);
    const first = await remindStaleHandovers();
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect(await remindStaleHandovers()).toEqual({ reminded: 0 });
    await drainEvents();
    for (const user of [buyer, seller]) {
      const notices = (await get(user, '/api/notifications?limit=100')).body.data as Array<{ type: string; resource: { id: string } | null }>;
      expect(notices.filter((notice) => notice.type === 'handover_reminder' && notice.resource?.id === order.id)).toHaveLength(1);
    }
    expect((await get(seller, '/api/admin/remises-en-retard')).status).toBe(403);
    const listed = (await get(admin, '/api/admin/remises-en-retard?vente=commande&limit=50')).body.data as Array<{ commande: { id: string } }>;
    expect(listed.map((item) => item.commande.id)).toContain(order.id);
    expect((await post(admin, `/api/orders/admin/${order.id}/status`, { statut: 'delivered', reason: 'Remise confirmée par téléphone avec les deux parties' })).body.data.statut).toBe('delivered');
    await drainEvents();
    expect(await ofSale(seller.uid, order.id)).toEqual(expect.arrayContaining([['vente', 11_400]]));
    const after = (await get(admin, '/api/admin/remises-en-retard?vente=commande&limit=50')).body.data as Array<{ commande: { id: string } }>;
    expect(after.map((item) => item.commande.id)).not.toContain(order.id);
  });
});
