/**
 * The deployed HTTPS functions and the prefixes each serves (ARCHITECTURE.md's table). Firebase
 * Hosting rewrites each prefix to its function (firebase.json; a test keeps the two in step).
 * Routers are imported lazily, so a function loads only its own domains at cold start.
 */
import type { ApiRouter } from './core/http';
import type { SecretName } from './core/secrets';

export { REGION } from './core/region';

export interface FunctionGroup {
  prefixes: readonly string[];
  /** Secrets the function's code reads: bound by index.ts, the only ones it may read (core/secrets.ts). */
  secrets: readonly SecretName[];
  routers(): Promise<ApiRouter[]>;
}

const none = async (): Promise<ApiRouter[]> => [];

export const FUNCTION_GROUPS = {
  core: {
    prefixes: ['/', '/api-docs', '/api-docs.json', '/api/auth', '/api/protected', '/api/push-otp', '/api/users', '/api/settings', '/api/notifications', '/api/messaging', '/api/geo'],
    secrets: ['OTP_HMAC_SECRET', 'WHATSAPP_ACCESS_TOKEN', 'MESSAGING_APP_SECRET', 'MESSAGING_WEBHOOK_VERIFY_TOKEN', 'CAPTCHA_SECRET'],
    routers: async () => [
      (await import('./domains/health/routes')).router,
      // The document describes every router, this one included: built here, where they are listed.
      (await import('./domains/docs/routes')).docsRouter(async () => (await import('./openapi-document')).serviceDocument(await allRouters())),
      (await import('./domains/identity/routes')).router,
      (await import('./domains/settings/routes')).router,
      (await import('./domains/geo/routes')).router,
      (await import('./domains/account-security/routes')).router,
      (await import('./domains/notifications/routes')).router,
    ],
  },
  catalog: {
    prefixes: ['/api/articles', '/api/public', '/api/upload', '/api/publicites', '/api/views', '/api/tricycles', '/api/chauffeurs', '/api/verification'],
    secrets: [],
    routers: async () => [
      (await import('./domains/catalog/routes')).router,
      (await import('./domains/catalog/public-routes')).router,
      (await import('./domains/catalog/views-routes')).router,
      (await import('./domains/catalog/publicite-routes')).router,
      (await import('./domains/catalog/upload-routes')).router,
      (await import('./domains/catalog/kyc-routes')).router,
    ],
  },
  commerce: {
    prefixes: ['/api/achat', '/api/orders', '/api/invoices', '/api/chat'],
    secrets: [],
    routers: async () => [(await import('./domains/commerce/achat-routes')).router],
  },
  logistics: { prefixes: ['/api/deliveries', '/api/delivery-zones', '/api/livreurs'], secrets: [], routers: none },
  payments: {
    prefixes: ['/api/payments', '/api/wallet'],
    secrets: ['FEEXPAY_API_TOKEN', 'FEEXPAY_CALLBACK_SECRET'],
    routers: async () => {
      // What each payment type costs, registered by the domains that sell it (payables.ts).
      await import('./payables');
      return [
        (await import('./domains/payments/routes')).router,
        (await import('./domains/subscriptions/routes')).router,
        (await import('./domains/wallet/routes')).router,
      ];
    },
  },
  transit: {
    prefixes: ['/api/transitaires', '/api/transit-missions', '/api/transit', '/api/transitaire-reviews'],
    secrets: [],
    routers: async () => {
      const missions = await import('./domains/transit/routes');
      return [
        missions.router,
        missions.aliasRouter,
        (await import('./domains/transit/verification-routes')).router,
        (await import('./domains/transit/reviews-routes')).router,
        (await import('./domains/transit/directory-routes')).router,
      ];
    },
  },
  agents: { prefixes: ['/api/agents', '/api/referrals', '/api/demo-events'], secrets: [], routers: none },
  admin: {
    prefixes: ['/api/admin'],
    secrets: [],
    routers: async () => [
      (await import('./domains/catalog/publicite-routes')).pricingRouter,
      (await import('./domains/pricing/routes')).router,
      (await import('./domains/admin/events-routes')).router,
    ],
  },
} satisfies Record<string, FunctionGroup>;

export type FunctionName = keyof typeof FUNCTION_GROUPS;

/**
 * Hosting's last rewrite (the regex `.*`, which unlike a glob also matches segments that start with
 * a dot) sends every path no prefix serves to this function, whose 404 is an ApiError: otherwise
 * Hosting answers its own HTML 404 page, which no client can read.
 */
export const CATCH_ALL_FUNCTION: FunctionName = 'core';
export const FUNCTION_NAMES = Object.keys(FUNCTION_GROUPS) as FunctionName[];

/** The secrets of every function: what the one app of every route (tests, local tools) may read. */
export const ALL_SECRETS: readonly SecretName[] = [...new Set(FUNCTION_NAMES.flatMap((name) => FUNCTION_GROUPS[name].secrets))];

export async function allRouters(): Promise<ApiRouter[]> {
  return (await Promise.all(FUNCTION_NAMES.map((name) => FUNCTION_GROUPS[name].routers()))).flat();
}
