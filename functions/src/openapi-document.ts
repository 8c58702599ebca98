/** The service's OpenAPI document: every router of every function, and the spec's named schemas. */
import type { z } from 'zod';
import { config } from './core/config';
import type { ApiRouter } from './core/http';
import { buildOpenApiDocument } from './core/openapi';
import { PaginationQuery } from './core/pagination';
import { PasswordResetRequest, ResetPassword, VerifyResetCode, WebSessionStart } from './domains/account-security/schemas';
import { ArticleInput } from './domains/catalog/schemas';
import { ChatMessage } from './domains/chat/schemas';
import { OrderInput } from './domains/commerce/schemas';
import { GeoPoint } from './domains/geo/schemas';
import { RegisterRequest } from './domains/identity/schemas';
import { DeliveryInput } from './domains/logistics/schemas';
import { UserSettings } from './domains/settings/schemas';

/** The named shared schemas of the spec, published even before their routes exist. */
const SHARED_SCHEMAS: z.ZodType[] = [
  RegisterRequest,
  WebSessionStart,
  PasswordResetRequest,
  VerifyResetCode,
  ResetPassword,
  UserSettings,
  ArticleInput,
  OrderInput,
  DeliveryInput,
  ChatMessage,
  GeoPoint,
  PaginationQuery,
];

/** The document of `routers` (groups.ts's `allRouters()`: passed in, since groups.ts serves this document). */
export function serviceDocument(routers: ApiRouter[]) {
  const settings = config();
  return buildOpenApiDocument(
    {
      title: 'Vehicle marketplace service',
      version: settings.SERVICE_VERSION,
      description:
        'Backend of the vehicle marketplace (Benin and neighbours; amounts in XOF). Errors are `ApiError` bodies ' +
        'with a stable `code` and a `message` in the language of `Accept-Language` (fr by default, en).',
    },
    routers,
    SHARED_SCHEMAS,
  );
}
