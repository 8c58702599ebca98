/**
 * The routers of the `core` function, in mounting order (groups.ts: its prefixes and secrets), each
 * with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  { paths: ['/'], load: async () => (await import('../domains/health/routes')).router },
  { paths: ['/api-docs', '/api-docs.json'], load: async () => (await import('../domains/docs/routes')).router },
  { paths: ['/api/auth', '/api/protected', '/api/users'], load: async () => (await import('../domains/identity/routes')).router },
  { paths: ['/api/settings'], load: async () => (await import('../domains/settings/routes')).router },
  { paths: ['/api/geo'], load: async () => (await import('../domains/geo/routes')).router },
  { paths: ['/api/push-otp', '/api/auth', '/api/messaging'], load: async () => (await import('../domains/account-security/routes')).router },
  { paths: ['/api/notifications'], load: async () => (await import('../domains/notifications/routes')).router },
];
