/**
 * Demo data for the local emulator suite: one account per role, each with a known password (listed
 * in the README), and what each role finds in its app. Safe to run again: accounts are created or
 * reset to these values, and each part is made once.
 */
import { demoCaller, type DemoAccount } from './demo-caller';
import { createArticle, searchMine } from '../domains/catalog/service';
import { issueOrderInvoice } from '../domains/commerce/invoices/service';
import { onOrderPaid } from '../domains/commerce/orders/payment';
import { holdOrder } from '../domains/commerce/orders/handover';
import { createOrder, myOrders } from '../domains/commerce/orders/service';
import { activate, markPaid, requestPublicite } from '../domains/catalog/publicites/service';
import type { ArticleFields } from '../domains/catalog/model';
import { provisionAccount, type AccountRequest } from '../domains/identity/provisioning';
import { markTelephoneProven } from '../domains/identity';
import { saveCard } from '../domains/catalog/kyc/service';
import { amountDue, extend } from '../domains/subscriptions/service';
import { demoPayment } from './demo-payment';
import { seedFairExchange } from './seed-demo-exchange';
import { demoPhoto } from './demo-photo';
import { saveMedium } from '../domains/catalog/media';
import { refreshListing } from '../domains/transit/directory/service';
import { openRoom, postMessage } from '../domains/chat/service';
import { publishStatus } from '../domains/logistics/tricycles/drivers';
import { seedAgentHistory } from './seed-demo-agent';
import { seedDelivery } from './seed-demo-delivery';
import { installSubscribers } from '../install-subscribers';
import { withCountedIds } from '../core/ids';
import { seedDeliveryZone } from './seed-demo-zones';
import { seedVerification } from './seed-demo-verification';
import { seedDriverRequest, seedTransitMission, seedTricycleContact } from './seed-demo-requests';
import { readPresence, setStatus } from '../domains/logistics/livreurs/presence';
import * as forwarderFile from '../domains/transit/forwarder-file/service';

const PASSWORD = 'Demo-2026!';

export const DEMO_ACCOUNTS: AccountRequest[] = [
  { uid: 'demo-acheteur', role: 'acheteur', telephone: '+2290190000001', nom: 'Dossou', prenoms: 'Koffi', password: PASSWORD },
  { uid: 'demo-vendeur', role: 'vendeur', telephone: '+2290190000002', nom: 'Agbo', prenoms: 'Rachidatou', password: PASSWORD, vendeurType: 'vehicules' },
  { uid: 'demo-chauffeur', role: 'chauffeur', telephone: '+2290190000003', nom: 'Houessou', prenoms: 'Mathieu', password: PASSWORD },
  { uid: 'demo-transitaire', role: 'transitaire', telephone: '+2290190000004', nom: 'Sossa', prenoms: 'Transit Express', password: PASSWORD },
  { uid: 'demo-livreur', role: 'livreur', telephone: '+2290190000005', nom: 'Zinsou', prenoms: 'Eric', password: PASSWORD },
  {
    uid: 'demo-agentCommercial',
    role: 'agentCommercial',
    telephone: '+2290190000006',
    nom: 'Adjovi',
    prenoms: 'Nadège',
    password: PASSWORD,
    typeAgent: 'Market_pro',
    referralCode: 'DEMOPRO1',
  },
  { uid: 'demo-admin', role: 'admin', telephone: '+2290190000007', nom: 'Kpade', prenoms: 'Admin', password: PASSWORD },
  { uid: 'demo-gestionnaire', role: 'gestionnaire', telephone: '+2290190000008', nom: 'Tossou', prenoms: 'Gestion', password: PASSWORD },
  { uid: 'demo-principal', role: 'principal', telephone: '+2290190000009', nom: 'Ahouansou', prenoms: 'Principal', password: PASSWORD },
  { uid: 'demo-superAdmin', role: 'superAdmin', telephone: '+2290190000010', nom: 'Gbaguidi', prenoms: 'Super', password: PASSWORD },
];

const DEMO_LISTINGS: ArticleFields[] = [
  { type: 'voiture', titre: 'Toyota Corolla 2012, climatisée', prix: 4_500_000, marque: 'Toyota', modele: 'Corolla', annee: 2012, kilometrage: 98_000, carburant: 'essence', boiteVitesse: 'automatique', pays: 'BJ', ville: 'Cotonou' },
  { type: 'voiture', titre: 'Toyota RAV4 2016 venant d’Europe', prix: 9_800_000, marque: 'Toyota', modele: 'RAV4', annee: 2016, carburant: 'diesel', boiteVitesse: 'manuelle', condition: 'venant', pays: 'BJ', ville: 'Cotonou' },
  { type: 'voiture', titre: 'Honda Accord 2010', prix: 3_200_000, marque: 'Honda', modele: 'Accord', annee: 2010, carburant: 'essence', boiteVitesse: 'automatique', pays: 'BJ', ville: 'Porto-Novo' },
  { type: 'moto', titre: 'Haojue KA 125 neuve', prix: 650_000, marque: 'Haojue', modele: 'KA 125', annee: 2026, cylindree: 125, condition: 'neuf', pays: 'BJ', ville: 'Parakou' },
  { type: 'tricycle', titre: 'Tricycle de transport 2022', prix: 1_900_000, marque: 'Lifan', annee: 2022, pays: 'TG', ville: 'Lomé' },
  { type: 'piece', titre: 'Alternateur Corolla 1.6', prix: 85_000, marque: 'Toyota', modele: 'Corolla', categorie: 'Électricité', stock: 8, pays: 'BJ', ville: 'Cotonou', localisation: { latitude: 6.3667, longitude: 2.4333 } },
];

/** The demo seller's listings, and a running front-page boost, once. */
async function seedListings(seller: DemoAccount): Promise<void> {
  const caller = demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou');
  const existing = await searchMine(caller, undefined, { page: 1, limit: 1, offset: 0 });
  if (existing.pagination.total > 0) return;
  // The Corolla's photo, stored as the seller's upload, served at Hosting's address (firebase.json) as the apps reach it.
  const photo = await saveMedium(seller.uid, 'image', demoPhoto());
  const corolla = { ...DEMO_LISTINGS[0], photos: [`http://127.0.0.1:5000${photo.url}`] };
  const created = [];
  for (const listing of [corolla, ...DEMO_LISTINGS.slice(1)]) created.push(await createArticle(caller, listing));
  const boost = await requestPublicite(caller, { articleId: created[1].id, typePub: 'a_la_une', duree: 30 });
  await demoPayment('demo-payment', seller.uid, 'publicite', boost.montant, { publiciteId: boost.id });
  await markPaid(boost.id, 'demo-payment');
  await activate(boost.id);
  console.log(`  ${created.length} listings of the demo seller (the Corolla with a photo), one of them on the front page`);
}
/** A chat room between the demo buyer and the demo seller about the seller's first listing, with a message each, once. */
async function seedChat(buyer: DemoAccount, seller: DemoAccount): Promise<void> {
  const as = (account: DemoAccount, role: 'acheteur' | 'vendeur') => demoCaller(account, role, 'Demo', role);
  const listings = await searchMine(as(seller, 'vendeur'), undefined, { page: 1, limit: 1, offset: 0 });
  const listing = listings.items[0];
  if (!listing) return;
  const { created, room } = await openRoom(as(buyer, 'acheteur'), { contextKind: 'article', contextId: listing.id });
  if (!created) return;
  await postMessage(as(buyer, 'acheteur'), room.id, { texte: `Bonjour, « ${listing.titre} » est-il toujours disponible ?` });
  await postMessage(as(seller, 'vendeur'), room.id, { texte: 'Bonjour, oui. Vous pouvez passer le voir à Cotonou.' });
  console.log('  a chat room between the demo buyer and seller: GET /api/chat/rooms');
}

/** The demo chauffeur drives a tricycle and is online near Cotonou's Étoile Rouge: buyers find it with GET /api/tricycles/nearby. */
async function seedTricycle(chauffeur: DemoAccount): Promise<void> {
  const caller = demoCaller(chauffeur, 'chauffeur', 'Houessou', 'Mathieu');
  await publishStatus(caller, { online: true, position: { latitude: 6.3654, longitude: 2.4183 }, vehicule: 'Tricycle Apsonic jaune', plaque: 'BJ 4521 RB', prixIndicatif: 500 });
  console.log('  the demo chauffeur is an online tricycle driver near Cotonou: GET /api/tricycles/nearby?latitude=6.37&longitude=2.42');
}

/** A smallest JPEG-looking file: the identity card images of the demo forwarder. */
const CARD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

/** The demo forwarder: verified by the demo admin and subscribed for a year, so buyers can choose it. */
async function seedForwarder(forwarder: DemoAccount, admin: DemoAccount): Promise<void> {
  const caller = (account: DemoAccount, role: 'transitaire' | 'admin') => demoCaller(account, role, 'Demo', role);
  if ((await forwarderFile.status(caller(forwarder, 'transitaire'))).statut === 'none') {
    const card = () => saveCard(forwarder.uid, { data: CARD, contentType: 'image/jpeg', extension: 'jpg' });
    const front = await card();
    const back = await card();
    await forwarderFile.submit(caller(forwarder, 'transitaire'), {
      cardFront: front.path,
      cardBack: back.path,
      companyName: 'Transit Express Bénin SARL',
      registrationRef: 'RB/COT/23 B 4567',
      pays: 'BJ',
      adresse: 'Zone portuaire, Cotonou',
      paysDesservis: ['BJ', 'NG', 'TG', 'NE', 'BF'],
    });
    await forwarderFile.approve(caller(admin, 'admin'), forwarder.uid);
  }
  const subscription = await amountDue('transitaire', '12', forwarder.uid);
  if (subscription !== undefined) await demoPayment('demo-transitaire-subscription', forwarder.uid, 'abonnement_transitaire', subscription, { months: '12' });
  await extend(forwarder.uid, 'transitaire', 12, 'demo-transitaire-subscription');
  await refreshListing(forwarder.uid);
  console.log('  the demo forwarder is verified and subscribed: GET /api/transitaires lists it');
}

/** A paid order of the demo seller's part by the demo buyer, with its invoice, once. */
async function seedOrder(buyer: DemoAccount, seller: DemoAccount): Promise<void> {
  const asBuyer = demoCaller(buyer, 'acheteur', 'Demo', 'acheteur');
  const asSeller = demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou');
  if ((await myOrders(asBuyer, { page: 1, limit: 1, offset: 0 })).pagination.total > 0) return;
  const part = (await searchMine(asSeller, undefined, { page: 1, limit: 20, offset: 0 })).items.find((listing) => listing.type === 'piece');
  if (!part) return;
  const order = await createOrder(asBuyer, { items: [{ articleId: part.id, quantite: 1 }], livraison: false });
  // The effect of its payment, as the payments flow would run it; the subscribers' work, in case no trigger runs.
  await demoPayment('demo-order-payment', buyer.uid, 'commande', order.total, { commandeId: order.id });
  await onOrderPaid(order.id, 'demo-order-payment');
  await holdOrder(order.id);
  const numero = await issueOrderInvoice(order.id);
  console.log(`  a paid order of the demo buyer (${order.total} XOF) and its invoice ${numero}`);
}

/** The demo seller's part (it has a location near Dantokpa: the pickup of the demo delivery). */
async function demoPart(seller: DemoAccount): Promise<string | undefined> {
  const asSeller = demoCaller(seller, 'vendeur', 'Agbo', 'Rachidatou');
  return (await searchMine(asSeller, undefined, { page: 1, limit: 20, offset: 0 })).items.find((listing) => listing.type === 'piece' && listing.localisation)?.id;
}

/** Near the Dantokpa market, Cotonou: where the demo courier waits for offers. */
export const DEMO_COURIER_POSITION = { latitude: 6.3725, longitude: 2.4307 };

/** The demo courier, online near Cotonou (its presence only; deliveries come with the delivery flow). */
async function seedCourier(courier: { uid: string }): Promise<void> {
  const account = DEMO_ACCOUNTS.find((demo) => demo.role === 'livreur')!;
  // Run again, it leaves the courier where the demo delivery put it.
  if (await readPresence(courier.uid)) return;
  await setStatus(courier.uid, account, true, DEMO_COURIER_POSITION);
  console.log('  the demo courier online near Cotonou: GET /api/livreurs/me');
}

/**
 * The demo driver and courier proved their telephones, as their app makes them first: a driver accepts
 * a request, and a courier goes online, only with a proven telephone (DOMAIN.md, "Proven people").
 * The service's own step after a right code (markTelephoneProven: once, `user.phone_verified`).
 */
async function proveRoadTelephones(created: Map<string, DemoAccount>): Promise<void> {
  for (const role of ['chauffeur', 'livreur']) await markTelephoneProven(created.get(role)!.uid);
  console.log('  the demo chauffeur and courier proved their telephones');
}

/**
 * The demo data, with the same ids at every start: the accounts' uids are fixed above, and every
 * document and file the seed makes is counted (`demo-articles-1`, core/ids.ts), so the ids the
 * OpenAPI document's examples name (recorded from this seed, cli/record-examples.ts) exist here.
 */
export async function seedDemo(): Promise<void> {
  await withCountedIds('demo', seedInOrder);
}

/** Sequential on purpose: the order of the calls is the order of the counted ids. */
async function seedInOrder(): Promise<void> {
  // A demo payment's success is dispatched in this process after its commit, as in a function:
  // without the subscribers it logged an error at every `npm start` and left the work to the trigger.
  installSubscribers();
  const created = new Map<string, DemoAccount>();
  for (const account of DEMO_ACCOUNTS) {
    const result = await provisionAccount(account);
    created.set(account.role, result);
    console.log(`  ${account.role.padEnd(16)} ${result.telephone}  login ${result.email}  password ${account.password}`);
    if (account.role === 'vendeur') await seedListings(result);
  }
  await proveRoadTelephones(created);
  await seedForwarder(created.get('transitaire')!, created.get('admin')!);
  await seedOrder(created.get('acheteur')!, created.get('vendeur')!);
  await seedAgentHistory(created.get('agentCommercial')!, created.get('vendeur')!, 'DEMOPRO1');
  await seedChat(created.get('acheteur')!, created.get('vendeur')!);
  await seedDeliveryZone(created.get('admin')!);
  await seedCourier(created.get('livreur')!);
  const part = await demoPart(created.get('vendeur')!);
  if (part) await seedDelivery(created.get('acheteur')!, created.get('vendeur')!, created.get('livreur')!, DEMO_ACCOUNTS.find((demo) => demo.role === 'livreur')!, part);
  await seedTricycle(created.get('chauffeur')!);
  await seedTricycleContact(created.get('acheteur')!, created.get('chauffeur')!);
  await seedDriverRequest(created.get('acheteur')!);
  await seedVerification(created.get('acheteur')!, created.get('vendeur')!, created.get('admin')!);
  await seedTransitMission(created.get('acheteur')!, created.get('vendeur')!, created.get('transitaire')!);
  if (part) await seedFairExchange(created.get('acheteur')!, created.get('vendeur')!, part);
}

if (require.main === module) {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    console.error('seed-demo writes demo accounts: run it against the emulators only.');
    process.exit(1);
  }
  seedDemo().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
