/**
 * The deployed HTTPS functions and the prefixes each serves (ARCHITECTURE.md's table). Firebase
 * Hosting rewrites each prefix to its function (firebase.json; a test keeps the two in step).
 * Each function's routers are those the modules declare for it (`https/<name>.ts` gathers them
 * from modules.ts), imported only when its app is built, each loaded by the first request under its
 * paths: a function loads only its own domains, and at first only those its first request needs. The deployed build bundles each of those lists with the app
 * into one file per function (functions/scripts/bundle.mjs).
 */
import type { ApiRouter, RouterSource } from './core/http';
import type { SecretName } from './core/secrets';

export { REGION } from './core/region';

export interface FunctionGroup {
  prefixes: readonly string[];
  /** Secrets the function's code reads: bound by index.ts, the only ones it may read (core/secrets.ts). */
  secrets: readonly SecretName[];
  /** The function's routers (`https/<name>.ts`, from the modules), in mounting order, each loaded on demand. */
  routers(): Promise<readonly RouterSource[]>;
}

export const FUNCTION_GROUPS = {
  core: {
    prefixes: ['/', '/api-docs', '/api-docs.json', '/api/auth', '/api/protected', '/api/push-otp', '/api/users', '/api/settings', '/api/notifications', '/api/messaging', '/api/geo'],
    secrets: ['OTP_HMAC_SECRET', 'WHATSAPP_ACCESS_TOKEN', 'MESSAGING_APP_SECRET', 'MESSAGING_WEBHOOK_VERIFY_TOKEN', 'CAPTCHA_SECRET'],
    routers: async () => (await import('./https/core')).routers,
  },
  catalog: {
    prefixes: ['/api/articles', '/api/public', '/api/upload', '/api/publicites', '/api/views', '/api/tricycles', '/api/chauffeurs', '/api/verification'],
    secrets: [],
    routers: async () => (await import('./https/catalog')).routers,
  },
  commerce: {
    prefixes: ['/api/achat', '/api/orders', '/api/invoices', '/api/chat', '/api/litiges'],
    secrets: [],
    routers: async () => (await import('./https/commerce')).routers,
  },
  logistics: {
    prefixes: ['/api/deliveries', '/api/delivery-zones', '/api/livreurs'],
    secrets: [],
    routers: async () => (await import('./https/logistics')).routers,
  },
  payments: {
    prefixes: ['/api/payments', '/api/wallet'],
    secrets: ['FEEXPAY_API_TOKEN', 'FEEXPAY_CALLBACK_SECRET'],
    routers: async () => (await import('./https/payments')).routers,
  },
  transit: {
    prefixes: ['/api/transitaires', '/api/transit-missions', '/api/transit', '/api/transitaire-reviews'],
    secrets: [],
    routers: async () => (await import('./https/transit')).routers,
  },
  agents: {
    prefixes: ['/api/agents', '/api/referrals', '/api/demo-events'],
    secrets: [],
    routers: async () => (await import('./https/agents')).routers,
  },
  admin: {
    prefixes: ['/api/admin'],
    secrets: [],
    routers: async () => (await import('./https/admin')).routers,
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

/** Every router of every function, loaded (the full app of tests and tools, the OpenAPI document). */
export async function allRouters(): Promise<ApiRouter[]> {
  const sources = (await Promise.all(FUNCTION_NAMES.map((name) => FUNCTION_GROUPS[name].routers()))).flat();
  // Types only from core/http: index.ts imports this file, and must not load the route machinery.
  return Promise.all(sources.map((source) => ('load' in source ? source.load() : source)));
}
