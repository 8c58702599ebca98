/**
 * More than a page of what each list and search route answers (test/platform/read-ceilings.test.ts),
 * written directly in Firestore with batched writes, in the shape the domains leave their
 * documents: the routes' own flows would take minutes for thousands of documents. Dates are
 * written as `Date`s, which Firestore stores as timestamps.
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { approximateArea, cellOf, geohashOf, type Point } from '../../functions/src/core/nearby';
import { bucketOf, periodKeyOf } from '../../functions/src/domains/agents/model';
import { today } from '../../functions/src/domains/agents/service';
import type { TestUser } from './accounts';
import { publish } from './catalog';
import { paidAchat, paidOrder } from './deliveries';
import { seedOffer } from './livreurs';

export interface SeedContext {
  users: Record<'acheteur' | 'vendeur' | 'chauffeur' | 'livreur' | 'transitaire' | 'superAdmin' | 'agentPro' | 'agentMarket', TestUser>;
  roomId: string;
}

/** More documents than the largest page (PAGINATION_MAX_LIMIT = 100), so every page is full. */
export const MANY = 130;
export const COTONOU: Point = { latitude: 6.3703, longitude: 2.3912 };

// Tests do not import firebase-admin (functions/node_modules holds it): its types come through db().
type CollectionReference = ReturnType<ReturnType<typeof db>['collection']>;
type DocumentReference = ReturnType<CollectionReference['doc']>;

const collection = (name: string) => db().collection(name);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000);
/** A point of a 17 x 17 grid around `center`, `step` degrees apart: 0.003 (about 3 km across), 0.05 (about 90 km across, many geohash cells). */
const around = (center: Point, index: number, step = 0.003): Point => ({
  latitude: center.latitude + ((index % 17) - 8) * step,
  longitude: center.longitude + ((Math.floor(index / 17) % 17) - 8) * step,
});

/** Writes `count` documents, 400 a batch. */
export async function seedMany(count: number, place: (index: number) => [DocumentReference, Record<string, unknown>]): Promise<void> {
  for (let start = 0; start < count; start += 400) {
    const batch = db().batch();
    for (let index = start; index < Math.min(count, start + 400); index += 1) batch.set(...place(index));
    await batch.commit();
  }
}

/** A room of the buyer and the seller, with more messages than a search looks through (each about a red motorbike). */
async function chat(context: SeedContext): Promise<void> {
  const { acheteur, vendeur } = context.users;
  const at = new Date();
  const roomData = (index: number) => ({
    participants: [acheteur.uid, vendeur.uid].sort(),
    contextKind: 'article',
    contextId: `article-${index}`,
    lastMessage: 'moto rouge',
    lastMessageAt: at,
    activityAt: minutesAgo(index),
    unread: { [acheteur.uid]: 1 },
    readAt: {},
    createdAt: at,
  });
  await seedMany(MANY, (index) => [collection(COLLECTIONS.chatRooms).doc(`room-${index}`), roomData(index)]);
  context.roomId = 'room-0';
  const messages = collection(COLLECTIONS.chatRooms).doc('room-0').collection(COLLECTIONS.chatMessages);
  await seedMany(260, (index) => [
    messages.doc(`message-${index}`),
    { sender: index % 2 ? acheteur.uid : vendeur.uid, texte: `La moto rouge ${index}`, texteKey: `la moto rouge ${index}`, fichierUrl: null, fichierPath: null, deleted: false, createdAt: minutesAgo(index) },
  ]);
}

/** Online tricycle drivers over the cells a 50 km search covers around Cotonou (hundreds in the nearby index), and contacts with them. */
async function tricycles({ users }: SeedContext): Promise<void> {
  const { acheteur } = users;
  const drivers = 450;
  const driver = (index: number) => {
    const position = around(COTONOU, index, 0.05);
    return { uid: `tricycle-${index}`, nom: 'Driver', prenoms: `${index}`, photoUrl: null, vehicule: 'Tricycle jaune', plaque: `AB ${index}`, prixIndicatif: 500, position, locationAt: new Date() };
  };
  await seedMany(drivers, (index) => {
    const { position, locationAt, ...member } = driver(index);
    return [
      collection(COLLECTIONS.tricycleDrivers).doc(member.uid),
      { ...member, online: true, position, geohash: geohashOf(position), cell: cellOf(position), locationAt, createdAt: new Date(), updatedAt: new Date() },
    ];
  });
  await seedMany(drivers, (index) => {
    const member = driver(index);
    return [collection(COLLECTIONS.nearbyCells).doc('tricycle').collection(`tricycle_${cellOf(member.position)}`).doc(member.uid), member];
  });
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.tricycleContacts).doc(`${acheteur.uid}_tricycle-${index}`),
    {
      acheteur: acheteur.uid,
      chauffeur: `tricycle-${index}`,
      statut: 'initiated',
      message: null,
      position: null,
      chauffeurNom: 'Driver',
      vehicule: 'Tricycle jaune',
      plaque: `AB ${index}`,
      acheteurNom: 'Test acheteur',
      openings: 1,
      version: 1,
      acceptedAt: null,
      closedBy: null,
      history: [],
      openedAt: minutesAgo(index),
      updatedAt: minutesAgo(index),
    },
  ]);
}

/**
 * Open driver requests of the buyer, each with its member in the `demande` nearby index: half in
 * Cotonou's cell, half a few km south in the next cell (the nearest one), so that the two cells
 * the list's budget pays for hold more than its budget and the answer more than a page.
 */
async function driverRequests({ users }: SeedContext): Promise<void> {
  const { acheteur } = users;
  const requests = 260;
  const point = (index: number): Point => (index % 2 ? { latitude: 6.31, longitude: 2.39 } : { latitude: 6.37, longitude: 2.39 });
  await seedMany(requests, (index) => [
    collection(COLLECTIONS.chauffeurDemandes).doc(`demande-${index}`),
    {
      acheteur: acheteur.uid,
      articleId: null,
      articleTitre: null,
      trajet: null,
      date: daysAhead(2),
      lieu: { adresse: `Rue ${index}`, point: point(index) },
      note: 'Aéroport',
      statut: 'en_attente',
      chauffeur: null,
      refusedBy: [],
      motif: null,
      cell: cellOf(approximateArea(point(index))),
      version: 1,
      createdAt: minutesAgo(index),
      updatedAt: minutesAgo(index),
    },
  ]);
  await seedMany(requests, (index) => {
    const position = approximateArea(point(index));
    return [
      collection(COLLECTIONS.nearbyCells).doc('demande').collection(`demande_${cellOf(position)}`).doc(`demande-${index}`),
      { position, articleId: null, articleTitre: null, trajet: null, date: daysAhead(2), refusedBy: [], createdAt: minutesAgo(index) },
    ];
  });
}

/**
 * `count` copies of the first document of `source` (one the service wrote through its own flow),
 * each changed by `vary`: the lists read copies of a real document.
 */
async function cloneFirst(source: CollectionReference, count: number, vary: (index: number) => Record<string, unknown> = () => ({})): Promise<void> {
  const [first] = (await source.limit(1).get()).docs;
  if (!first) throw new Error(`nothing to copy in ${source.path}`);
  await seedMany(count, (index) => [source.doc(`${first.id}-copy-${index}`), { ...first.data(), ...vary(index) }]);
}

/** Listings (online, boosted both ways, viewed), through the seller's own publishing, and boosts of them. */
async function catalog({ users }: SeedContext): Promise<void> {
  const { vendeur } = users;
  await publish(vendeur);
  await cloneFirst(collection(COLLECTIONS.articles), MANY, (index) => ({ aLaUne: true, sponsorise: true, views: index }));
  const articles = (await collection(COLLECTIONS.articles).limit(MANY).get()).docs.map((doc) => doc.id);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.publicites).doc(`pub-${index}`),
    {
      articleId: articles[index % articles.length],
      vendeur: vendeur.uid,
      typePub: index % 2 ? 'sponsorise' : 'a_la_une',
      duree: 7,
      prixParJour: 1000,
      montant: 7000,
      statut: 'active',
      motifRejet: null,
      paymentId: `pay-pub-${index}`,
      remboursement: null,
      dateDebut: minutesAgo(60),
      dateFin: daysAhead(1 + (index % 6)),
      createdAt: minutesAgo(index),
      updatedAt: minutesAgo(index),
    },
  ]);
}

/**
 * Orders, purchases, payments, invoices, deliveries and the buyer's notifications, through paid
 * orders and a paid purchase (their events dispatched in process), then copies of each.
 */
async function commerce({ users }: SeedContext): Promise<void> {
  const { acheteur, vendeur } = users;
  await paidOrder(acheteur, [{ seller: vendeur, montant: 15_000 }]);
  await paidAchat(acheteur, vendeur, 1_000_000);
  for (const name of [COLLECTIONS.commandes, COLLECTIONS.achats, COLLECTIONS.payments, COLLECTIONS.invoices, COLLECTIONS.deliveries]) {
    await cloneFirst(collection(name), MANY);
  }
  // Stale handovers (reminded, still waiting) of both kinds, and disputes of the buyer's sales.
  for (const name of [COLLECTIONS.commandes, COLLECTIONS.achats]) await cloneFirst(collection(name), MANY, (index) => ({ rappelRemise: true, payeLe: minutesAgo(1000 + index) }));
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.litiges).doc(`commande_sale-${index}`),
    {
      vente: { kind: 'commande', id: `sale-${index}` },
      acheteur: acheteur.uid,
      vendeurs: [vendeur.uid],
      livreur: null,
      parties: [acheteur.uid, vendeur.uid],
      paymentId: `pay-${index}`,
      montantVente: 15_000,
      motif: 'non_conforme',
      texte: 'Pas la bonne référence de pièce.',
      preuves: { acheteur: [], vendeur: [] },
      livraisonId: null,
      photoLivreur: null,
      remise: { par: 'en_personne', at: minutesAgo(index) },
      fondsLiberes: false,
      reponseVendeur: null,
      statut: 'ouvert',
      admin: null,
      escalade: false,
      echeanceReponse: daysAhead(3),
      echeanceDecision: daysAhead(5),
      decision: null,
      history: [],
      createdAt: minutesAgo(index),
      updatedAt: minutesAgo(index),
    },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.users).doc(acheteur.uid).collection(COLLECTIONS.notifications).doc(`notice-${index}`),
    { type: 'admin_message', category: 'system', title: 'Bonjour', body: 'Un message', language: 'fr', resource: null, read: false, readAt: null, createdAt: minutesAgo(index), expireAt: daysAhead(30) },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.adminMessages).doc(`broadcast-${index}`),
    { audience: 'all', fr: { title: 'Bonjour', body: 'Un message' }, en: null, sentBy: users.superAdmin.uid, statut: 'sent', cursor: null, recipients: 3, createdAt: minutesAgo(index), finishedAt: minutesAgo(index) },
  ]);
  await cloneFirst(collection(COLLECTIONS.users), MANY);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.verifications).doc(`pay-verif-${index}`),
    { articleId: `article-${index}`, acheteur: acheteur.uid, vendeur: vendeur.uid, statut: 'en_attente', paymentId: `pay-verif-${index}`, articleTitre: 'Toyota Corolla', createdAt: minutesAgo(index), updatedAt: minutesAgo(index) },
  ]);
}

/** Zones, couriers (presence, deliveries and open offers), wallets with entries and debts. */
async function logistics({ users }: SeedContext): Promise<void> {
  const { livreur, vendeur } = users;
  const square = [
    { latitude: 6.3, longitude: 2.3 },
    { latitude: 6.3, longitude: 2.5 },
    { latitude: 6.5, longitude: 2.5 },
    { latitude: 6.5, longitude: 2.3 },
  ];
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.deliveryZones).doc(`zone-${index}`),
    {
      nom: `Zone ${index}`,
      polygon: square,
      bbox: { minLat: 6.3, maxLat: 6.5, minLng: 2.3, maxLng: 2.5 },
      areaKm2: 490,
      prixParKm: 200,
      fraisMin: 500,
      fraisMax: 5000,
      villes: ['Cotonou'],
      actif: true,
      createdBy: users.superAdmin.uid,
      updatedBy: users.superAdmin.uid,
      createdAt: minutesAgo(index),
      updatedAt: minutesAgo(index),
    },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.livreurs).doc(`courier-${index}`),
    { online: true, position: COTONOU, geohash: geohashOf(COTONOU), cell: cellOf(COTONOU), locationAt: new Date(), updatedAt: minutesAgo(index), nom: 'Coursier', prenoms: `${index}`, nameKey: `coursier ${index}`, telephone: null },
  ]);
  // Open offers to the caller, each of a delivery still waiting for a courier (the copies of a paid
  // order's): the offered page reads each offer's delivery.
  const waiting = (await collection(COLLECTIONS.deliveries).where('statut', '==', 'commande').limit(MANY).get()).docs;
  if (waiting.length < MANY) throw new Error(`${waiting.length} deliveries wait for a courier, ${MANY} wanted`);
  await Promise.all(waiting.map((delivery, index) => seedOffer(delivery.id, livreur.uid, 'ouverte', 3_600_000 + index * 1000)));
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.wallets).doc(vendeur.uid).collection(COLLECTIONS.walletTransactions).doc(`sale_${index}`),
    { type: 'vente', montant: 1000, reference: `ref-${index}`, description: 'Vente', paymentId: `pay-${index}`, balanceAfter: 1000 * (index + 1), debtAfter: 0, month: '2026-11', createdAt: minutesAgo(index) },
  ]);
  await seedMany(MANY, (index) => [collection(COLLECTIONS.wallets).doc(`debtor-${index}`), { balance: 0, debt: 100 + index, updatedAt: new Date(), stats: {} }]);
}



/** Journeys, forwarders' files, reviews and directory entries. */
async function transit({ users }: SeedContext): Promise<void> {
  const { acheteur, transitaire } = users;
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.transitMissions).doc(`article-${index}_${acheteur.uid}`),
    {
      article: `article-${index}`,
      acheteur: acheteur.uid,
      transitaire: transitaire.uid,
      statut: 'en_cours',
      modeLivraison: 'transit',
      paysDestination: 'NG',
      detailsSupplementaires: null,
      articleTitre: 'Toyota Corolla',
      dateSelectionTransitaire: minutesAgo(index),
      dateTransfer: null,
      dateTraite: null,
      verificationApproved: false,
      createdAt: minutesAgo(index),
      updatedAt: minutesAgo(index),
    },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.transitaireVerifications).doc(`forwarder-${index}`),
    { statut: 'pending', dossier: { companyName: `Transit ${index}`, registrationRef: `RCCM-${index}`, pays: 'BJ', adresse: 'Cotonou', cardFront: `kyc/forwarder-${index}/front.jpg`, cardBack: `kyc/forwarder-${index}/back.jpg` }, rejectionMotif: null, submittedAt: minutesAgo(index), decidedAt: null, decidedBy: null },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.transitaireReviews).doc(`${transitaire.uid}_buyer-${index}`),
    { transitaireId: transitaire.uid, acheteur: `buyer-${index}`, rating: 1 + (index % 5), comment: null, createdAt: minutesAgo(index), updatedAt: minutesAgo(index) },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.transitaireDirectory).doc(index === 0 ? transitaire.uid : `forwarder-${index}`),
    { listed: true, nom: 'Transit', prenoms: `${index}`, photoUrl: null, companyName: `Transit ${index}`, pays: 'BJ', paysDesservis: ['NG'], subscribedUntil: daysAhead(30), count: MANY, sum: 3 * MANY, average: 3, updatedAt: new Date() },
  ]);
}

/** Agents' period counters, days, withdrawals and referrals, parked event runs, stored documents and the audit trail. */
async function agentsAndAdmin({ users }: SeedContext): Promise<void> {
  const { agentPro, superAdmin } = users;
  const periodKey = periodKeyOf('month', today());
  // Both types, more than a page of each: the `me-pro` and `me-market` rankings filter on the type.
  await seedMany(2 * MANY, (index) => [
    collection(COLLECTIONS.agentPeriods).doc(`${bucketOf('month', periodKey)}_agent-${index}`),
    { agentId: `agent-${index}`, period: 'month', periodKey, bucket: bucketOf('month', periodKey), typeAgent: index % 2 ? 'Market' : 'Market_pro', score: index % 7, earnings: index, updatedAt: new Date() },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.agentDays).doc(`${agentPro.uid}_2026-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}-${index}`),
    { agentId: agentPro.uid, dateKey: `2026-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`, updatedAt: new Date() },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.agentEarnings).doc(`withdrawal_${index}`),
    { agentId: agentPro.uid, type: 'withdrawal', montant: -1000, reference: `w-${index}`, description: 'Retrait', dateKey: '2026-11-01', sourceUserId: null, paymentId: null, createdAt: minutesAgo(index) },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.referrals).doc(`referral-${index}`),
    { referrerId: agentPro.uid, referredId: `referred-${index}`, code: 'CODE', statut: 'pending', referredRole: 'vendeur', createdAt: minutesAgo(index), completedAt: null, firstPaymentId: null },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.eventRuns).doc(`run-${index}`),
    { eventId: `order.paid_${index}`, type: 'order.paid', subscriber: 'deliveries', state: 'parked', attempts: 5, dueAt: new Date(), lastError: 'boom', updatedAt: minutesAgo(index), expireAt: daysAhead(30) },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.storedDocuments).doc(`document-${index}`),
    {
      kind: 'facture',
      owner: users.acheteur.uid,
      readers: [users.acheteur.uid],
      path: `invoices/${index}.pdf`,
      contentType: 'application/pdf',
      size: 1000,
      record: { collection: 'invoices', id: `invoice-${index}` },
      label: `Facture ${index}`,
      createdAt: minutesAgo(index),
      deletedAt: null,
      deletedBy: null,
      deleted: false,
    },
  ]);
  await seedMany(MANY, (index) => [
    collection(COLLECTIONS.auditTrail).doc(`audit-${index}`),
    { actor: { uid: superAdmin.uid, role: 'superAdmin' }, action: 'user.blocked', target: { collection: 'users', id: `user-${index}` }, before: null, after: null, reason: null, context: null, at: minutesAgo(index) },
  ]);
}

export const SEEDS: Array<(context: SeedContext) => Promise<void>> = [chat, tricycles, driverRequests, catalog, commerce, logistics, transit, agentsAndAdmin];
