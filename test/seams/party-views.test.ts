/**
 * Each party of an order sees its own part (docs/guides/commerce.md, "What each party of an order sees"): a seller
 * of a two-seller order reads its lines and their sum in the order, its sales and its invoice, and
 * nothing of the other seller; of the buyer only what handing the goods over needs.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { onOrderPaid } from '../../functions/src/domains/commerce/orders/payment';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer, bytes } from '../helpers/api';
import { publish } from '../helpers/catalog';
import { GRAND_COTONOU } from '../helpers/deliveries';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';
import { pay } from '../helpers/money';
import { pdfText } from '../helpers/pdf';

// The order paid for real in the payment test below goes through the FeexPay sandbox.
useFeexPaySandbox();

let admin: TestUser;
let buyer: TestUser;
let sellerA: TestUser;
let sellerB: TestUser;
let outsider: TestUser;

const SHOP_A = { latitude: 6.36, longitude: 2.4 };
const SHOP_B = { latitude: 6.39, longitude: 2.42 };
const address = { ville: 'Cotonou', details: 'Akpakpa, rue des Cocotiers', position: { latitude: 6.3712, longitude: 2.4587 } };

beforeAll(async () => {
  await resetEmulators();
  [admin, buyer, sellerA, sellerB, outsider] = await Promise.all([
    createUser('principal'),
    createUser('acheteur', { nom: 'Acheteuse', prenoms: 'Clarisse' }),
    createUser('vendeur', { nom: 'Boutique', prenoms: 'Alpha' }),
    createUser('vendeur', { nom: 'Garage', prenoms: 'Bravo' }),
    createUser('vendeur'),
  ]);
  expect((await (await api()).post('/api/delivery-zones').set(bearer(admin.token)).send(GRAND_COTONOU)).status).toBe(201);
});

const part = (seller: TestUser, titre: string, prix: number, localisation: { latitude: number; longitude: number }) =>
  publish(seller, { type: 'piece', titre, prix, stock: 5, localisation, marque: undefined, modele: undefined, annee: undefined, carburant: undefined, boiteVitesse: undefined });

/** A paid order of A's alternator and B's headlight (its invoice issued by `order.paid`). */
async function paidOrder(livraison: boolean, beforePaying?: (id: string) => Promise<unknown>) {
  const [a, b] = await Promise.all([part(sellerA, 'Alternateur Corolla', 30_000, SHOP_A), part(sellerB, 'Phare Hilux', 12_345, SHOP_B)]);
  const created = await (await api())
    .post('/api/orders')
    .set(bearer(buyer.token))
    .send({ items: [{ articleId: a.id, quantite: 1 }, { articleId: b.id, quantite: 1 }], livraison, ...(livraison ? { adresseLivraison: address } : {}) });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  await beforePaying?.(id);
  await onOrderPaid(id, `pay-${id}`);
  return { id, articleA: a.id, total: created.body.data.total as number, fee: created.body.data.fraisLivraison as number };
}

const get = async (user: TestUser, path: string) => (await api()).get(path).set(bearer(user.token));

/** Everything of seller B, of the order as a whole and of the buyer's whereabouts that must not reach seller A. */
function leaks(view: unknown, order: { total: number; fee: number }, buyerTelephone: boolean) {
  const text = JSON.stringify(view);
  const secrets: Record<string, string> = {
    'seller B uid': sellerB.uid,
    'seller B name': 'Garage',
    'seller B telephone': sellerB.national,
    'seller B line': 'Phare Hilux',
    'seller B amount': '12345',
    'order total': `:${order.total}`,
    'buyer address': 'Cocotiers',
    'buyer latitude': '6.3712',
    'buyer longitude': '2.4587',
    ...(buyerTelephone ? { 'buyer telephone': buyer.national } : {}),
  };
  if (order.fee > 0) secrets['delivery fee'] = `:${order.fee}`;
  return Object.entries(secrets)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

describe('an order with a courier delivery', () => {
  let order: Awaited<ReturnType<typeof paidOrder>>;
  beforeAll(async () => {
    order = await paidOrder(true);
    expect(order.fee).toBeGreaterThan(0);
  });

  it('shows seller A its own lines and their sum in the order, its sales and its invoice: nothing of seller B, the order’s total, or the buyer’s address, map point and telephone', async () => {
    // docs/guides/commerce.md, "What each party of an order sees": "A seller sees its own part only (`SellerOrder`, `SellerInvoice`): its lines, their
    // sum (`sousTotal`; an invoice's `total` is the same sum), never another seller's lines, name,
    // telephone or amount, nor the order's total or delivery fee."
    // docs/guides/commerce.md, "What each party of an order sees": "when a courier carries them (an order or purchase with delivery), nothing more".
    const one = await get(sellerA, `/api/orders/${order.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: order.id, acheteur: buyer.uid, sousTotal: 30_000, livraison: true, coursier: true, adresseLivraison: null, statut: 'paid' });
    expect(one.body.data.lignes).toEqual([expect.objectContaining({ articleId: order.articleA, vendeur: sellerA.uid, montant: 30_000 })]);
    expect(one.body.data).not.toHaveProperty('total');
    expect(one.body.data).not.toHaveProperty('fraisLivraison');
    expect(one.body.data).not.toHaveProperty('devisLivraison');
    expect(leaks(one.body.data, order, true)).toEqual([]);

    const sales = await get(sellerA, '/api/orders/sales');
    const sale = sales.body.data.find((item: { id: string }) => item.id === order.id);
    expect(sale).toEqual(one.body.data);

    const invoice = await get(sellerA, `/api/invoices/commande_${order.id}`);
    expect(invoice.status).toBe(200);
    expect(invoice.body.data).toMatchObject({ sousTotal: 30_000, total: 30_000, vendeurs: [{ uid: sellerA.uid, nom: 'Alpha Boutique' }], acheteur: { uid: buyer.uid, nom: 'Clarisse Acheteuse', telephone: null } });
    expect(invoice.body.data.lignes).toEqual([{ designation: 'Alternateur Corolla', vendeur: sellerA.uid, quantite: 1, prixUnitaire: 30_000, montant: 30_000 }]);
    expect(invoice.body.data).not.toHaveProperty('fraisLivraison');
    expect(invoice.body.data).not.toHaveProperty('paymentId');
    expect(leaks(invoice.body.data, order, true)).toEqual([]);
    const listed = (await get(sellerA, '/api/invoices')).body.data.find((item: { id: string }) => item.id === `commande_${order.id}`);
    expect(listed).toEqual(invoice.body.data);
    expect((await (await api()).get('/api/invoices').query({ side: 'vendeur' }).set(bearer(sellerA.token))).body.data).toContainEqual(invoice.body.data);

    // Its PDF is its own part too.
    const pdf = await (await api()).get(`/api/invoices/commande_${order.id}/pdf`).set(bearer(sellerA.token)).buffer(true).parse(bytes);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Alternateur Corolla x 1 a 30 000 XOF = 30 000 XOF');
    expect(text).toContain('Total : 30 000 XOF');
    for (const secret of ['Phare', 'Garage', '12 345', sellerB.national, buyer.national]) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
  });

  it('shows seller A its own pickup of the delivery: not the destination, the fee or seller B’s pickup', async () => {
    // docs/guides/commerce.md, "What each party of an order sees": "A seller's view of the delivery (`SellerDelivery`) is its own pickup and the
    // delivery's progress: not the destination, the instructions, the fee or the other sellers'
    // pickups, and it does not follow the courier".
    const delivery = await get(sellerA, `/api/deliveries/order_${order.id}`);
    expect(delivery.status).toBe(200);
    expect(delivery.body.data).toMatchObject({ id: `order_${order.id}`, acheteur: buyer.uid, pickups: [{ vendeur: sellerA.uid, position: SHOP_A }] });
    for (const field of ['destination', 'instructions', 'frais', 'distanceKm', 'gainLivreur', 'gainSociete', 'vendeurs', 'code', 'preuve']) expect(delivery.body.data).not.toHaveProperty(field);
    expect(leaks(delivery.body.data, order, true)).toEqual([]);
    expect(JSON.stringify(delivery.body.data)).not.toContain(String(SHOP_B.latitude));
    const listed = (await get(sellerA, '/api/deliveries')).body.data.find((item: { id: string }) => item.id === `order_${order.id}`);
    expect(listed).toEqual(delivery.body.data);
    // The buyer and admins read the whole delivery.
    for (const user of [buyer, admin]) expect((await get(user, `/api/deliveries/order_${order.id}`)).body.data).toMatchObject({ destination: { position: address.position }, frais: order.fee, vendeurs: [sellerA.uid, sellerB.uid] });
  });

  it('keeps the whole order and invoice for the buyer and admins', async () => {
    // docs/guides/commerce.md, "What each party of an order sees": "The buyer and admins see an order and its invoice whole."
    for (const user of [buyer, admin]) {
      const whole = await get(user, `/api/orders/${order.id}`);
      expect(whole.body.data).toMatchObject({ total: order.total, fraisLivraison: order.fee, sousTotal: 42_345, adresseLivraison: address });
      expect(whole.body.data.lignes).toHaveLength(2);
      const invoice = await get(user, `/api/invoices/commande_${order.id}`);
      expect({ user: user.role, status: invoice.status }).toEqual({ user: user.role, status: 200 });
      expect(invoice.body.data).toMatchObject({ total: order.total, fraisLivraison: order.fee, acheteur: { telephone: buyer.telephone } });
      expect(invoice.body.data.vendeurs.map((party: { uid: string }) => party.uid)).toEqual([sellerA.uid, sellerB.uid]);
      expect(invoice.body.data.lignes).toHaveLength(2);
    }
    const pdf = await (await api()).get(`/api/invoices/commande_${order.id}/pdf`).set(bearer(admin.token)).buffer(true).parse(bytes);
    expect(await pdfText(pdf.body as Buffer)).toContain('Phare Hilux');
    // Admins read; the read marks stay the parties' own.
    expect((await (await api()).patch(`/api/invoices/commande_${order.id}/read`).set(bearer(admin.token))).body.code).toBe('INVOICE_NOT_FOUND');
  });

  it('gives seller B its own part, and answers not found to a seller with no line in the order', async () => {
    const invoice = await get(sellerB, `/api/invoices/commande_${order.id}`);
    expect(invoice.body.data).toMatchObject({ sousTotal: 12_345, total: 12_345, vendeurs: [{ uid: sellerB.uid }] });
    expect(JSON.stringify(invoice.body.data)).not.toContain(sellerA.uid);
    expect(JSON.stringify((await get(sellerB, `/api/orders/${order.id}`)).body.data)).not.toContain('Alternateur');
    for (const path of [`/api/orders/${order.id}`, `/api/invoices/commande_${order.id}`, `/api/invoices/commande_${order.id}/pdf`]) {
      const refused = await get(outsider, path);
      expect({ path, status: refused.status }).toEqual({ path, status: 404 });
    }
    expect((await get(outsider, `/api/orders/${order.id}`)).body.code).toBe('ORDER_NOT_FOUND');
    expect((await get(outsider, `/api/invoices/commande_${order.id}`)).body.code).toBe('INVOICE_NOT_FOUND');
    expect((await get(outsider, '/api/orders/sales')).body.data.map((item: { id: string }) => item.id)).not.toContain(order.id);
  });

  it('moves the order for seller A and answers it with its own part only', async () => {
    const moved = await (await api()).post(`/api/orders/${order.id}/status`).set(bearer(sellerA.token)).send({ statut: 'processing' });
    expect(moved.body.data).toMatchObject({ statut: 'processing', sousTotal: 30_000 });
    expect(leaks(moved.body.data, order, true)).toEqual([]);
    // Seller B does not learn who moved it: another seller is `autre`.
    const seen = await get(sellerB, `/api/orders/${order.id}`);
    expect(seen.body.data.history.at(-1)).toMatchObject({ statut: 'processing', by: 'autre' });
    expect(JSON.stringify(seen.body.data)).not.toContain(sellerA.uid);
  });
});

describe('an order the buyer collects', () => {
  it('gives seller A the buyer’s telephone on its invoice, to arrange the handover, and still nothing of seller B', async () => {
    // docs/guides/commerce.md, "What each party of an order sees": "when the buyer collects them (no delivery), the buyer's telephone on the invoice".
    const order = await paidOrder(false);
    const invoice = await get(sellerA, `/api/invoices/commande_${order.id}`);
    expect(invoice.body.data).toMatchObject({ total: 30_000, acheteur: { uid: buyer.uid, nom: 'Clarisse Acheteuse', telephone: buyer.telephone } });
    expect(leaks(invoice.body.data, order, false)).toEqual([]);
    const one = await get(sellerA, `/api/orders/${order.id}`);
    expect(one.body.data).toMatchObject({ livraison: false, coursier: false, adresseLivraison: null, sousTotal: 30_000 });
    expect(leaks(one.body.data, order, true)).toEqual([]);
  });

  it('does not give seller A the order’s total through the payment its wallet entry names', async () => {
    // docs/guides/payments.md, Payments: "`GET /public/status/{id}` (status and type, no amount: a seller sees an order
    // payment's id on its wallet entries, and the amount would tell it the order's total)".
    // Paid for real (the sale's held credit names the payment), the buyer collecting: seller A's price is held at once.
    const [a, b] = await Promise.all([part(sellerA, 'Démarreur Yaris', 30_000, SHOP_A), part(sellerB, 'Rétroviseur Hilux', 12_345, SHOP_B)]);
    const created = await (await api()).post('/api/orders').set(bearer(buyer.token)).send({ items: [{ articleId: a.id, quantite: 1 }, { articleId: b.id, quantite: 1 }], livraison: false });
    const order = { id: created.body.data.id as string };
    await pay(admin, buyer, 'commande', created.body.data.total, { commandeId: order.id });
    const entries = (await get(sellerA, '/api/wallet/me/transactions?limit=100')).body.data as Array<{ type: string; reference: string; paymentId: string | null }>;
    const sale = entries.find((entry) => entry.type === 'vente_retenue' && entry.reference === order.id);
    expect(sale?.paymentId).toEqual(expect.any(String));
    const status = await (await api()).get(`/api/payments/public/status/${sale!.paymentId}`);
    expect(status.body.data).toEqual({ id: sale!.paymentId, statut: 'success', type: 'commande' });
    expect((await get(sellerA, `/api/payments/${sale!.paymentId}`)).body.code).toBe('PAYMENT_NOT_FOUND');
  });
});

describe('an order the seller delivers itself (placed before courier deliveries)', () => {
  it('gives seller A the delivery address and its map point, and the buyer’s telephone on the invoice', async () => {
    // docs/guides/commerce.md, "What each party of an order sees": "when the seller delivers itself (an order with delivery placed before courier
    // deliveries: it has no zone quote), the delivery address with its map point on the order".
    // As such an order was stored: with delivery, but no delivery for logistics (no zone quote).
    const order = await paidOrder(true, async (id) => {
      const ref = db().collection(COLLECTIONS.commandes).doc(id);
      const { demandeLivraison: _handedToLogistics, ...stored } = (await ref.get()).data()!;
      await ref.set(stored);
    });
    const one = await get(sellerA, `/api/orders/${order.id}`);
    expect(one.body.data).toMatchObject({ livraison: true, coursier: false, adresseLivraison: address, sousTotal: 30_000 });
    expect(one.body.data).not.toHaveProperty('total');
    const invoice = await get(sellerA, `/api/invoices/commande_${order.id}`);
    expect(invoice.body.data.acheteur).toEqual({ uid: buyer.uid, nom: 'Clarisse Acheteuse', telephone: buyer.telephone });
  });
});
