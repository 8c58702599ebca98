/**
 * The service answers every error with one body, `{ success: false, code, message, details? }`
 * (the document's `ApiError` schema): the client throws it as an ApiError, its `code` typed with the
 * codes the document names (generated/error-codes.ts), so an app switches on a code the compiler knows.
 */
import type { ErrorCode, OperationErrorCodes } from './generated/error-codes.js';

/**
 * A code the client gives an answer that is not the service's ApiError body: a proxy's HTML page, a
 * platform's own 400 (the Functions runtime refuses malformed JSON before the service sees it), an
 * empty body. `status` is still the answer's.
 */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

export type ClientErrorCode = ErrorCode | typeof UNEXPECTED_RESPONSE;

/** One field the service refused (`VALIDATION_ERROR`): `body.telephone`, `query.limit`... */
export interface ApiErrorDetail {
  field: string;
  reason: string;
  hint?: string;
}

/** The codes one operation answers besides success, for a `catch` that narrows: `ErrorCodeOf<'POST /api/achat'>`. */
export type ErrorCodeOf<Operation extends keyof OperationErrorCodes> = OperationErrorCodes[Operation];

export class ApiError<Code extends ClientErrorCode = ClientErrorCode> extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The stable code (docs/error-codes.md), or UNEXPECTED_RESPONSE. */
    readonly code: Code,
    /** The HTTP status of the answer. */
    readonly status: number,
    /** The service's message, in the language asked with Accept-Language. */
    message: string,
    /** The fields refused, for VALIDATION_ERROR. */
    readonly details?: ApiErrorDetail[],
    /** The answer's X-Request-Id, which the service logs with unexpected errors. */
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** The error of a non-2xx answer whose body was already read (`body`: parsed JSON, text or undefined). */
  static fromResponse(response: Response, body: unknown): ApiError {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    if (isApiErrorBody(body)) return new ApiError(body.code as ErrorCode, response.status, body.message, body.details, requestId);
    return new ApiError(UNEXPECTED_RESPONSE, response.status, `HTTP ${response.status} ${response.statusText}`.trim(), undefined, requestId);
  }
}

interface ApiErrorBody {
  success: false;
  code: string;
  message: string;
  details?: ApiErrorDetail[];
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return candidate.success === false && typeof candidate.code === 'string' && typeof candidate.message === 'string';
}

/** True when `error` is an ApiError, of one of `codes` when given: `if (isApiError(e, 'AMOUNT_MISMATCH')) ...`. */
export function isApiError<Code extends ClientErrorCode>(error: unknown, ...codes: Code[]): error is ApiError<Code> {
  return error instanceof ApiError && (codes.length === 0 || (codes as string[]).includes(error.code));
}
