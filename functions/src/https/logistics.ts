/**
 * The routers of the `logistics` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/delivery-zones'], load: async () => (await import('../domains/logistics/zones/routes')).router },
  { paths: ['/api/livreurs'], load: async () => (await import('../domains/logistics/livreurs/routes')).router },
  { paths: ['/api/deliveries'], load: async () => (await import('../domains/logistics/deliveries/routes')).router },
];
