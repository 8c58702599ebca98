/** The routers of the `logistics` function, in mounting order, each with the paths its routes live under. */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/deliveries'], load: async () => (await import('../domains/logistics/deliveries/routes')).router },
];
