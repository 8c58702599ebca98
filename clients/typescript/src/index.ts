/**
 * @marketplace/client: the typed client of the vehicle marketplace API (README.md beside src/).
 * REST only: nothing here loads the Firebase SDK; the realtime listeners are
 * `@marketplace/client/realtime` (src/realtime/).
 */
export { createMarketplaceClient, type Language, type MarketplaceClient, type MarketplaceClientOptions, type SuccessBody } from './client.js';
export { ApiError, isApiError, UNEXPECTED_RESPONSE, type ApiErrorDetail, type ClientErrorCode, type ErrorCodeOf } from './errors.js';
export { ERROR_CODES, type ErrorCode, type OperationErrorCodes } from './generated/error-codes.js';
export type { components, operations, paths } from './generated/openapi.js';
export { IDEMPOTENT_PAYMENT_STARTS, newIdempotencyKey } from './idempotency.js';
export type { RetryOptions } from './retry.js';
