/** The health domain's manifest (core/module.ts): the service's health check. */
import type { DomainModule } from '../../core/module';

export const manifest = {
  name: 'health',
  routers: [{ group: 'core', paths: ['/'], load: async () => (await import('./routes')).router }],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
