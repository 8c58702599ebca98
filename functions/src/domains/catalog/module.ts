/**
 * The catalog domain's manifest (core/module.ts): listings, their media and uploads, advertisements,
 * views, KYC files and paid inspections.
 */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

/** Hourly jobs run at minute 0 of the hour, in the service's zone. */
const HOURLY = { kind: 'schedule', schedule: '0 * * * *', timeZone: 'Africa/Porto-Novo' } as const;

export const manifest = {
  name: 'catalog',
  errors,
  routers: [
    { group: 'catalog', paths: ['/api/articles'], load: async () => (await import('./routes')).router },
    { group: 'catalog', paths: ['/api/public'], load: async () => (await import('./public-routes')).router },
    { group: 'catalog', paths: ['/api/views'], load: async () => (await import('./views/routes')).router },
    { group: 'catalog', paths: ['/api/publicites', '/api/public'], load: async () => (await import('./publicites/routes')).router },
    { group: 'catalog', paths: ['/api/upload'], load: async () => (await import('./uploads/routes')).router },
    { group: 'catalog', paths: ['/api/upload'], load: async () => (await import('./kyc/routes')).router },
    // Paid inspections of listings.
    { group: 'catalog', paths: ['/api/verification'], load: async () => (await import('./inspection/routes')).router },
    // The admins' advertisement prices.
    { group: 'admin', paths: ['/api/admin'], load: async () => (await import('./publicites/routes')).pricingRouter },
  ],
  subscribers: async () => (await import('./subscribers')).subscribers,
  notices: async () => (await import('./notices')).notices,
  tells: async () => (await import('./tells')).tells,
  payables: {
    verification: async (metadata, payer) => (await import('./payables')).amountDueForInspection(metadata.articleId, payer),
    publicite: async (metadata, payer) => (metadata.publiciteId ? (await import('./payables')).amountDueForPublicite(metadata.publiciteId, payer) : undefined),
  },
  jobs: {
    /** Hourly: ends the advertisements whose window is over and clears their listing flags. */
    expireAdvertisements: {
      ...HOURLY,
      run: async () => {
        const { expireEnded } = await import('./publicites/service');
        const { expired } = await expireEnded();
        logger.info('advertisements expired', { expired });
      },
    },
    /** Hourly: inspection reports the buyer did not decide on in VERIFICATION_DECISION_DAYS close as accepted. */
    closeLapsedVerificationDecisions: {
      ...HOURLY,
      run: async () => {
        const { closeLapsedDecisions } = await import('./inspection/buyer');
        logger.info('lapsed verification decisions closed', await closeLapsedDecisions());
      },
    },
    /** Hourly: parts of sellers whose trial and subscription are over leave public view (their boosts end). */
    hideLapsedSellerParts: {
      ...HOURLY,
      run: async () => {
        const { hideLapsedSellerParts } = await import('./seller-parts');
        logger.info('lapsed sellers parts', await hideLapsedSellerParts());
      },
    },
    /** Every 10 minutes: listings viewed since the last run get their view count on the listing (`views`). */
    rollUpViews: {
      kind: 'schedule',
      schedule: '*/10 * * * *',
      timeZone: 'Africa/Porto-Novo',
      run: async () => {
        const { rollUpViews } = await import('./views/service');
        logger.info('views rolled up', await rollUpViews());
      },
    },
    /** Hourly: stored files nothing references, once their grace period is over, are deleted. */
    cleanUploads: {
      ...HOURLY,
      run: async () => {
        const { cleanUploads } = await import('./uploads/cleanup');
        logger.info('uploads cleaned', await cleanUploads());
      },
    },
  },
  schemas: async () => [(await import('./schemas')).ArticleInput],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
