/**
 * The routers of the `catalog` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/api/articles'], load: async () => (await import('../domains/catalog/routes')).router },
  { paths: ['/api/public'], load: async () => (await import('../domains/catalog/public-routes')).router },
  { paths: ['/api/views'], load: async () => (await import('../domains/catalog/views/routes')).router },
  { paths: ['/api/publicites', '/api/public'], load: async () => (await import('../domains/catalog/publicites/routes')).router },
  { paths: ['/api/upload'], load: async () => (await import('../domains/catalog/uploads/routes')).router },
  { paths: ['/api/upload'], load: async () => (await import('../domains/catalog/kyc/routes')).router },
  // Signed links to the register's private files (admin/documents), served where the local driver points them.
  { paths: ['/api/upload/signed'], load: async () => (await import('../domains/admin/documents/signed-routes')).router },
  // Driver requests are commerce (DOMAIN.md); the catalog function serves their prefix (groups.ts).
  { paths: ['/api/chauffeurs'], load: async () => (await import('../domains/commerce/chauffeurs/routes')).router },
  // Tricycle drivers and contacts are logistics (DOMAIN.md); the catalog function serves their prefix (groups.ts).
  { paths: ['/api/tricycles'], load: async () => (await import('../domains/logistics/tricycles/routes')).router },
  // Paid inspections of listings.
  { paths: ['/api/verification'], load: async () => (await import('../domains/catalog/verification/routes')).router },
];
