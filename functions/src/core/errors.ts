/**
 * ApiError and the one error handler. Every failure leaves the service as an `ApiError` body:
 * `{ success: false, code, message, details? }`, the message in the caller's language.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import * as logger from 'firebase-functions/logger';
import { type ErrorCode, errorDeclaration, statusOf } from './error-codes';
import { messageFor } from './i18n';
import { requestLanguage, requestIdOf } from './request-context';

export interface ErrorDetail {
  /** Where the problem is: `body.telephone`, `query.limit`, `params.id`. */
  field: string;
  /** A stable machine reason (zod's issue code, or our own). */
  reason: string;
  /** A human hint, in English (details are for developers; `message` is for users). */
  hint?: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: ErrorDetail[],
    /** Headers the answer carries (a refusal's `Retry-After`, set where no response is at hand). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(code);
  }

  /** Read when answered, not when thrown: a domain's codes are installed by the composition root (src/error-codes.ts). */
  get status(): number {
    return statusOf(this.code);
  }
}

/** Unknown routes: the same error body as everything else. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new ApiError('NOT_FOUND'));
};

/** Turns anything thrown into an ApiError response; unexpected errors are logged and masked. */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  let apiError = toApiError(err);
  if (!errorDeclaration(apiError.code)) {
    // A code whose domain's table the composition root did not install: a wiring mistake that
    // test/platform/error-codes.test.ts guards against; the client gets INTERNAL rather than no message.
    logger.error('error code not installed', { requestId: requestIdOf(req), code: apiError.code });
    apiError = new ApiError('INTERNAL');
  }
  if (apiError.code === 'INTERNAL') {
    logger.error('unhandled error', {
      requestId: requestIdOf(req),
      method: req.method,
      path: req.path,
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    });
  }
  // Hosting's CDN keeps a 404 for 10 minutes unless told otherwise, and an error is never worth
  // keeping: the route, the listing or the quota may be there on the next request.
  res.set('Cache-Control', 'no-store');
  if (apiError.headers) res.set(apiError.headers);
  res.status(apiError.status).json({
    success: false,
    code: apiError.code,
    message: messageFor(apiError.code, requestLanguage(req)),
    ...(apiError.details?.length ? { details: apiError.details } : {}),
  });
};

/** Maps body-parser's errors (malformed or oversized JSON) and anything else to an ApiError. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return new ApiError('INVALID_JSON');
  if (type === 'entity.too.large') return new ApiError('PAYLOAD_TOO_LARGE');
  return new ApiError('INTERNAL');
}
