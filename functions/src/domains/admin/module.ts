/**
 * The admin domain's manifest (core/module.ts): events, dashboard statistics, the reconciliation,
 * stored documents and the audit trail.
 */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'admin',
  errors,
  routers: [
    { group: 'admin', paths: ['/api/admin/events'], load: async () => (await import('./events/routes')).router },
    { group: 'admin', paths: ['/api/admin/stats'], load: async () => (await import('./stats/routes')).router },
    { group: 'admin', paths: ['/api/admin/reconciliation'], load: async () => (await import('./reconciliation/routes')).router },
    { group: 'admin', paths: ['/api/admin/documents'], load: async () => (await import('./documents/routes')).router },
    { group: 'admin', paths: ['/api/admin/audit'], load: async () => (await import('./audit/routes')).router },
    // Signed links to the register's private files (documents/), served where the local driver points them.
    { group: 'catalog', paths: ['/api/upload/signed'], load: async () => (await import('./documents/signed-routes')).router },
  ],
  subscribers: async () => [...(await import('./stats/subscribers')).subscribers, ...(await import('./documents/subscribers')).subscribers],
  jobs: {
    /**
     * Daily at 03:00 of the business time zone: the reconciliation of the money (reconciliation/),
     * its report written to `reconciliationReports/{YYYY-MM-DD}`; it never writes money.
     */
    reconcileMoney: {
      kind: 'schedule',
      schedule: '0 3 * * *',
      timeZone: 'business',
      timeoutSeconds: 540,
      memory: '512MiB',
      run: async () => {
        const { reconcileAndStore } = await import('./reconciliation/service');
        const outcome = await reconcileAndStore();
        if (outcome.breaks > 0) logger.error('money reconciliation found breaks', outcome);
        else logger.info('money reconciliation', outcome);
      },
    },
  },
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
