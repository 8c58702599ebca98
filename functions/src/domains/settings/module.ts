/** The settings domain's manifest (core/module.ts): each user's settings. */
import type { DomainModule } from '../../core/module';

export const manifest = {
  name: 'settings',
  routers: [{ group: 'core', paths: ['/api/settings'], load: async () => (await import('./routes')).router }],
  schemas: async () => [(await import('./schemas')).UserSettings],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
