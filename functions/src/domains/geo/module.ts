/** The geo domain's manifest (core/module.ts): countries, served land, distances. */
import type { DomainModule } from '../../core/module';

export const manifest = {
  name: 'geo',
  routers: [{ group: 'core', paths: ['/api/geo'], load: async () => (await import('./routes')).router }],
  schemas: async () => [(await import('./schemas')).GeoPoint],
} satisfies DomainModule;
