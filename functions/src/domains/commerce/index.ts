/** The commerce domain's surface for other domains. */
export { liveTransitPurchase } from './achats/lookup';
