/** The logistics domain's manifest (core/module.ts): delivery zones, couriers, deliveries and tricycles. */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';
import type { RoundTaskData } from './deliveries/tasks';

export const manifest = {
  name: 'logistics',
  errors,
  routers: [
    { group: 'logistics', paths: ['/api/delivery-zones'], load: async () => (await import('./zones/routes')).router },
    { group: 'logistics', paths: ['/api/livreurs'], load: async () => (await import('./livreurs/routes')).router },
    { group: 'logistics', paths: ['/api/deliveries'], load: async () => (await import('./deliveries/routes')).router },
    // Tricycle drivers and contacts are logistics (DOMAIN.md); the catalog function serves their prefix (groups.ts).
    { group: 'catalog', paths: ['/api/tricycles'], load: async () => (await import('./tricycles/routes')).router },
  ],
  subscribers: async () => [...(await import('./livreurs/subscribers')).subscribers, ...(await import('./subscribers')).subscribers],
  notices: async () => (await import('./notices')).notices,
  tells: async () => (await import('./tells')).tells,
  jobs: {
    /**
     * Queued by each round of offers of a delivery for `dureeOffreSecondes` later (deliveries/rounds.ts):
     * if nobody accepted, the open offers expire and the next round widens the circle.
     */
    deliveryRound: {
      kind: 'task',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 10 },
      rateLimits: { maxConcurrentDispatches: 20 },
      run: async (data: RoundTaskData) => {
        // An early task throws (roundTask): Cloud Tasks retries it rather than dropping the round.
        const { roundTask } = await import('./deliveries/rounds');
        logger.info('delivery round', { ...data, outcome: await roundTask(data.deliveryId, data.round, data.roundBase) });
      },
    },
    /** Queued when a courier proves a delivery by photo: closes it `livre` after DELIVERY_DISPUTE_WINDOW_HOURS unless the buyer confirmed or opened a dispute. */
    closeDelivery: {
      kind: 'task',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 30 },
      rateLimits: { maxConcurrentDispatches: 20 },
      run: async (data: { deliveryId: string }) => {
        // An early task throws (closeTask): Cloud Tasks retries it rather than leaving the delivery open.
        const { closeTask } = await import('./deliveries/moves');
        logger.info('delivery auto-close', { ...data, outcome: await closeTask(data.deliveryId) });
      },
    },
  },
  schemas: async () => [(await import('./schemas')).DeliveryInput],
  examples: async () => ({ ...(await import('./examples')).steps, ...(await import('./deliveries/examples')).steps }),
} satisfies DomainModule;
