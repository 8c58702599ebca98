/**
 * The routers of the `admin` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/admin'], load: async () => (await import('../domains/catalog/publicites/routes')).pricingRouter },
  { paths: ['/api/admin'], load: async () => (await import('../domains/pricing/routes')).router },
  { paths: ['/api/admin/events'], load: async () => (await import('../domains/admin/events/routes')).router },
  { paths: ['/api/admin/stats'], load: async () => (await import('../domains/admin/stats/routes')).router },
  { paths: ['/api/admin/reconciliation'], load: async () => (await import('../domains/admin/reconciliation/routes')).router },
  { paths: ['/api/admin/documents'], load: async () => (await import('../domains/admin/documents/routes')).router },
  { paths: ['/api/admin/audit'], load: async () => (await import('../domains/admin/audit/routes')).router },
];
