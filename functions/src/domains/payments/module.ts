/** The payments domain's manifest (core/module.ts): payments, their callbacks, the poller and the expiry queue. */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'payments',
  errors,
  routers: [{ group: 'payments', paths: ['/api/payments'], load: async () => (await import('./routes')).router }],
  jobs: {
    /** Every minute: asks FeexPay about the pending payments due soonest. */
    pollPayments: {
      kind: 'schedule',
      schedule: '* * * * *',
      timeZone: 'Africa/Porto-Novo',
      secrets: ['FEEXPAY_API_TOKEN'],
      run: async () => {
        const { pollPendingPayments } = await import('./jobs');
        logger.info('pending payments polled', await pollPendingPayments());
      },
    },
    /** Queued at a payment's creation, runs PAYMENT_EXPIRE_SECONDS later. */
    expirePayment: {
      kind: 'task',
      retryConfig: { maxAttempts: 5, minBackoffSeconds: 30 },
      rateLimits: { maxConcurrentDispatches: 20 },
      secrets: ['FEEXPAY_API_TOKEN'],
      run: async (data: { paymentId: string }) => {
        const { expireIfDue } = await import('./jobs');
        await expireIfDue(data.paymentId);
      },
    },
  },
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
