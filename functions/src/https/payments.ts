/**
 * The routers of the `payments` function, in mounting order (groups.ts: its prefixes and secrets),
 * each with the paths its routes live under: a router is loaded by the first request under them.
 */
import type { LazyRouter } from '../core/http';

export const routers: LazyRouter[] = [
  {
    paths: ['/api/payments'],
    load: async () => {
      // What each payment type costs, registered by the domains that sell it (payables.ts).
      await import('../payables');
      return (await import('../domains/payments/routes')).router;
    },
  },
  { paths: ['/api/payments'], load: async () => (await import('../domains/subscriptions/routes')).router },
  { paths: ['/api/wallet'], load: async () => (await import('../domains/wallet/routes')).router },
];
