/** The subscriptions domain's manifest (core/module.ts): sellers' and forwarders' subscriptions. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'subscriptions',
  errors,
  routers: [{ group: 'payments', paths: ['/api/payments'], load: async () => (await import('./routes')).router }],
  subscribers: async () => (await import('./subscribers')).subscribers,
  notices: async () => (await import('./notices')).notices,
  tells: async () => (await import('./tells')).tells,
  payables: {
    abonnement: async (metadata, payer) => (await import('./payables')).amountDue('vendeur', metadata.months, payer),
    abonnement_transitaire: async (metadata, payer) => (await import('./payables')).amountDue('transitaire', metadata.months, payer),
  },
} satisfies DomainModule;
