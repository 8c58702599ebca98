/** The commerce domain's surface for other domains. */
export { liveTransitPurchase } from './achats/lookup';
export { type BusinessDocument, heldForDelivery } from './held-money';
export { findOrder } from './orders/service';
