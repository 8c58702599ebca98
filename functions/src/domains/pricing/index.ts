/** The pricing domain's surface for other domains. */
export { platformFee, priceList } from './service';
