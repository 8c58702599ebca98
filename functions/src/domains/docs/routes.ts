/**
 * The published description: `/api-docs.json` (OpenAPI 3.0.0) and Swagger UI at `/api-docs`.
 * The document is built on first request (it loads every domain's routes, which the rest of this
 * function does not need) and kept for the life of the instance.
 */
import type { RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import { ApiRouter } from '../../core/http';

let documentPromise: Promise<object> | undefined;
const document = () => (documentPromise ??= import('../../openapi-document').then((module) => module.serviceDocument()));

const serveDocument: RequestHandler = async (_req, res) => {
  res.json(await document());
};

const swaggerPage = swaggerUi.setup(undefined, {
  customSiteTitle: 'Vehicle marketplace API',
  swaggerOptions: { url: '/api-docs.json' },
});

// The page loads its scripts and styles by relative URLs, so it must be served from `/api-docs/`.
const redirectToSlash: RequestHandler = (req, res, next) => {
  if (!req.originalUrl.split('?')[0].endsWith('/')) {
    res.redirect(301, '/api-docs/');
    return;
  }
  next();
};

export const router = new ApiRouter()
  .raw({
    method: 'get',
    path: '/api-docs.json',
    tags: ['Documentation'],
    summary: 'The OpenAPI 3.0.0 document',
    contentType: 'application/json',
    handlers: [serveDocument],
  })
  .raw({
    method: 'get',
    path: '/api-docs',
    tags: ['Documentation'],
    summary: 'Interactive documentation (Swagger UI)',
    contentType: 'text/html',
    handlers: [redirectToSlash, swaggerPage],
  });

// Swagger UI's static files (`/api-docs/swagger-ui.css`, ...): assets, not API routes.
router.express.use('/api-docs', swaggerUi.serveFiles(undefined, { swaggerOptions: { url: '/api-docs.json' } }));
