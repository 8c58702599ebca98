/** The subscriptions domain's reactions to other domains' events. */
import { onPaid } from '../../core/payables';
import { extend } from './service';

export const subscribers = [
  // Paid months added (the extension tells the subscriber in its transaction).
  onPaid('subscriptions.credit', ['abonnement', 'abonnement_transitaire'], async ({ payload }) => {
    const kind = payload.type === 'abonnement' ? 'vendeur' : 'transitaire';
    await extend(payload.userId, kind, Number(payload.metadata.months), payload.paymentId);
  }),
];
