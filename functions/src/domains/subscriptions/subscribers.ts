/** The subscriptions domain's reactions to other domains' events. */
import { subscriber } from '../../core/events';
import { extend } from './service';

export const subscribers = [
  // Paid months added (the extension tells the subscriber in its transaction).
  subscriber('subscriptions.credit', 'payment.succeeded', async ({ payload }) => {
    const kind = payload.type === 'abonnement' ? 'vendeur' : payload.type === 'abonnement_transitaire' ? 'transitaire' : undefined;
    if (kind) await extend(payload.userId, kind, Number(payload.metadata.months), payload.paymentId);
  }),
];
