/**
 * What other domains use of logistics: the one fee computation (`quoteDelivery`) and the zone
 * lookup, the delivery part of a request (`DeliveryInput`), the types of what an order or a
 * purchase hands to logistics in its paid event, and the couriers near a point. Logistics imports
 * nothing of commerce; its events are declared in events.ts.
 */
export { quoteDelivery, type QuoteInput } from './zones/quote';
export { findZoneAt } from './zones/service';
export { DeliveryInput } from './schemas';
export type { DeliveryQuote, DeliveryRequest } from './deliveries/model';
export { type DeliveryFacts, deliveryFacts } from './deliveries/facts';
export { type NearbyCourier, nearbyCouriers } from './livreurs/nearby';
export { findTricycleContact, type TricycleContactView } from './tricycles/lookup';
export type { DeliveryDelivered, DeliveryFailed } from './events';
export { PLATFORM_WALLET_ID } from './deliveries/settlement';
