/**
 * @marketplace/client/realtime: listeners of the documents the service writes for the apps to
 * follow, with the Firebase client SDK (`firebase`, the app's own copy). The app passes its
 * Firestore instance (`getFirestore(app)`), signed in as the same user as its API calls;
 * firestore.rules let each user read only its own. Each listener answers the function that stops it.
 */
export { type ChatListenOptions, type ChatMessageDocument, type ChatUnread, listenToChatMessages, listenToChatUnread } from './chat.js';
export { type DeliveryOffer, type DeliveryOfferStatus, type DeliveryTracking, listenToDeliveryOffers, listenToDeliveryTracking } from './deliveries.js';
export { type DisputeDocument, listenToDispute } from './disputes.js';
export {
  type DeliveryOfferEvent,
  type FeedEvent,
  type FeedOptions,
  listenToDeliveryOfferFeed,
  listenToFeed,
  listenToMissionFeed,
  type MissionStatus,
  type MissionUpdateEvent,
} from './feed.js';
export { listenToNotifications, type NotificationDocument, type NotificationListenOptions } from './notifications.js';
export type { ListenOptions, Position } from './read.js';
export { listenToTransitMission, type TransitMissionDocument } from './transit.js';
export { listenToTricycleContact, listenToTricycleDriver, type TricycleContactDocument, type TricycleDriverPresence } from './tricycles.js';
