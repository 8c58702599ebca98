/**
 * The demo data of `npm start`: one account per role, the seller's listings (the Corolla with a photo), a running
 * boost, a listed forwarder, a chat room, a delivery zone, the courier online and a delivery on its way, a driver
 * request, a tricycle contact and a transit mission, a held sale, an in-person handover and an open dispute, all
 * under the same ids at every start.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { DEMO_ACCOUNTS, seedDemo } from '../../functions/src/cli/seed-demo';
import { DEMO_COURIER_ON_THE_WAY } from '../../functions/src/cli/seed-demo-delivery';
import { DEMO_VERIFICATION_PAYMENT } from '../../functions/src/cli/seed-demo-verification';
import { nearbyCouriers } from '../../functions/src/domains/logistics';
import { signIn, syntheticEmailOf } from '../helpers/accounts';
import { api, bytes } from '../helpers/api';
import { pdfText } from '../helpers/pdf';
import { resetEmulators } from '../helpers/emulators';
import { reconcileNow } from '../helpers/money';

beforeAll(resetEmulators);

it('loads every role and the demo listings, and can run again without duplicating them', async () => {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  await seedDemo();
  await seedDemo();
  log.mockRestore();
  const roles = (await db().collection(COLLECTIONS.users).get()).docs.map((doc) => doc.get('role')).sort();
  expect(roles).toEqual(DEMO_ACCOUNTS.map((account) => account.role).sort());
  const listings = await db().collection(COLLECTIONS.articles).get();
  expect(listings.size).toBe(6);
  expect(listings.docs.filter((doc) => doc.get('aLaUne') === true)).toHaveLength(1);
  const front = await (await api()).get('/api/public/articles/a-la-une');
  expect(front.body.data).toHaveLength(1);
  // The same ids at every start (core/ids.ts): the examples of the OpenAPI document name them.
  expect(listings.docs.map((doc) => doc.id).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `demo-articles-${n}`));
  expect((await db().collection(COLLECTIONS.users).get()).docs.map((doc) => doc.id).sort()).toEqual(DEMO_ACCOUNTS.map((account) => `demo-${account.role}`).sort());
  // The Corolla's photo: a real PNG the seller uploaded, served where the listing says.
  const corolla = await (await api()).get('/api/public/articles/demo-articles-1');
  expect(corolla.body.data).toMatchObject({ titre: 'Toyota Corolla 2012, climatisée', photos: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:5000\/api\/upload\/files\/images\/[0-9a-f-]{36}\.png$/)] });
  const photo = await (await api()).get(new URL(corolla.body.data.photos[0]).pathname).buffer(true).parse(bytes);
  expect({ status: photo.status, type: photo.headers['content-type'], magic: (photo.body as Buffer).subarray(1, 4).toString('latin1') }).toEqual({ status: 200, type: 'image/png', magic: 'PNG' });
  const buyer = DEMO_ACCOUNTS.find((account) => account.role === 'acheteur')!;
  const buyerToken = await signIn(syntheticEmailOf(buyer.telephone.slice(4), 'buyer'), buyer.password);
  const forwarders = await (await api()).get('/api/transitaires').set('Authorization', `Bearer ${buyerToken}`);
  expect(forwarders.body.data).toEqual([expect.objectContaining({ companyName: 'Transit Express Bénin SARL', paysDesservis: ['BJ', 'NG', 'TG', 'NE', 'BF'] })]);
  const rooms = await (await api()).get('/api/chat/rooms').set('Authorization', `Bearer ${buyerToken}`);
  expect(rooms.body.data).toHaveLength(1);
  expect(rooms.body.data[0]).toMatchObject({ contextKind: 'article', unread: 1 });
  const tricycles = await (await api()).get('/api/tricycles/nearby').query({ latitude: 6.37, longitude: 2.42 }).set('Authorization', `Bearer ${buyerToken}`);
  expect(tricycles.body.data).toEqual([expect.objectContaining({ nom: 'Houessou', prenoms: 'Mathieu', vehicule: 'Tricycle Apsonic jaune' })]);
  // The demo part's orders: one paid and held, one on its way with the courier, one handed over in
  // person against the buyer's code, one received then disputed (DOMAIN.md, "Fair exchange"); an invoice each.
  const orders = (await db().collection(COLLECTIONS.commandes).get()).docs.sort((a, b) => a.id.localeCompare(b.id));
  expect(orders.map((doc) => [doc.id, doc.get('statut'), doc.get('livraison'), doc.get('litigeOuvert') ?? null])).toEqual([
    ['demo-commandes-1', 'paid', false, null],
    ['demo-commandes-2', 'paid', true, null],
    ['demo-commandes-3', 'delivered', false, null],
    ['demo-commandes-4', 'delivered', false, 'commande_demo-commandes-4'],
  ]);
  const seller = DEMO_ACCOUNTS.find((account) => account.role === 'vendeur')!;
  const sellerToken = await signIn(syntheticEmailOf(seller.telephone.slice(4), 'pro'), seller.password);
  // Held: the first order and the one on its way (85,000 each) and the motorbike bought for transit; released: the two handed over, net of the 5 % fee.
  expect((await (await api()).get('/api/wallet/me').set('Authorization', `Bearer ${sellerToken}`)).body.data).toMatchObject({ balance: 2 * 80_750, held: 2 * 85_000 + 650_000, debt: 0 });
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const adminToken = await signIn(syntheticEmailOf(admin.telephone.slice(4), 'pro'), admin.password);
  const disputes = await (await api()).get('/api/admin/litiges').set('Authorization', `Bearer ${adminToken}`);
  expect(disputes.body.data).toEqual([expect.objectContaining({ id: 'commande_demo-commandes-4', statut: 'ouvert', motif: 'non_conforme', fondsLiberes: true })]);
  // An invoice each, and one for the motorbike bought for transit.
  const invoices = await db().collection(COLLECTIONS.invoices).get();
  expect(invoices.docs.map((doc) => doc.id).sort()).toEqual([...orders.map((doc) => `commande_${doc.id}`), 'achat_demo-achats-1'].sort());
  expect(invoices.docs.map((doc) => doc.get('numero').slice(-4)).sort()).toEqual(['0001', '0002', '0003', '0004', '0005']);
  // One delivery zone around Cotonou, once: the seller's city is in it.
  const zones = await (await api()).get('/api/delivery-zones');
  expect(zones.body.data).toEqual([expect.objectContaining({ nom: 'Grand Cotonou', actif: true })]);
  expect((await (await api()).post('/api/delivery-zones/lookup').send({ latitude: 6.3703, longitude: 2.3912 })).body.data.nom).toBe('Grand Cotonou');
  // The demo courier is online near Cotonou (the offer rounds find it), carrying the demo delivery.
  const courier = (await db().collection(COLLECTIONS.users).where('role', '==', 'livreur').get()).docs[0];
  expect((await db().collection(COLLECTIONS.livreurs).doc(courier.id).get()).data()).toMatchObject({ online: true, position: DEMO_COURIER_ON_THE_WAY, nom: 'Zinsou' });
  expect((await nearbyCouriers({ latitude: 6.3703, longitude: 2.3912 }, 10, 5)).couriers.map((found) => found.uid)).toEqual([courier.id]);
  const deliveries = await (await api()).get('/api/deliveries').set('Authorization', `Bearer ${buyerToken}`);
  expect(deliveries.body.data).toEqual([expect.objectContaining({ id: 'order_demo-commandes-2', statut: 'en_cours', livreur: courier.id })]);
  expect((await db().collection(COLLECTIONS.deliveryTracking).doc('order_demo-commandes-2').get()).data()).toMatchObject({ livreur: courier.id, position: DEMO_COURIER_ON_THE_WAY });
  // The demo buyer's verification of a demo vehicle, its report attached: a real PDF, private, registered.
  const verifications = await (await api()).get('/api/verification/mine').set('Authorization', `Bearer ${buyerToken}`);
  expect(verifications.body.data).toEqual([expect.objectContaining({ id: DEMO_VERIFICATION_PAYMENT, statut: 'rapport_disponible', rapport: expect.objectContaining({ contentType: 'application/pdf', deleted: false }) })]);
  const stored = (await db().collection(COLLECTIONS.storedDocuments).doc(`rapport_verification_${DEMO_VERIFICATION_PAYMENT}`).get()).data()!;
  expect(stored).toMatchObject({ kind: 'rapport_verification', path: expect.stringMatching(new RegExp(`^rapports/${DEMO_VERIFICATION_PAYMENT}/[0-9a-f-]{36}\\.pdf$`)), contentType: 'application/pdf' });
  const link = await (await api()).get(`/api/verification/${DEMO_VERIFICATION_PAYMENT}/rapport`).set('Authorization', `Bearer ${buyerToken}`);
  const pdf = await (await api()).get(link.body.data.url).buffer(true).parse(bytes);
  expect({ status: pdf.status, magic: (pdf.body as Buffer).subarray(0, 5).toString('latin1'), size: (pdf.body as Buffer).length }).toEqual({ status: 200, magic: '%PDF-', size: stored.size });
  // Written with its accents, in the PDFs' Unicode fonts (core/pdf-fonts.ts).
  expect((await pdfText(pdf.body as Buffer)).split('\n')).toEqual(expect.arrayContaining(['Rapport de vérification', 'Conclusion : véhicule conforme à l’annonce']));
  // What waits for the drivers and the forwarder: a driver request, a tricycle contact, a transit mission.
  const chauffeur = DEMO_ACCOUNTS.find((account) => account.role === 'chauffeur')!;
  const chauffeurToken = await signIn(syntheticEmailOf(chauffeur.telephone.slice(4), 'pro'), chauffeur.password);
  const open = await (await api()).get('/api/chauffeurs/demandes/open').query({ lat: 6.3654, lng: 2.4183 }).set('Authorization', `Bearer ${chauffeurToken}`);
  expect(open.body.data).toEqual([expect.objectContaining({ id: 'demo-chauffeurDemandes-1', trajet: { depart: 'Cotonou, Étoile Rouge', arrivee: 'Porto-Novo, Ouando' } })]);
  // DOMAIN.md, "Proven people": "A driver accepts a request, and a courier goes online, only with a proven telephone";
  // the demo driver and courier proved theirs, so the driver's accept and the courier's status work from Swagger UI.
  const me = async (token: string) => (await (await api()).get('/api/protected/me').set('Authorization', `Bearer ${token}`)).body.data;
  expect(await me(chauffeurToken)).toMatchObject({ role: 'chauffeur', telephoneVerifie: true });
  expect((await db().collection(COLLECTIONS.users).doc(courier.id).get()).data()).toMatchObject({ telephoneVerifie: true });
  const calls = await (await api()).get('/api/tricycles/contacts/mine').set('Authorization', `Bearer ${chauffeurToken}`);
  expect(calls.body.data).toEqual([expect.objectContaining({ id: 'demo-acheteur_demo-chauffeur', statut: 'initiated' })]);
  const forwarder = DEMO_ACCOUNTS.find((account) => account.role === 'transitaire')!;
  const forwarderToken = await signIn(syntheticEmailOf(forwarder.telephone.slice(4), 'pro'), forwarder.password);
  const missions = await (await api()).get('/api/transit-missions/mes-missions').set('Authorization', `Bearer ${forwarderToken}`);
  expect(missions.body.data).toEqual([expect.objectContaining({ article: 'demo-articles-4', articleTitre: 'Haojue KA 125 neuve', statut: 'en_cours', paysDestination: 'NE' })]);
  const superAdmin = DEMO_ACCOUNTS.find((account) => account.role === 'superAdmin')!;
  await expect(signIn(`pro_229${superAdmin.telephone.slice(4)}@users.marketplace.invalid`, superAdmin.password)).resolves.toEqual(expect.any(String));
  // The seed runs twice (every role, listings, orders, a delivery, a verification with its PDF):
  // past jest's 30 s when the machine's other test workers are busy (no time is asserted).
}, 90_000);

it('balances its money: the reconciliation finds no break in the demo data (docs/operations.md, "Reconciliation")', async () => {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  await seedDemo();
  log.mockRestore();
  const report = await reconcileNow();
  expect(report.breaks).toEqual([]);
  // The boost, the forwarder's subscription, four orders, the inspection and the motorbike: real payments, one whose trip's fee waits for its delivery.
  expect(report.paymentsChecked).toBe(8);
  expect(report.held).toEqual({ count: 1, montant: expect.any(Number) });
  // The sellers' held money: the demo order not handed over, the one on its way, and the motorbike bought for transit (not transferred yet).
  expect(report.escrow).toEqual({ wallets: 1, montant: 85_000 + 85_000 + 650_000 });
});
