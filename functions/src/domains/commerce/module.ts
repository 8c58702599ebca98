/** The commerce domain's manifest (core/module.ts): purchases, orders, invoices and driver requests. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'commerce',
  errors,
  routers: [
    { group: 'commerce', paths: ['/api/achat'], load: async () => (await import('./achats/routes')).router },
    { group: 'commerce', paths: ['/api/orders'], load: async () => (await import('./orders/routes')).router },
    { group: 'commerce', paths: ['/api/invoices'], load: async () => (await import('./invoices/routes')).router },
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
  schemas: async () => [(await import('./schemas')).OrderInput],
} satisfies DomainModule;
