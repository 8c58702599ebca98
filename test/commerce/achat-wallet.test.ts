/**
 * Purchases paid through the payments flow, and the seller's wallet: the price held from the
 * payment, the seller's once the vehicle is handed over (DOMAIN.md, "Fair exchange"), once.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { onAchatPaid } from '../../functions/src/domains/commerce/achats/service';
import { ACHAT_EVENTS, ACHAT_STATUSES, ACHAT_TRANSITIONS } from '../../functions/src/domains/commerce/achats/state';
import { distanceKm } from '../../functions/src/domains/geo';
import { provisionAccount } from '../../functions/src/domains/identity/provisioning';
import { createUser, PASSWORD, signIn, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { carInput, publish } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { paidAtFeexPay, useFeexPaySandbox } from '../helpers/feexpay';
import { frozenClock, resetClock } from '../helpers/settings';
import { paymentEffect } from '../helpers/events';
import { walk } from '../helpers/transition-table';
import { storedWallet } from '../helpers/wallets';

useFeexPaySandbox();
let admin: TestUser;

beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('principal');
});

it('moves purchases as DOMAIN.md says, and nowhere else', () => {
  walk(ACHAT_TRANSITIONS, ACHAT_STATUSES, ACHAT_EVENTS, {
    'en_attente_paiement --pay-->': 'payee',
    // Paid after another buyer: the money is marked for refund.
    'en_attente_paiement --outbid-->': 'a_rembourser',
    'en_attente_paiement --cancel-->': 'annulee',
    'en_attente_paiement --refuse_verification-->': 'annulee',
    'payee --delivery_failed-->': 'annulee',
    // A paid purchase with delivery is left to its delivery: the service's rule, not the table's.
    'payee --refuse_verification-->': 'annulee',
    // "An admin cancels (with a reason) at any point before the handover" (DOMAIN.md, "Fair exchange").
    'payee --admin_cancel-->': 'annulee',
    // The handover: the seller's code entry, the buyer's "received", the delivery, the transfer, an admin.
    'payee --hand_over-->': 'remise',
  });
});

async function open(buyer: TestUser, articleId: string) {
  return (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId, modeLivraison: 'transit', paysDestination: 'NG' });
}

/** A payment of the purchase, started and left pending at FeexPay (payer number ending in 2). */
async function startPayment(buyer: TestUser, achatId: string, prix: number) {
  const started = await (await api())
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'achat', montant: prix, metadata: { achatId }, telephone: '+2290197000002' });
  expect(started.status).toBe(201);
  return started.body.data.paymentId as string;
}

async function confirm(paymentId: string) {
  await paidAtFeexPay(paymentId);
  const confirmed = await (await api()).post(`/api/payments/admin/${paymentId}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçu vérifié' });
  expect(confirmed.status).toBe(200);
}

async function payAndConfirm(buyer: TestUser, achatId: string, prix: number) {
  const paymentId = await startPayment(buyer, achatId, prix);
  await confirm(paymentId);
  return paymentId;
}

const paymentDoc = async (id: string) => (await db().collection(COLLECTIONS.payments).doc(id).get()).data()!;

async function ledger(uid: string) {
  const entries = await db().collection(COLLECTIONS.wallets).doc(uid).collection('transactions').get();
  const wallet = await storedWallet(uid);
  // No balance at all when neither the wallet's document nor any of its shards was written.
  const written = wallet.exists || Object.keys(wallet.shards).length > 0;
  return { balance: written ? wallet.balance : undefined, entries: entries.docs.map((doc) => doc.data()) };
}

it('sells the listing to the paying buyer and holds its price for the seller until the handover, then credits it net of the platform fee, once', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 4_500_000 });
  const achat = await open(buyer, listing.id);
  expect(achat.status).toBe(201);
  expect(achat.body.data).toMatchObject({ statut: 'en_attente_paiement', prix: 4_500_000, vendeur: seller.uid, paysDestination: 'NG', codeRemise: null });

  expect(achat.body.data).toMatchObject({ fraisLivraison: 0, total: 4_500_000, livraison: null });
  const paymentId = await payAndConfirm(buyer, achat.body.data.id, 4_500_000);
  await onAchatPaid(achat.body.data.id, paymentId); // a retry of the effect changes nothing
  expect((await db().collection(COLLECTIONS.events).doc(`achat.paid_${achat.body.data.id}`).get()).get('payload.livraison')).toBeNull();

  expect((await db().collection(COLLECTIONS.articles).doc(listing.id).get()).data()).toMatchObject({ statut: 'vendu', soldTo: achat.body.data.id });
  // "A sale credit ... is written when its payment succeeds, as held money of the seller" (DOMAIN.md, "Fair exchange").
  const held = await ledger(seller.uid);
  expect(held.entries).toEqual([expect.objectContaining({ type: 'vente_retenue', montant: 4_500_000, reference: achat.body.data.id, paymentId })]);
  expect(held.balance).toBe(0);

  const client = await api();
  expect((await client.get('/api/wallet/me').set(bearer(seller.token))).body.data).toMatchObject({ balance: 0, held: 4_500_000, debt: 0, currency: 'XOF' });
  const mine = (await client.get('/api/achat/mine').set(bearer(buyer.token))).body.data[0];
  expect(mine).toMatchObject({ statut: 'payee', paymentId, codeRemise: expect.stringMatching(/^\d{6}$/), remiseA: null });
  // The seller reads the purchase, never the buyer's code.
  const sold = (await client.get('/api/achat/sales').set(bearer(seller.token))).body.data;
  expect(sold).toEqual([expect.objectContaining({ id: achat.body.data.id, statut: 'payee', codeRemise: null })]);

  // The seller enters the buyer's code at the handover: the price becomes its balance, net of the fee.
  const handed = await client.post(`/api/achat/${achat.body.data.id}/handover`).set(bearer(seller.token)).send({ code: mine.codeRemise });
  expect(handed.status).toBe(200);
  expect(handed.body.data).toMatchObject({ statut: 'remise', codeRemise: null, remiseA: expect.any(String) });
  const { balance, entries } = await ledger(seller.uid);
  expect(entries.map((entry) => [entry.type, entry.montant]).sort()).toEqual(
    [
      ['retenue_liberee', -4_500_000],
      ['vente', 4_365_000],
      ['vente_retenue', 4_500_000],
    ].sort(),
  );
  expect(balance).toBe(4_365_000);
  expect((await client.get('/api/wallet/me').set(bearer(seller.token))).body.data).toMatchObject({ balance: 4_365_000, held: 0 });
  const stats = await client.get('/api/wallet/me/stats').set(bearer(seller.token));
  expect(stats.body.data).toMatchObject({ balance: 4_365_000, held: 0, totalsByType: { vente: 4_365_000, vente_retenue: 4_500_000, retenue_liberee: -4_500_000 } });
  expect((await client.post(`/api/achat/${achat.body.data.id}/handover`).set(bearer(seller.token)).send({ code: mine.codeRemise })).body.code).toBe('HANDOVER_ALREADY_CONFIRMED');

  // Each side is told once, although the effect ran twice: the seller to hand it over, then its credit.
  const told = async (user: TestUser) => (await client.get('/api/notifications').set(bearer(user.token))).body.data;
  expect(await told(buyer)).toEqual([
    expect.objectContaining({ type: 'achat_paid', resource: { kind: 'achat', id: achat.body.data.id }, body: expect.stringContaining('4 500 000 XOF') }),
  ]);
  expect(await told(seller)).toEqual([
    expect.objectContaining({ type: 'article_sold', resource: { kind: 'article', id: listing.id }, body: expect.stringContaining('4 365 000 XOF') }),
    expect.objectContaining({ type: 'achat_to_hand_over', resource: { kind: 'achat', id: achat.body.data.id } }),
  ]);
});

it('adds the zone’s delivery fee to a local purchase that asks for a courier: paid with the price; the sale waits for the delivery', async () => {
  const zone = await (await api())
    .post('/api/delivery-zones')
    .set(bearer(admin.token))
    .send({ nom: 'Grand Cotonou', polygon: [{ latitude: 6.33, longitude: 2.33 }, { latitude: 6.33, longitude: 2.48 }, { latitude: 6.42, longitude: 2.48 }, { latitude: 6.42, longitude: 2.33 }], prixParKm: 100, fraisMin: 500, fraisMax: 5000 });
  expect(zone.status).toBe(201);
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const shop = { latitude: 6.36, longitude: 2.4 };
  const home = { latitude: 6.37, longitude: 2.45 };
  const listing = await publish(seller, { prix: 4_500_000, localisation: shop });
  const hundredths = Math.round(distanceKm(shop, home) * 100);
  const frais = Math.max(500, Math.ceil((hundredths * 100) / 100));
  const livraison = { destination: home, adresse: 'Akpakpa, rue 12', instructions: 'Appeler en arrivant' };
  const client = await api();

  // Refusals first: none writes a purchase.
  const countAchats = async () => (await db().collection(COLLECTIONS.achats).where('acheteur', '==', buyer.uid).count().get()).data().count;
  const transit = await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'transit', paysDestination: 'NG', livraison });
  expect(transit.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'body.livraison' })] });
  const far = await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'consommation', livraison: { ...livraison, destination: { latitude: 9.3372, longitude: 2.6303 } } });
  expect([far.status, far.body.code]).toEqual([400, 'DELIVERY_OUT_OF_ZONE']);
  const unlocated = await publish(seller, { prix: 900_000 });
  const nowhere = await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: unlocated.id, modeLivraison: 'consommation', livraison });
  expect([nowhere.status, nowhere.body.code]).toEqual([400, 'DELIVERY_PICKUP_UNKNOWN']);
  expect((await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'consommation', livraison: { ...livraison, frais: 0 } })).body.code).toBe(
    'VALIDATION_ERROR',
  );
  expect(await countAchats()).toBe(0);

  const opened = await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'consommation', livraison });
  expect(opened.status).toBe(201);
  expect(opened.body.data).toMatchObject({
    prix: 4_500_000,
    fraisLivraison: frais,
    total: 4_500_000 + frais,
    livraison: { destination: home, adresse: 'Akpakpa, rue 12', instructions: 'Appeler en arrivant', zoneId: zone.body.data.id, distanceKm: hundredths / 100 },
  });
  const achatId = opened.body.data.id as string;

  // The amount due includes the fee: the price alone is refused.
  const priceOnly = await client.post('/api/payments/requesttopay/mtn').set(bearer(buyer.token)).send({ type: 'achat', montant: 4_500_000, metadata: { achatId }, telephone: '+2290197000002' });
  expect([priceOnly.status, priceOnly.body.code]).toEqual([400, 'AMOUNT_MISMATCH']);
  const paymentId = await payAndConfirm(buyer, achatId, 4_500_000 + frais);

  // The seller's sale is held until the courier hands it over (its credit, on the price net of the
  // platform fee, comes on `delivery.delivered`: deliveries.test.ts); now it is told to prepare the vehicle.
  expect((await ledger(seller.uid)).entries).toEqual([expect.objectContaining({ type: 'vente_retenue', montant: 4_500_000, paymentId })]);
  const told = (await db().collection(COLLECTIONS.users).doc(seller.uid).collection(COLLECTIONS.notifications).get()).docs.map((doc) => doc.get('type'));
  expect(told).toEqual(['achat_to_prepare']);
  const event = (await db().collection(COLLECTIONS.events).doc(`achat.paid_${achatId}`).get()).data();
  expect(event).toMatchObject({
    payload: {
      achatId,
      paymentId,
      prix: 4_500_000,
      livraison: {
        pickups: [{ vendeur: seller.uid, position: shop, adresse: 'Cotonou' }],
        destination: { position: home, adresse: 'Akpakpa, rue 12' },
        instructions: 'Appeler en arrivant',
        quote: { zoneId: zone.body.data.id, distanceKm: hundredths / 100, frais, gainLivreur: Math.ceil((hundredths * 50) / 100), gainSociete: frais - Math.ceil((hundredths * 50) / 100) },
      },
    },
  });
  // The invoice shows the fee and the total paid.
  expect((await db().collection(COLLECTIONS.invoices).doc(`achat_${achatId}`).get()).data()).toMatchObject({ sousTotal: 4_500_000, fraisLivraison: frais, total: 4_500_000 + frais });
});

it('lets one of two paying buyers win; the other purchase is marked for refund and the seller’s price held once', async () => {
  const seller = await createUser('vendeur');
  const first = await createUser('acheteur');
  const second = await createUser('acheteur');
  const listing = await publish(seller, { prix: 800_000 });
  const a = (await open(first, listing.id)).body.data.id;
  const b = (await open(second, listing.id)).body.data.id;
  const client = await api();
  const payments = await Promise.all(
    [[first, a], [second, b]].map(async ([buyer, achatId]) =>
      (await client
        .post('/api/payments/requesttopay/moov')
        .set(bearer((buyer as TestUser).token))
        .send({ type: 'achat', montant: 800_000, metadata: { achatId }, telephone: '+2290197000002' })).body.data.paymentId as string,
    ),
  );
  await Promise.all(payments.map(paidAtFeexPay));
  await Promise.all(payments.map((id) => client.post(`/api/payments/admin/${id}/status`).set(bearer(admin.token)).send({ statut: 'success', reason: 'Reçus vérifiés' })));
  const statuses = await Promise.all([a, b].map(async (id) => (await db().collection(COLLECTIONS.achats).doc(id).get()).get('statut')));
  expect(statuses.sort()).toEqual(['a_rembourser', 'payee']);
  const refunds = await Promise.all(payments.map(async (id) => (await db().collection(COLLECTIONS.payments).doc(id).get()).get('refund')));
  expect(refunds.filter(Boolean)).toEqual([{ reason: 'listing sold to another buyer', statut: 'a_rembourser', montant: 800_000 }]);
  const { balance, entries } = await ledger(seller.uid);
  expect(entries).toEqual([expect.objectContaining({ type: 'vente_retenue', montant: 800_000 })]);
  expect(balance).toBe(0);
  expect((await storedWallet(seller.uid)).held).toBe(800_000);
});

it('refuses buying one’s own listing, a listing not online, and other roles; cancels unpaid purchases only', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 1_000_000 });
  const client = await api();
  expect((await client.post('/api/achat').set(bearer(seller.token)).send({ articleId: listing.id, modeLivraison: 'consommation' })).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: listing.id, modeLivraison: 'transit' })).body.code).toBe('VALIDATION_ERROR');
  expect((await client.post('/api/achat').set(bearer(buyer.token)).send({ articleId: 'nope', modeLivraison: 'consommation' })).body.code).toBe('ARTICLE_NOT_ONLINE');

  const achat = (await open(buyer, listing.id)).body.data;
  const other = await createUser('acheteur');
  expect((await client.post(`/api/achat/${achat.id}/cancel`).set(bearer(other.token))).body.code).toBe('ACHAT_NOT_FOUND');
  expect((await client.post(`/api/achat/${achat.id}/cancel`).set(bearer(buyer.token))).body.data.statut).toBe('annulee');
  const payCancelled = await client
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'achat', montant: 1_000_000, metadata: { achatId: achat.id }, telephone: '+2290197000002' });
  expect(payCancelled.body.code).toBe('PAYMENT_TARGET_INVALID');
  expect((await client.post(`/api/achat/${achat.id}/cancel`).set(bearer(buyer.token))).body.code).toBe('INVALID_TRANSITION');
  expect((await client.get('/api/wallet/me').set(bearer(buyer.token))).body.data).toEqual({ balance: 0, held: 0, debt: 0, currency: 'XOF', updatedAt: null });
});

it('marks for refund the success of a payment whose purchase was cancelled meanwhile, and changes nothing else', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 2_000_000 });
  const achat = (await open(buyer, listing.id)).body.data;
  const paymentId = await startPayment(buyer, achat.id, 2_000_000);
  expect((await (await api()).post(`/api/achat/${achat.id}/cancel`).set(bearer(buyer.token))).body.data.statut).toBe('annulee');
  await confirm(paymentId); // the money came in after all

  expect(await paymentDoc(paymentId)).toMatchObject({ statut: 'success', refund: { reason: 'purchase cancelled', statut: 'a_rembourser' } });
  expect(await paymentEffect(paymentId, 'commerce.achat_paid')).toBe('done');
  expect((await db().collection(COLLECTIONS.articles).doc(listing.id).get()).get('statut')).toBe('en_ligne');
  expect((await db().collection(COLLECTIONS.achats).doc(achat.id).get()).get('statut')).toBe('annulee');
  expect(await ledger(seller.uid)).toEqual({ balance: undefined, entries: [] });
});

it('marks a second successful payment of one purchase for refund: one sale, one credit', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 600_000 });
  const achat = (await open(buyer, listing.id)).body.data;
  const payments = [await startPayment(buyer, achat.id, 600_000), await startPayment(buyer, achat.id, 600_000)];
  await Promise.all(payments.map(confirm));

  const settled = await Promise.all(payments.map(paymentDoc));
  expect(await Promise.all(payments.map((id) => paymentEffect(id, 'commerce.achat_paid')))).toEqual(['done', 'done']);
  expect(settled.map((p) => p.refund?.reason ?? null).sort()).toEqual([null, 'purchase already paid'].sort());
  const winner = payments[settled.findIndex((p) => !p.refund)];
  expect((await db().collection(COLLECTIONS.achats).doc(achat.id).get()).data()).toMatchObject({ statut: 'payee', paymentId: winner });
  const { entries } = await ledger(seller.uid);
  expect(entries).toHaveLength(1);
});

it('treats the same telephone on both apps as the same person: no buying one’s own listing', async () => {
  const seller = await createUser('vendeur');
  const listing = await publish(seller, { prix: 900_000 });
  // The seller's own buyer-app account: same number, the other app's synthetic email.
  const twin = await provisionAccount({ telephone: seller.telephone, password: PASSWORD, role: 'acheteur', nom: 'Test', prenoms: 'twin' });
  const token = await signIn(twin.email);
  const client = await api();
  const refused = await client.post('/api/achat').set(bearer(token)).send({ articleId: listing.id, modeLivraison: 'consommation' });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('OWN_LISTING');
  const inspection = await client
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(token))
    .send({ type: 'verification', montant: 20_000, metadata: { articleId: listing.id }, telephone: '+2290197000002' });
  expect(inspection.body.code).toBe('PAYMENT_TARGET_INVALID');
  expect((await db().collection(COLLECTIONS.achats).where('acheteur', '==', twin.uid).get()).size).toBe(0);
});

it('counts wallet months in the business time zone', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const listing = await publish(seller, { prix: 300_000 });
  const achat = (await open(buyer, listing.id)).body.data;
  // 23:30 UTC on 30 November is 00:30 on 1 December in Porto-Novo (UTC+1).
  frozenClock(new Date('2026-11-30T23:30:00Z'));
  try {
    await payAndConfirm(buyer, achat.id, 300_000);
  } finally {
    resetClock();
  }
  const stats = (await (await api()).get('/api/wallet/me/stats').set(bearer(seller.token))).body.data;
  expect(stats.months.map((m: { month: string }) => m.month)).toEqual(['2026-12']);
});

it('refuses a part: parts are ordered by units, never bought whole (DOMAIN.md, "Fair exchange": "Parts are bought through orders only")', async () => {
  const seller = await createUser('vendeur');
  const buyer = await createUser('acheteur');
  const part = (await publish(seller, carInput({ type: 'piece', titre: 'Alternateur Corolla', prix: 85_000, stock: 3, annee: undefined }))) as { id: string };
  const refused = await (await api()).post('/api/achat').set(bearer(buyer.token)).send({ articleId: part.id, modeLivraison: 'consommation' });
  expect([refused.status, refused.body.code]).toEqual([400, 'ACHAT_ARTICLE_IS_PART']);
  expect(refused.body.message).toContain('POST /api/orders');
  expect((await db().collection(COLLECTIONS.achats).where('acheteur', '==', buyer.uid).get()).size).toBe(0);
  expect((await db().collection(COLLECTIONS.articles).doc(part.id).get()).data()).toMatchObject({ statut: 'en_ligne', stock: 3 });
});
