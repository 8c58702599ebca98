/**
 * The client's realtime listeners (clients/typescript/src/realtime), one per document the guides
 * name, as an app runs them: the Firebase client SDK signed in through the Auth emulator, the
 * Firestore emulator enforcing firestore.rules. The documents are written as the service writes
 * them; each listener gives its party the document and its changes, typed, and refuses anyone else.
 */
import type { Firestore } from 'firebase/firestore';
import {
  listenToChatMessages,
  listenToChatUnread,
  listenToDeliveryOffers,
  listenToDeliveryTracking,
  listenToDispute,
  listenToFeed,
  listenToMissionFeed,
  listenToNotifications,
  listenToTransitMission,
  listenToTricycleContact,
  listenToTricycleDriver,
  type ChatMessageDocument,
  type ChatUnread,
  type DeliveryOffer,
  type DeliveryTracking,
  type DisputeDocument,
  type FeedEvent,
  type ListenOptions,
  type MissionUpdateEvent,
  type NotificationDocument,
  type TransitMissionDocument,
  type TricycleContactDocument,
  type TricycleDriverPresence,
} from '../../clients/typescript/src/realtime';
import { Heard, Listeners, realtimeProject, type RealtimeProject } from '../helpers/realtime-clients';

type Account = { firestore: Firestore; uid: string };

let project: RealtimeProject;
let buyer: Account;
let seller: Account;
let courier: Account;
let stranger: Account;
const listeners = new Listeners();

beforeAll(async () => {
  project = await realtimeProject('client-realtime');
  [buyer, seller, courier, stranger] = await Promise.all(['buyer', 'seller', 'courier', 'stranger'].map((name) => project.signIn(name)));
}, 60_000);

afterEach(() => listeners.stopAll());

afterAll(async () => {
  await project.close();
});

/** Starts `listen` as `account` and answers what it heard. */
function follow<T>(listen: (firestore: Firestore, give: (value: T) => void, options: ListenOptions) => () => void, account: Account): Heard<T> {
  const heard = new Heard<T>();
  listeners.add(listen(account.firestore, heard.give, { onError: heard.fail }));
  return heard;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the feed', () => {
  it('gives its owner each event, typed, and the mission and offer feeds their own kind; refuses another user', async () => {
    await project.write(`users/${courier.uid}/realtime/e1`, { event: 'transit-mission-update', missionId: 'car1_b', statut: 'en_cours', createdAt: minutesAgo(2) });
    const all = follow<FeedEvent>((db, give, options) => listenToFeed(db, courier.uid, give, options), courier);
    const missions = follow<MissionUpdateEvent>((db, give, options) => listenToMissionFeed(db, courier.uid, give, options), courier);
    const offers = follow<FeedEvent>((db, give, options) => listenToFeed(db, courier.uid, (event) => event.event === 'delivery-offer' && give(event), options), courier);
    expect(await missions.until((event) => event.id === 'e1')).toEqual({ id: 'e1', event: 'transit-mission-update', missionId: 'car1_b', statut: 'en_cours', createdAt: expect.any(Date) });

    const offer = { event: 'delivery-offer', deliveryId: 'achat_a1', round: 1, distanceKm: 1.2, trajetKm: 8.5, frais: 2000, gainLivreur: 1600, expiresAt: '2026-11-29T10:00:00.000Z', createdAt: new Date() };
    await project.write(`users/${courier.uid}/realtime/e2`, offer);
    expect(await offers.until((event) => event.id === 'e2')).toEqual({ ...offer, id: 'e2', createdAt: expect.any(Date) });
    expect(all.values.map((event) => event.id)).toEqual(['e1', 'e2']);
    expect(missions.values.map((event) => event.id)).toEqual(['e1']);

    const refused = follow<FeedEvent>((db, give, options) => listenToFeed(db, courier.uid, give, options), stranger);
    expect(await refused.refusal()).toBe('permission-denied');
    expect(refused.values).toEqual([]);
  });
});

describe('a delivery’s tracking', () => {
  it('gives the buyer null before a courier accepts, then the courier’s positions; the courier too; refuses the seller and others', async () => {
    await project.write('deliveries/achat_t1', { acheteur: buyer.uid, vendeurs: [seller.uid], parties: [buyer.uid, seller.uid], statut: 'commande', livreur: null });
    const buyerHears = follow<DeliveryTracking | null>((db, give, options) => listenToDeliveryTracking(db, 'achat_t1', give, options), buyer);
    expect(await buyerHears.until((tracking) => tracking === null)).toBeNull();
    // Before any tracking document, the seller (a party of the delivery, not of its tracking) and strangers are refused.
    const sellerBefore = follow<DeliveryTracking | null>((db, give, options) => listenToDeliveryTracking(db, 'achat_t1', give, options), seller);
    expect(await sellerBefore.refusal()).toBe('permission-denied');
    const strangerBefore = follow<DeliveryTracking | null>((db, give, options) => listenToDeliveryTracking(db, 'achat_t1', give, options), stranger);
    expect(await strangerBefore.refusal()).toBe('permission-denied');
    // Nor may anyone listen to the tracking of a delivery that does not exist.
    const noDelivery = follow<DeliveryTracking | null>((db, give, options) => listenToDeliveryTracking(db, 'achat_none', give, options), buyer);
    expect(await noDelivery.refusal()).toBe('permission-denied');

    // A courier accepts: the service writes the tracking document, then the courier's positions.
    await project.write('deliveryTracking/achat_t1', { deliveryId: 'achat_t1', livreur: courier.uid, parties: [buyer.uid, courier.uid], position: null, updatedAt: new Date() });
    expect(await buyerHears.until((tracking) => tracking !== null)).toEqual({ deliveryId: 'achat_t1', livreur: courier.uid, position: null, updatedAt: expect.any(Date) });
    await project.write('deliveryTracking/achat_t1', { position: { latitude: 6.37, longitude: 2.39 }, updatedAt: new Date() }, true);
    expect(await buyerHears.until((tracking) => tracking?.position?.latitude === 6.37)).toMatchObject({ livreur: courier.uid, position: { latitude: 6.37, longitude: 2.39 } });

    const courierHears = follow<DeliveryTracking | null>((db, give, options) => listenToDeliveryTracking(db, 'achat_t1', give, options), courier);
    expect(await courierHears.until((tracking) => tracking?.position?.latitude === 6.37)).toMatchObject({ deliveryId: 'achat_t1' });
    const sellerAfter = follow<DeliveryTracking | null>((db, give, options) => listenToDeliveryTracking(db, 'achat_t1', give, options), seller);
    expect(await sellerAfter.refusal()).toBe('permission-denied');
    expect([...sellerBefore.values, ...strangerBefore.values, ...sellerAfter.values]).toEqual([]);
  });
});

describe('a courier’s offers', () => {
  it('gives the courier its open offers as rounds open and close them; refuses a listen on another courier’s', async () => {
    const offer = (deliveryId: string, livreur: string, statut: string, expiresInMs = 60_000) => ({
      deliveryId,
      livreur,
      round: 1,
      distanceKm: 1.5,
      trajetKm: 7,
      frais: 2500,
      gainLivreur: 2000,
      pickups: [{ position: { latitude: 6.36, longitude: 2.42 }, adresse: 'Marché Dantokpa' }],
      destination: { zone: { latitude: 6.37, longitude: 2.39 } },
      statut,
      expiresAt: new Date(Date.now() + expiresInMs),
      createdAt: new Date(),
    });
    await project.write(`deliveryOffers/order_o1_${courier.uid}`, offer('order_o1', courier.uid, 'ouverte'));
    await project.write(`deliveryOffers/order_o0_${courier.uid}`, offer('order_o0', courier.uid, 'expiree'));
    await project.write(`deliveryOffers/order_o1_${stranger.uid}`, offer('order_o1', stranger.uid, 'ouverte'));
    const heard = follow<DeliveryOffer[]>((db, give, options) => listenToDeliveryOffers(db, courier.uid, give, options), courier);
    expect(await heard.until((offers) => offers.length === 1)).toEqual([
      {
        id: `order_o1_${courier.uid}`,
        deliveryId: 'order_o1',
        livreur: courier.uid,
        round: 1,
        distanceKm: 1.5,
        trajetKm: 7,
        frais: 2500,
        gainLivreur: 2000,
        pickups: [{ position: { latitude: 6.36, longitude: 2.42 }, adresse: 'Marché Dantokpa' }],
        destinationZone: { latitude: 6.37, longitude: 2.39 },
        statut: 'ouverte',
        expiresAt: expect.any(Date),
        createdAt: expect.any(Date),
      },
    ]);
    // A second round offers another delivery, which expires sooner: it comes first.
    await project.write(`deliveryOffers/order_o2_${courier.uid}`, offer('order_o2', courier.uid, 'ouverte', 30_000));
    expect((await heard.until((offers) => offers.length === 2))?.map(({ deliveryId }) => deliveryId)).toEqual(['order_o2', 'order_o1']);
    // Another courier accepts the first one: the offer is taken, and leaves the open ones.
    await project.write(`deliveryOffers/order_o1_${courier.uid}`, { statut: 'prise' }, true);
    expect((await heard.until((offers) => offers.length === 1 && offers[0]!.deliveryId === 'order_o2'))?.map(({ statut }) => statut)).toEqual(['ouverte']);

    const refused = follow<DeliveryOffer[]>((db, give, options) => listenToDeliveryOffers(db, courier.uid, give, options), stranger);
    expect(await refused.refusal()).toBe('permission-denied');
  });
});

describe('chat', () => {
  it('gives a room’s participants its latest messages, newest first, as they change; refuses others', async () => {
    await project.write('chatRooms/r1', { participants: [buyer.uid, seller.uid], contextKind: 'article', contextId: 'car1' });
    await project.write('chatRooms/r1/messages/m1', { sender: seller.uid, texte: 'Bonjour', fichierUrl: null, deleted: false, createdAt: minutesAgo(1) });
    const heard = follow<ChatMessageDocument[]>((db, give, options) => listenToChatMessages(db, 'r1', give, options), buyer);
    expect(await heard.until((messages) => messages.length === 1)).toEqual([{ id: 'm1', roomId: 'r1', sender: seller.uid, texte: 'Bonjour', fichierUrl: null, deleted: false, createdAt: expect.any(Date) }]);
    await project.write('chatRooms/r1/messages/m2', { sender: buyer.uid, texte: 'Toujours disponible ?', fichierUrl: null, deleted: false, createdAt: new Date() });
    expect((await heard.until((messages) => messages.length === 2))?.map((message) => message.id)).toEqual(['m2', 'm1']);
    await project.write('chatRooms/r1/messages/m1', { texte: null, deleted: true }, true);
    expect(await heard.until((messages) => messages[1]?.deleted === true)).toMatchObject([{ id: 'm2' }, { id: 'm1', texte: null, deleted: true }]);

    const refused = follow<ChatMessageDocument[]>((db, give, options) => listenToChatMessages(db, 'r1', give, options), stranger);
    expect(await refused.refusal()).toBe('permission-denied');
  });

  it('gives a user its unread count, 0 before any message, then as messages arrive; refuses others', async () => {
    const heard = follow<ChatUnread>((db, give, options) => listenToChatUnread(db, seller.uid, give, options), seller);
    expect(await heard.until(({ total }) => total === 0)).toEqual({ total: 0 });
    await project.write(`chatUnread/${seller.uid}`, { total: 2 });
    expect(await heard.until(({ total }) => total === 2)).toEqual({ total: 2 });

    const refused = follow<ChatUnread>((db, give, options) => listenToChatUnread(db, seller.uid, give, options), buyer);
    expect(await refused.refusal()).toBe('permission-denied');
  });
});

describe('notifications', () => {
  it('gives a user its latest notices, newest first, as they arrive and are read; refuses others', async () => {
    const notice = (title: string, createdAt: Date) => ({
      type: 'achat_paid',
      category: 'orders',
      title,
      body: 'Votre paiement est confirmé.',
      language: 'fr',
      resource: { kind: 'achat', id: 'a1' },
      read: false,
      readAt: null,
      createdAt,
      expireAt: new Date(Date.now() + 86_400_000),
    });
    await project.write(`users/${buyer.uid}/notifications/n1`, notice('Achat payé', minutesAgo(1)));
    const heard = follow<NotificationDocument[]>((db, give, options) => listenToNotifications(db, buyer.uid, give, options), buyer);
    expect(await heard.until((notices) => notices.length === 1)).toEqual([
      { id: 'n1', type: 'achat_paid', category: 'orders', title: 'Achat payé', body: 'Votre paiement est confirmé.', resource: { kind: 'achat', id: 'a1' }, read: false, readAt: null, createdAt: expect.any(Date) },
    ]);
    await project.write(`users/${buyer.uid}/notifications/n2`, notice('Vente remise', new Date()));
    expect((await heard.until((notices) => notices.length === 2))?.map((notification) => notification.id)).toEqual(['n2', 'n1']);
    await project.write(`users/${buyer.uid}/notifications/n1`, { read: true, readAt: new Date() }, true);
    expect(await heard.until((notices) => notices[1]?.read === true)).toMatchObject([{ id: 'n2', read: false }, { id: 'n1', read: true, readAt: expect.any(Date) }]);

    const refused = follow<NotificationDocument[]>((db, give, options) => listenToNotifications(db, buyer.uid, give, options), seller);
    expect(await refused.refusal()).toBe('permission-denied');
  });
});

describe('a transit mission', () => {
  it('gives its buyer and its forwarder the mission and its moves; refuses others', async () => {
    const forwarder = courier;
    await project.write('transitMissions/car1_b', {
      article: 'car1',
      articleTitre: 'Toyota Corolla 2012',
      acheteur: buyer.uid,
      transitaire: forwarder.uid,
      statut: 'en_cours',
      modeLivraison: 'transit',
      paysDestination: 'NG',
      detailsSupplementaires: null,
      dateSelectionTransitaire: new Date(),
      dateTransfer: null,
      dateTraite: null,
      verificationApproved: true,
      createdAt: minutesAgo(5),
      updatedAt: new Date(),
    });
    const buyerHears = follow<TransitMissionDocument | null>((db, give, options) => listenToTransitMission(db, 'car1_b', give, options), buyer);
    const forwarderHears = follow<TransitMissionDocument | null>((db, give, options) => listenToTransitMission(db, 'car1_b', give, options), forwarder);
    expect(await buyerHears.until((mission) => mission?.statut === 'en_cours')).toEqual({
      id: 'car1_b',
      article: 'car1',
      articleTitre: 'Toyota Corolla 2012',
      acheteur: buyer.uid,
      transitaire: forwarder.uid,
      statut: 'en_cours',
      paysDestination: 'NG',
      dateSelectionTransitaire: expect.any(Date),
      dateTransfer: null,
      dateTraite: null,
      updatedAt: expect.any(Date),
    });
    await project.write('transitMissions/car1_b', { statut: 'transferer', dateTransfer: new Date(), updatedAt: new Date() }, true);
    expect(await forwarderHears.until((mission) => mission?.statut === 'transferer')).toMatchObject({ dateTransfer: expect.any(Date) });
    expect(await buyerHears.until((mission) => mission?.statut === 'transferer')).toBeTruthy();

    const refused = follow<TransitMissionDocument | null>((db, give, options) => listenToTransitMission(db, 'car1_b', give, options), stranger);
    expect(await refused.refusal()).toBe('permission-denied');
  });
});

describe('tricycles', () => {
  it('gives a contact’s buyer and driver the contact and its moves; refuses others', async () => {
    const driver = courier;
    const id = `${buyer.uid}_${driver.uid}`;
    await project.write(`tricycleContacts/${id}`, {
      acheteur: buyer.uid,
      chauffeur: driver.uid,
      statut: 'initiated',
      message: 'Je suis devant la pharmacie',
      position: { latitude: 6.36, longitude: 2.41 },
      chauffeurNom: 'Koffi',
      vehicule: 'Tricycle bleu',
      plaque: 'AB 1234 RB',
      acheteurNom: 'Ama',
      openings: 1,
      version: 1,
      acceptedAt: null,
      closedBy: null,
      history: [],
      openedAt: new Date(),
      updatedAt: new Date(),
    });
    const buyerHears = follow<TricycleContactDocument | null>((db, give, options) => listenToTricycleContact(db, id, give, options), buyer);
    const driverHears = follow<TricycleContactDocument | null>((db, give, options) => listenToTricycleContact(db, id, give, options), driver);
    expect(await driverHears.until((contact) => contact?.statut === 'initiated')).toEqual({
      id,
      acheteur: buyer.uid,
      chauffeur: driver.uid,
      statut: 'initiated',
      closedBy: null,
      message: 'Je suis devant la pharmacie',
      position: { latitude: 6.36, longitude: 2.41 },
      acheteurNom: 'Ama',
      chauffeurNom: 'Koffi',
      vehicule: 'Tricycle bleu',
      plaque: 'AB 1234 RB',
      acceptedAt: null,
      openedAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    await project.write(`tricycleContacts/${id}`, { statut: 'accepted', acceptedAt: new Date(), version: 2, updatedAt: new Date() }, true);
    expect(await buyerHears.until((contact) => contact?.statut === 'accepted')).toMatchObject({ acceptedAt: expect.any(Date) });

    const refused = follow<TricycleContactDocument | null>((db, give, options) => listenToTricycleContact(db, id, give, options), stranger);
    expect(await refused.refusal()).toBe('permission-denied');
  });

  it('gives a driver its own presence as it goes online and moves; refuses others', async () => {
    const driver = seller;
    await project.write(`tricycleDrivers/${driver.uid}`, { uid: driver.uid, online: false, position: null, geohash: null, cell: null, locationAt: null, nom: 'Koffi', prenoms: 'A', updatedAt: new Date() });
    const heard = follow<TricycleDriverPresence | null>((db, give, options) => listenToTricycleDriver(db, driver.uid, give, options), driver);
    expect(await heard.until((presence) => presence?.online === false)).toEqual({ uid: driver.uid, online: false, position: null, locationAt: null, updatedAt: expect.any(Date) });
    await project.write(`tricycleDrivers/${driver.uid}`, { online: true, position: { latitude: 6.4, longitude: 2.35 }, locationAt: new Date(), updatedAt: new Date() }, true);
    expect(await heard.until((presence) => presence?.online === true)).toMatchObject({ position: { latitude: 6.4, longitude: 2.35 }, locationAt: expect.any(Date) });

    const refused = follow<TricycleDriverPresence | null>((db, give, options) => listenToTricycleDriver(db, driver.uid, give, options), buyer);
    expect(await refused.refusal()).toBe('permission-denied');
  });
});

describe('a dispute', () => {
  it('gives its parties the dispute, the seller’s answer and the decision; refuses others', async () => {
    const parties = [buyer.uid, seller.uid, courier.uid];
    await project.write('litiges/achat_a1', {
      vente: { kind: 'achat', id: 'a1' },
      acheteur: buyer.uid,
      vendeurs: [seller.uid],
      livreur: courier.uid,
      parties,
      paymentId: 'p1',
      montantVente: 500_000,
      motif: 'non_conforme',
      texte: 'Le moteur ne démarre pas',
      preuves: { acheteur: [], vendeur: [] },
      livraisonId: 'achat_a1',
      photoLivreur: null,
      remise: { par: 'livreur', at: minutesAgo(60) },
      fondsLiberes: false,
      reponseVendeur: null,
      statut: 'ouvert',
      admin: null,
      escalade: false,
      echeanceReponse: new Date(Date.now() + 86_400_000),
      echeanceDecision: new Date(Date.now() + 3 * 86_400_000),
      decision: null,
      history: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const heard = parties.map(() => new Heard<DisputeDocument | null>());
    [buyer, seller, courier].forEach((account, index) => listeners.add(listenToDispute(account.firestore, 'achat_a1', heard[index]!.give, { onError: heard[index]!.fail })));
    expect(await heard[0]!.until((dispute) => dispute?.statut === 'ouvert')).toEqual({
      id: 'achat_a1',
      vente: { kind: 'achat', id: 'a1' },
      acheteur: buyer.uid,
      vendeurs: [seller.uid],
      livreur: courier.uid,
      motif: 'non_conforme',
      statut: 'ouvert',
      montantVente: 500_000,
      reponseVendeur: null,
      escalade: false,
      echeanceReponse: expect.any(Date),
      echeanceDecision: expect.any(Date),
      decision: null,
      updatedAt: expect.any(Date),
    });
    await project.write('litiges/achat_a1', { reponseVendeur: { texte: 'Il démarrait à la remise', by: seller.uid, at: new Date() }, updatedAt: new Date() }, true);
    expect(await heard[1]!.until((dispute) => dispute?.reponseVendeur !== null)).toMatchObject({ reponseVendeur: { texte: 'Il démarrait à la remise', at: expect.any(Date) } });
    await project.write('litiges/achat_a1', { statut: 'rembourse', decision: { montantRembourse: 250_000, motif: 'Partagé', by: 'admin1', at: new Date() }, updatedAt: new Date() }, true);
    for (const party of heard) {
      expect(await party.until((dispute) => dispute?.statut === 'rembourse')).toMatchObject({ decision: { montantRembourse: 250_000, motif: 'Partagé', at: expect.any(Date) } });
    }

    const refused = follow<DisputeDocument | null>((db, give, options) => listenToDispute(db, 'achat_a1', give, options), stranger);
    expect(await refused.refusal()).toBe('permission-denied');
  });
});
