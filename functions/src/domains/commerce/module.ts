/** The commerce domain's manifest (core/module.ts): purchases, orders, invoices and driver requests. */
import * as logger from 'firebase-functions/logger';
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'commerce',
  errors,
  routers: [
    { group: 'commerce', paths: ['/api/achat'], load: async () => (await import('./achats/routes')).router },
    { group: 'commerce', paths: ['/api/orders'], load: async () => (await import('./orders/routes')).router },
    { group: 'commerce', paths: ['/api/invoices'], load: async () => (await import('./invoices/routes')).router },
    { group: 'commerce', paths: ['/api/litiges'], load: async () => (await import('./disputes/routes')).router },
    // Admins decide disputes and stale handovers of commerce's sales; the admin function serves the prefix.
    { group: 'admin', paths: ['/api/admin/litiges'], load: async () => (await import('./disputes/admin-routes')).router },
    { group: 'admin', paths: ['/api/admin/remises-en-retard'], load: async () => (await import('./handover/admin-routes')).router },
    // Driver requests are commerce (DOMAIN.md); the catalog function serves their prefix (groups.ts).
    { group: 'catalog', paths: ['/api/chauffeurs'], load: async () => (await import('./chauffeurs/routes')).router },
  ],
  subscribers: async () => (await import('./subscribers')).subscribers,
  notices: async () => (await import('./notices')).notices,
  tells: async () => (await import('./tells')).tells,
  payables: {
    achat: async (metadata, payer) => (metadata.achatId ? (await import('./payables')).amountDueForAchat(metadata.achatId, payer) : undefined),
    commande: async (metadata, payer) => (metadata.commandeId ? (await import('./payables')).amountDueForOrder(metadata.commandeId, payer) : undefined),
  },
  jobs: {
    /** Hourly: open disputes past DISPUTE_DECISION_DAYS escalated to `principal` (disputes/escalation.ts). */
    escalateDisputes: {
      kind: 'schedule',
      schedule: '0 * * * *',
      timeZone: 'business',
      run: async () => {
        const { escalateLateDisputes } = await import('./disputes/escalation');
        logger.info('disputes escalated', await escalateLateDisputes());
      },
    },
    /** Daily at 09:00: paid sales nobody handed over for HANDOVER_REMINDER_DAYS, their parties reminded, listed for admins (handover/stale.ts). */
    remindStaleHandovers: {
      kind: 'schedule',
      schedule: '0 9 * * *',
      timeZone: 'business',
      run: async () => {
        const { remindStaleHandovers } = await import('./handover/stale');
        logger.info('stale handovers reminded', await remindStaleHandovers());
      },
    },
  },
  schemas: async () => [(await import('./schemas')).OrderInput],
  examples: async () => ({ ...(await import('./examples')).steps, ...(await import('./handover/examples')).steps }),
} satisfies DomainModule;
