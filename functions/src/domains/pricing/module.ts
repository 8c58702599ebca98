/** The pricing domain's manifest (core/module.ts): the admins' price grids. */
import type { DomainModule } from '../../core/module';

export const manifest = {
  name: 'pricing',
  routers: [{ group: 'admin', paths: ['/api/admin'], load: async () => (await import('./routes')).router }],
  examples: async () => (await import('./examples')).steps,
} satisfies DomainModule;
