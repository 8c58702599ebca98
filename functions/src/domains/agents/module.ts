/** The agents domain's manifest (core/module.ts): commercial agents, their journals, earnings and referrals. */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'agents',
  errors,
  routers: [
    { group: 'agents', paths: ['/api/agents'], load: async () => (await import('./routes')).router },
    { group: 'agents', paths: ['/api/agents'], load: async () => (await import('./admin-routes')).router },
    { group: 'agents', paths: ['/api/referrals'], load: async () => (await import('./referrals/routes')).router },
    { group: 'agents', paths: ['/api/demo-events'], load: async () => (await import('./demo/routes')).router },
  ],
  subscribers: async () => (await import('./subscribers')).subscribers,
  jobs: {
    /**
     * Daily at 01:00 of the business time zone (BUSINESS_TIME_ZONE): the presence bonus of yesterday's
     * journals that have a position but no bonus (admin.ts; a second run credits nothing).
     */
    backfillDailyPresence: {
      kind: 'schedule',
      schedule: '0 1 * * *',
      timeZone: 'business',
      run: async () => {
        const { backfillPresence } = await import('./admin');
        logger.info('presence bonuses backfilled', await backfillPresence());
      },
    },
  },
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
