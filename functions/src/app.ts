/**
 * Builds an Express app from domain routers, with the HTTP core every route inherits: request id,
 * security headers, CORS for all origins, the JSON body limit, then the routes, then the one
 * 404 and error handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { config } from './core/config';
import { errorHandler, notFoundHandler } from './core/errors';
import type { ApiRouter, LazyRouter, RouterSource } from './core/http';
import { bodyLimit } from './core/body-limit';
import { requestContext } from './core/request-context';
import { declareSecrets, type SecretName, withSecrets } from './core/secrets';
import { ALL_SECRETS, allRouters, FUNCTION_GROUPS, type FunctionName } from './groups';
import { useServiceDocument } from './core/service-document';
import { useAppCheckVerifier } from './core/app-check';
import { installErrorCodes } from './error-codes';
import { installSubscribers } from './install-subscribers';
import { installPayables } from './payables';

function keepRawBody(req: IncomingMessage, _res: ServerResponse, buffer: Buffer): void {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody ??= buffer;
}

export function createApp(routers: readonly RouterSource[], secrets: readonly SecretName[] = []): Express {
  // Every domain's error codes, whichever routers this app loads: a code is answered with its status and messages.
  installErrorCodes();
  // Events emitted by a request may be dispatched in it (a payment's effect): dispatch needs the list.
  installSubscribers();
  // A payment's start asks the domain that sells it what it costs (data only: each answer loads its code when asked).
  installPayables();
  // The documentation routes serve the document of every router (its own bundle once deployed).
  useServiceDocument(async () => (await import('./openapi-document')).serviceDocument(await allRouters()));
  // App Check tokens are verified by the adapter APP_CHECK_DRIVER names, loaded with the first token.
  useAppCheckVerifier(async () => (await import('./adapters/app-check/verifier')).appCheckVerifier());
  const app = express();
  app.disable('x-powered-by');
  // Client addresses come from core/client-ip.ts, which knows which X-Forwarded-For entries to trust.
  app.set('trust proxy', false);
  app.use(requestContext);
  app.use(helmet());
  app.use(cors({ exposedHeaders: ['X-Request-Id'] }));
  app.use(bodyLimit);
  // Keep the raw bytes, as Cloud Functions does, for signature checks of partner callbacks.
  app.use(express.json({ limit: config().JSON_BODY_LIMIT, verify: keepRawBody }));
  // Every request runs with the function's declared secrets only, as deployed (core/secrets.ts).
  // After the body is parsed, whose stream events would lose the scope; route handlers enter it
  // again from the request (core/http.ts), since a file upload's body is read the same way.
  app.use((req, res, next) => withSecrets(declareSecrets(res, secrets), next));
  for (const router of routers) app.use('load' in router ? mountOnDemand(router) : router.express);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/**
 * A lazy router's middleware: requests under none of its paths pass by without loading it; the
 * first one under a path loads it (once) and every one under its paths goes through it, in the
 * same order among routers as if it had been mounted loaded. Paths compare as Express matches
 * routes: case-insensitively, with or without a trailing slash.
 */
function mountOnDemand(source: LazyRouter): RequestHandler {
  const paths = source.paths.map((path) => path.toLowerCase());
  let router: Promise<ApiRouter> | undefined;
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    if (!paths.some((prefix) => path === prefix || (prefix !== '/' && path.startsWith(`${prefix}/`)))) return next();
    void (router ??= source.load()).then((loaded) => loaded.express(req, res, next), next);
  };
}

/** The app of one deployed function: its routers are loaded by the requests that need them. */
export async function createFunctionApp(name: FunctionName): Promise<Express> {
  return createApp(await FUNCTION_GROUPS[name].routers(), FUNCTION_GROUPS[name].secrets);
}

/** Every route in one app, every router loaded: tests and local tools. */
export async function createFullApp(): Promise<Express> {
  return createApp(await allRouters(), ALL_SECRETS);
}
