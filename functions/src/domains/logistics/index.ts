/** The logistics domain's surface for other domains (its events are declared in events.ts). */
export type { DeliveryDelivered, DeliveryFailed } from './events';
export type { DeliveryQuote, DeliveryRequest } from './deliveries/model';
export { PLATFORM_WALLET_ID } from './deliveries/settlement';
