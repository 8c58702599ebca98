/** The logistics domain's surface for other domains. */
export { type NearbyCourier, nearbyCouriers } from './livreurs/nearby';
