/**
 * `users/{uid}/realtime/{eventId}`: the user's feed (functions/src/core/realtime.ts), read by its
 * owner only: a forwarder's `transit-mission-update` (domains/transit/triggers.ts), a courier's
 * `delivery-offer` (domains/logistics/deliveries/rounds.ts). Feed documents expire after
 * REALTIME_FEED_TTL_DAYS.
 */
import { collection, type DocumentData, type Firestore, onSnapshot, orderBy, query, type QueryConstraint, Timestamp, type Unsubscribe, where } from 'firebase/firestore';
import type { components } from '../generated/openapi.js';
import { dateOf, type ListenOptions, readOnly } from './read.js';

export type MissionStatus = components['schemas']['TransitMission']['statut'];

/** A status change of a mission the forwarder is (or was, when it refused) connected to. */
export interface MissionUpdateEvent {
  id: string;
  event: 'transit-mission-update';
  missionId: string;
  statut: MissionStatus;
  createdAt: Date;
}

/** A delivery offered to the courier in one round of the search (accept it through the API before `expiresAt`). */
export interface DeliveryOfferEvent {
  id: string;
  event: 'delivery-offer';
  deliveryId: string;
  round: number;
  /** From the courier to the first pickup when offered (km). */
  distanceKm: number;
  /** The delivery's trip (km). */
  trajetKm: number;
  /** The delivery fee the buyer pays (XOF). */
  frais: number;
  /** What the courier earns (XOF). */
  gainLivreur: number;
  /** ISO 8601, or null. */
  expiresAt: string | null;
  createdAt: Date;
}

export type FeedEvent = MissionUpdateEvent | DeliveryOfferEvent;

function feedEvent(id: string, data: DocumentData): FeedEvent | null {
  const createdAt = dateOf(data.createdAt);
  if (data.event === 'transit-mission-update') {
    return { id, event: data.event, missionId: String(data.missionId), statut: data.statut as MissionStatus, createdAt };
  }
  if (data.event === 'delivery-offer') {
    return {
      id,
      event: data.event,
      deliveryId: String(data.deliveryId),
      round: Number(data.round),
      distanceKm: Number(data.distanceKm),
      trajetKm: Number(data.trajetKm),
      frais: Number(data.frais),
      gainLivreur: Number(data.gainLivreur),
      expiresAt: typeof data.expiresAt === 'string' ? data.expiresAt : null,
      createdAt,
    };
  }
  // An event a newer service publishes: an older app has nothing to do with it.
  return null;
}

const feedConverter = readOnly(feedEvent);

export interface FeedOptions extends ListenOptions {
  /** Only events published after this time (the feed otherwise starts with every event it still holds). */
  since?: Date;
}

/** Each new event of the user's feed, oldest first, the ones it already holds first. */
export function listenToFeed(firestore: Firestore, uid: string, onEvent: (event: FeedEvent) => void, options: FeedOptions = {}): Unsubscribe {
  const constraints: QueryConstraint[] = [];
  if (options.since) constraints.push(where('createdAt', '>', Timestamp.fromDate(options.since)));
  constraints.push(orderBy('createdAt'));
  return onSnapshot(
    query(collection(firestore, 'users', uid, 'realtime').withConverter(feedConverter), ...constraints),
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const event = change.doc.data();
        if (event) onEvent(event);
      }
    },
    options.onError,
  );
}

/** The forwarder's mission feed: each `transit-mission-update` of the missions it is connected to. */
export function listenToMissionFeed(firestore: Firestore, forwarderUid: string, onUpdate: (event: MissionUpdateEvent) => void, options: FeedOptions = {}): Unsubscribe {
  return listenToFeed(firestore, forwarderUid, (event) => (event.event === 'transit-mission-update' ? onUpdate(event) : undefined), options);
}

/** The courier's offer feed: each `delivery-offer` of the rounds that offered it a delivery. */
export function listenToDeliveryOfferFeed(firestore: Firestore, courierUid: string, onOffer: (event: DeliveryOfferEvent) => void, options: FeedOptions = {}): Unsubscribe {
  return listenToFeed(firestore, courierUid, (event) => (event.event === 'delivery-offer' ? onOffer(event) : undefined), options);
}
