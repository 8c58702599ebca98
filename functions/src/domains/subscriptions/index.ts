/** The subscriptions domain's surface for other domains. */
export { assertSellerAccess, expiryIn, sellerAccessEnd, stateOf } from './service';
