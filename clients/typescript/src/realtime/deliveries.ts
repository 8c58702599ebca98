/**
 * A delivery's realtime documents (docs/guides/logistics.md):
 *
 * - `deliveryTracking/{deliveryId}`: the assigned courier's last position, read by the buyer and the
 *   courier. It exists once a courier accepted the delivery; the buyer may listen before (the
 *   listener answers null until then), so its map starts with the order.
 * - `deliveryOffers/{deliveryId}_{courierUid}`: a round's offer to one courier, read by that courier.
 */
import { collection, doc, type Firestore, onSnapshot, orderBy, query, type Unsubscribe, where } from 'firebase/firestore';
import { dateOf, type ListenOptions, type Position, positionOrNull, readOnly, stringOrNull } from './read.js';

export interface DeliveryTracking {
  deliveryId: string;
  livreur: string;
  /** The courier's last position; null before its first one and after the delivery ends. */
  position: Position | null;
  updatedAt: Date;
}

const trackingConverter = readOnly<DeliveryTracking>((id, data) => ({
  deliveryId: id,
  livreur: String(data.livreur),
  position: positionOrNull(data.position),
  updatedAt: dateOf(data.updatedAt),
}));

/** The courier's position on a delivery, for its buyer and its courier; null while no courier accepted it. */
export function listenToDeliveryTracking(firestore: Firestore, deliveryId: string, onTracking: (tracking: DeliveryTracking | null) => void, options: ListenOptions = {}): Unsubscribe {
  return onSnapshot(
    doc(firestore, 'deliveryTracking', deliveryId).withConverter(trackingConverter),
    (snapshot) => onTracking(snapshot.data() ?? null),
    options.onError,
  );
}

/** `ouverte` until the courier answers or the round ends: `acceptee`, `declinee`, `expiree`, or `prise` by another courier. */
export type DeliveryOfferStatus = 'ouverte' | 'acceptee' | 'expiree' | 'prise' | 'declinee';

export interface DeliveryOffer {
  /** `{deliveryId}_{courierUid}`. */
  id: string;
  deliveryId: string;
  livreur: string;
  round: number;
  /** From the courier to the first pickup when offered (km). */
  distanceKm: number;
  /** The delivery's trip (km). */
  trajetKm: number;
  /** The delivery fee the buyer pays (XOF). */
  frais: number;
  /** What the courier earns (XOF). */
  gainLivreur: number;
  /** The sellers' shops, in order. */
  pickups: Array<{ position: Position | null; adresse: string | null }>;
  /** The destination's area (about a kilometre): its exact point goes to the courier who accepts. */
  destinationZone: Position | null;
  statut: DeliveryOfferStatus;
  expiresAt: Date;
  createdAt: Date;
}

const offerConverter = readOnly<DeliveryOffer>((id, data) => ({
  id,
  deliveryId: String(data.deliveryId),
  livreur: String(data.livreur),
  round: Number(data.round),
  distanceKm: Number(data.distanceKm),
  trajetKm: Number(data.trajetKm),
  frais: Number(data.frais),
  gainLivreur: Number(data.gainLivreur),
  pickups: Array.isArray(data.pickups)
    ? data.pickups.map((pickup: { position?: unknown; adresse?: unknown }) => ({ position: positionOrNull(pickup.position), adresse: stringOrNull(pickup.adresse) }))
    : [],
  destinationZone: positionOrNull((data.destination as { zone?: unknown } | undefined)?.zone),
  statut: data.statut as DeliveryOfferStatus,
  expiresAt: dateOf(data.expiresAt),
  createdAt: dateOf(data.createdAt),
}));

/** The courier's open offers, the soonest to expire first, again at each change (a new offer, one accepted, declined, expired or taken). */
export function listenToDeliveryOffers(firestore: Firestore, courierUid: string, onOffers: (offers: DeliveryOffer[]) => void, options: ListenOptions = {}): Unsubscribe {
  // The filter on `livreur` is what firestore.rules require of a courier's query: its own offers only.
  // The index (livreur, statut, expiresAt) is firestore.indexes.json's, which the service's own query uses.
  const open = query(
    collection(firestore, 'deliveryOffers').withConverter(offerConverter),
    where('livreur', '==', courierUid),
    where('statut', '==', 'ouverte'),
    orderBy('expiresAt'),
  );
  return onSnapshot(open, (snapshot) => onOffers(snapshot.docs.map((offer) => offer.data())), options.onError);
}
