/**
 * Realtime documents, listened to with the Firebase client SDK (`onSnapshot`), as the service
 * meant them: it writes them through the API's transactions and triggers, and firestore.rules lets
 * each user read only its own. The document says nothing of them, so their shapes are here:
 *
 * - `users/{uid}/realtime/{eventId}`: the user's feed (functions/src/core/realtime.ts): a
 *   forwarder's `transit-mission-update` (domains/transit/triggers.ts), a courier's
 *   `delivery-offer` (domains/logistics/deliveries/rounds.ts). Feed documents expire after
 *   REALTIME_FEED_TTL_DAYS.
 * - `deliveryTracking/{deliveryId}`: the assigned courier's last position, read by the buyer and the
 *   courier; it exists once a courier accepted the delivery.
 * - `chatRooms/{roomId}/messages/{messageId}`: a room's messages, read by its participants.
 *
 * The app passes its own Firestore instance (`getFirestore(app)`), signed in with the same user as
 * the API calls. Each helper answers the function that stops listening.
 */
import {
  collection,
  doc,
  type DocumentData,
  type Firestore,
  type FirestoreError,
  limit,
  onSnapshot,
  orderBy,
  query,
  type QueryConstraint,
  Timestamp,
  type Unsubscribe,
  where,
} from 'firebase/firestore';
import type { components } from './generated/openapi';

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

export interface DeliveryTracking {
  deliveryId: string;
  livreur: string;
  /** The courier's last position; null before its first one and after the delivery ends. */
  position: { latitude: number; longitude: number } | null;
  updatedAt: Date;
}

export interface ChatMessageDocument {
  id: string;
  roomId: string;
  sender: string;
  /** Null for a file-only message, and once deleted. */
  texte: string | null;
  /** The file's URL when posted (GET /api/chat/rooms/{id}/messages answers a fresh one). */
  fichierUrl: string | null;
  deleted: boolean;
  createdAt: Date;
}

export interface ListenOptions {
  /** Called when the listen fails (permission denied: not the caller's document, or signed out). */
  onError?: (error: FirestoreError) => void;
}

/** A Timestamp's date (duck-typed: an app bundling a second copy of the SDK has another Timestamp class). */
const dateOf = (value: unknown): Date => {
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  return typeof toDate === 'function' ? (toDate.call(value) as Date) : new Date(Number.NaN);
};

function feedEvent(id: string, data: DocumentData): FeedEvent | undefined {
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
  return undefined;
}

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
    query(collection(firestore, 'users', uid, 'realtime'), ...constraints),
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const event = feedEvent(change.doc.id, change.doc.data());
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

/** The courier's position on a delivery, for its buyer and its courier; null while no courier accepted it. */
export function listenToDeliveryTracking(
  firestore: Firestore,
  deliveryId: string,
  onTracking: (tracking: DeliveryTracking | null) => void,
  options: ListenOptions = {},
): Unsubscribe {
  return onSnapshot(
    doc(firestore, 'deliveryTracking', deliveryId),
    (snapshot) => {
      const data = snapshot.data();
      if (!data) return onTracking(null);
      const position = data.position as { latitude?: unknown; longitude?: unknown } | null | undefined;
      onTracking({
        deliveryId: snapshot.id,
        livreur: String(data.livreur),
        position: position ? { latitude: Number(position.latitude), longitude: Number(position.longitude) } : null,
        updatedAt: dateOf(data.updatedAt),
      });
    },
    options.onError,
  );
}

export interface ChatListenOptions extends ListenOptions {
  /** The latest messages kept in view (default 50). */
  limit?: number;
}

/** A room's latest messages, newest first, again at each change (a new message, a deletion). */
export function listenToChatMessages(
  firestore: Firestore,
  roomId: string,
  onMessages: (messages: ChatMessageDocument[]) => void,
  options: ChatListenOptions = {},
): Unsubscribe {
  return onSnapshot(
    query(collection(firestore, 'chatRooms', roomId, 'messages'), orderBy('createdAt', 'desc'), limit(options.limit ?? 50)),
    (snapshot) =>
      onMessages(
        snapshot.docs.map((message) => {
          const data = message.data();
          return {
            id: message.id,
            roomId,
            sender: String(data.sender),
            texte: typeof data.texte === 'string' ? data.texte : null,
            fichierUrl: typeof data.fichierUrl === 'string' ? data.fichierUrl : null,
            deleted: data.deleted === true,
            createdAt: dateOf(data.createdAt),
          };
        }),
      ),
    options.onError,
  );
}
