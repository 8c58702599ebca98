/**
 * The routers of the `agents` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/agents'], load: async () => (await import('../domains/agents/routes')).router },
  { paths: ['/api/agents'], load: async () => (await import('../domains/agents/admin-routes')).router },
  { paths: ['/api/referrals'], load: async () => (await import('../domains/agents/referrals/routes')).router },
  { paths: ['/api/demo-events'], load: async () => (await import('../domains/agents/demo/routes')).router },
];
