/**
 * The published description: `/api-docs.json` (OpenAPI 3.0.0) and Swagger UI at `/api-docs`.
 * The document is built on first request (it loads every domain's routes, which the rest of this
 * function does not need) and kept for the life of the instance.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { ApiRouter } from '../../core/http';
import { serviceDocument } from '../../core/service-document';

/* eslint-disable @typescript-eslint/no-require-imports -- lazy: Swagger UI costs ~120 ms to load */
type SwaggerUi = typeof import('swagger-ui-express');
let swaggerUi: SwaggerUi | undefined;
const swagger = (): SwaggerUi => (swaggerUi ??= require('swagger-ui-express') as SwaggerUi);
/* eslint-enable @typescript-eslint/no-require-imports */

/** A handler built on first use, so the function's cold start does not load Swagger UI. */
function lazy(build: () => RequestHandler | RequestHandler[]): RequestHandler {
  let handlers: RequestHandler[] | undefined;
  return (req, res, next) => {
    handlers ??= [build()].flat();
    const run = (index: number, error?: unknown): void => {
      if (error !== undefined || index === handlers!.length) return next(error);
      void handlers![index](req, res, (err?: unknown) => run(index + 1, err));
    };
    run(0);
  };
}

const swaggerOptions = { url: '/api-docs.json' };
/**
 * The page's policy: the service's own (helmet's defaults), and images from `blob:` URLs, through
 * which Swagger UI shows an image answer of Try it out (a listing's photo).
 */
const pagePolicy = helmet.contentSecurityPolicy({ directives: { 'img-src': ["'self'", 'data:', 'blob:'] } });
const swaggerPage = lazy(() => swagger().setup(undefined, { customSiteTitle: 'Vehicle marketplace API', swaggerOptions }));

// The page loads its scripts and styles by relative URLs, so it must be served from `/api-docs/`.
const redirectToSlash: RequestHandler = (req, res, next) => {
  if (!req.originalUrl.split('?')[0].endsWith('/')) {
    res.redirect(301, '/api-docs/');
    return;
  }
  next();
};

const serveDocument: RequestHandler = async (_req, res) => {
  res.json(await serviceDocument());
};

export const router = new ApiRouter()
  .raw({
    // Public, as the spec says: the description of the service.
    access: 'public',
    method: 'get',
    path: '/api-docs.json',
    operationId: 'getOpenApiDocument',
    tags: ['Documentation'],
    summary: 'The OpenAPI 3.0.0 document',
    description: 'This document, generated from the routes’ declarations (the same as `openapi/openapi.json` in the repository, examples included). Client generators, Swagger UI, Redocly and Spectral read it.',
    contentTypes: ['application/json'],
    handlers: [serveDocument],
  })
  .raw({
    access: 'public',
    method: 'get',
    path: '/api-docs',
    operationId: 'getApiDocsPage',
    tags: ['Documentation'],
    summary: 'Interactive documentation (Swagger UI)',
    description: 'Swagger UI on this document: each operation with the request and the answer of a recorded run of the demo data. “Try it out” calls this service with the ID token and the headers given to it.',
    contentTypes: ['text/html'],
    handlers: [redirectToSlash, pagePolicy, swaggerPage],
  });

// Swagger UI's static files (`/api-docs/swagger-ui.css`, ...): assets, not API routes.
router.express.use('/api-docs', lazy(() => swagger().serveFiles(undefined, { swaggerOptions })));
