/** The docs domain's manifest (core/module.ts): the OpenAPI document and its Swagger UI. */
import type { DomainModule } from '../../core/module';

export const manifest = {
  name: 'docs',
  routers: [{ group: 'core', paths: ['/api-docs', '/api-docs.json'], load: async () => (await import('./routes')).router }],
} satisfies DomainModule;
