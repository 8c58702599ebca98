/** The identity domain's manifest (core/module.ts): accounts, profiles and sign-up. */
import type { DomainModule } from '../../core/module';
import { errors } from './errors';

export const manifest = {
  name: 'identity',
  errors,
  routers: [{ group: 'core', paths: ['/api/auth', '/api/protected', '/api/users'], load: async () => (await import('./routes')).router }],
  subscribers: async () => (await import('./subscribers')).subscribers,
  schemas: async () => [(await import('./schemas')).RegisterRequest],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
