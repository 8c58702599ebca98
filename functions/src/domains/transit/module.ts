/** The transit domain's manifest (core/module.ts): forwarders, their files (the identity an admin approves), directory and reviews, transit missions. */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'transit',
  errors,
  routers: [
    { group: 'transit', paths: ['/api/transit-missions'], load: async () => (await import('./routes')).router },
    { group: 'transit', paths: ['/api/transit'], load: async () => (await import('./routes')).aliasRouter },
    { group: 'transit', paths: ['/api/transitaires'], load: async () => (await import('./forwarder-file/routes')).router },
    { group: 'transit', paths: ['/api/transitaire-reviews'], load: async () => (await import('./reviews/routes')).router },
    { group: 'transit', paths: ['/api/transitaires'], load: async () => (await import('./directory/routes')).router },
  ],
  subscribers: async () => (await import('./subscribers')).subscribers,
  notices: async () => (await import('./notices')).notices,
  tells: async () => (await import('./tells')).tells,
  jobs: {
    /** Hourly: forwarders whose subscription ended leave the buyers' list. */
    expireTransitaireListings: {
      kind: 'schedule',
      schedule: '0 * * * *',
      timeZone: 'Africa/Porto-Novo',
      run: async () => {
        const { unlistExpired } = await import('./directory/service');
        logger.info('forwarder listings expired', await unlistExpired());
      },
    },
  },
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
