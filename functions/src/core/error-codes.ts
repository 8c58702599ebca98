/**
 * The one table from stable error codes to HTTP statuses. A code is a contract with the clients:
 * once published it keeps its meaning. Messages live in `i18n/`, one per code and language.
 */
export const ERROR_STATUS = {
  // Request shape
  INVALID_JSON: 400,
  VALIDATION_ERROR: 400,
  INVALID_TELEPHONE: 400,
  UNSUPPORTED_COUNTRY: 400,
  REFERRAL_CODE_INVALID: 400,
  PAGE_TOO_DEEP: 400,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  // Identity
  UNAUTHENTICATED: 401,
  PROFILE_REQUIRED: 403,
  USER_BLOCKED: 403,
  FORBIDDEN_ROLE: 403,
  ROLE_APP_MISMATCH: 403,
  ROLE_NOT_SELF_ASSIGNABLE: 403,
  EMAIL_TELEPHONE_MISMATCH: 403,
  ADMIN_ROLE_REQUIRES_SUPER_ADMIN: 403,
  CANNOT_MODERATE_SELF: 403,
  USER_NOT_FOUND: 404,
  ALREADY_REGISTERED: 409,
  TELEPHONE_TAKEN: 409,
  // Anything we did not foresee
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
