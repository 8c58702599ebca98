/** The routers of the `logistics` function, each loaded by the first request under its paths. */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/livreurs'], load: async () => (await import('../domains/logistics/livreurs/routes')).router },
];
