/** The transit domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { refreshListing } from './directory';

export const subscribers = [
  // A subscribed, verified forwarder appears in the buyers' list.
  subscriber('transit.directory_on_subscription', 'subscription.extended', async ({ payload }) => {
    if (payload.kind === 'transitaire') await refreshListing(payload.uid);
  }),
];
