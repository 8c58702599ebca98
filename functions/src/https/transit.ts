/**
 * The routers of the `transit` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/transit-missions'], load: async () => (await import('../domains/transit/routes')).router },
  { paths: ['/api/transit'], load: async () => (await import('../domains/transit/routes')).aliasRouter },
  { paths: ['/api/transitaires'], load: async () => (await import('../domains/transit/verification/routes')).router },
  { paths: ['/api/transitaire-reviews'], load: async () => (await import('../domains/transit/reviews/routes')).router },
  { paths: ['/api/transitaires'], load: async () => (await import('../domains/transit/directory/routes')).router },
];
