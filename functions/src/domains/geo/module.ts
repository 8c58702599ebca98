/** The geo domain's manifest (core/module.ts): countries, served land, distances. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'geo',
  errors,
  routers: [{ group: 'core', paths: ['/api/geo'], load: async () => (await import('./routes')).router }],
  schemas: async () => [(await import('./schemas')).GeoPoint],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
