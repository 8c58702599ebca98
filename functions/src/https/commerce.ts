/**
 * The routers of the `commerce` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/achat'], load: async () => (await import('../domains/commerce/achats/routes')).router },
  { paths: ['/api/chat'], load: async () => (await import('../domains/chat/routes')).router },
  { paths: ['/api/orders'], load: async () => (await import('../domains/commerce/orders/routes')).router },
  { paths: ['/api/invoices'], load: async () => (await import('../domains/commerce/invoices/routes')).router },
];
