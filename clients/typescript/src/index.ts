/**
 * @marketplace/client: the typed client of the vehicle marketplace API (README.md beside src/).
 */
export { createMarketplaceClient, type Language, type MarketplaceClient, type MarketplaceClientOptions, type SuccessBody } from './client';
export { ApiError, isApiError, UNEXPECTED_RESPONSE, type ApiErrorDetail, type ClientErrorCode, type ErrorCodeOf } from './errors';
export { ERROR_CODES, type ErrorCode, type OperationErrorCodes } from './generated/error-codes';
export type { components, operations, paths } from './generated/openapi';
export { IDEMPOTENT_PAYMENT_STARTS, newIdempotencyKey } from './idempotency';
export {
  listenToChatMessages,
  listenToDeliveryTracking,
  listenToFeed,
  listenToMissionFeed,
  type ChatListenOptions,
  type ChatMessageDocument,
  type DeliveryOfferEvent,
  type DeliveryTracking,
  type FeedEvent,
  type FeedOptions,
  type ListenOptions,
  type MissionStatus,
  type MissionUpdateEvent,
} from './realtime';
