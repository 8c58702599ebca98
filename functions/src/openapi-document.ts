/** The service's OpenAPI document: every router of every function, and the spec's named schemas. */
import type { z } from 'zod';
import { API_VERSION } from './api-version';
import type { ApiRouter } from './core/http';
import { buildOpenApiDocument } from './core/openapi';
import { type OperationExamples, withExamples } from './core/openapi-examples';
import { PaginationQuery } from './core/pagination';
import { installErrorCodes } from './error-codes';
import { MODULES } from './modules';
import { DOCUMENT_TAGS } from './openapi-tags';
// Recorded by `npm run examples` from a run of the demo data (src/cli/record-examples.ts).
import recorded from './openapi-examples.json';

/**
 * The named shared schemas of the spec, published even before their routes exist: each module's
 * `schemas` (in the order of the modules), then the pagination query every list shares.
 */
async function sharedSchemas(): Promise<z.ZodType[]> {
  const lists = await Promise.all(MODULES.map((module) => module.schemas?.() ?? []));
  return [...(lists.flat() as z.ZodType[]), PaginationQuery];
}

/** The document of `routers` (groups.ts's `allRouters()`: passed in, since groups.ts serves this document). */
export async function serviceDocument(routers: ApiRouter[]) {
  // Each route's error responses give its codes' statuses and messages (the CLI calls this without an app).
  installErrorCodes();
  const schemas = await sharedSchemas();
  const document = buildOpenApiDocument(
    {
      title: 'Vehicle marketplace service',
      version: API_VERSION,
      description:
        'Backend of the vehicle marketplace (Benin and neighbours; amounts in XOF). Errors are `ApiError` bodies ' +
        'with a stable `code` and a `message` in the language of `Accept-Language` (fr by default, en).',
      license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      contact: { name: 'Vehicle marketplace backend team' },
    },
    routers,
    schemas,
    DOCUMENT_TAGS,
  );
  return withExamples(document, recorded as unknown as OperationExamples);
}
