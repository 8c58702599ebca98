/**
 * Error codes: the stable codes an `ApiError` carries, each with its HTTP status and its message in
 * every language. A code is a contract with the clients: once published it keeps its meaning.
 *
 * Core declares here the codes every domain shares (the request shape, access, sessions and limits,
 * the status tables, uploaded files, INTERNAL); each domain declares its own in
 * `domains/<d>/errors.ts`, in the same shape, and adds them to the `ErrorCatalog` by declaration
 * merging (as events do in core/events/catalog.ts), so that `new ApiError(code)` of a code nobody
 * declared fails to compile, and so does a code two tables declare (each table brands its codes
 * with its owner, and the catalogue cannot extend two brands of one code). At run time core knows
 * no domain: each domain's manifest carries its table (`errors`, core/module.ts), and the
 * composition roots hand the tables here (src/errors.ts, `installErrorCodes`) before any request.
 *
 * Each code's doc comment says when it is answered, and a `//` line before a run of codes names
 * their group: `npm run openapi` writes docs/error-codes.md from them (cli/write-error-codes.ts),
 * and test/platform/reference-pages.test.ts fails on a code without one.
 */
import type { Language } from './i18n/languages';

/** One code: its HTTP status and its message in each language (the type asks for every language). */
export type ErrorDeclaration = { readonly status: number } & { readonly [L in Language]: string };

/** A table of codes, as core and each domain declare it: `{ CODE: { status, fr, en } }`. */
export type ErrorTable = Readonly<Record<string, ErrorDeclaration>>;

/**
 * The members a table adds to the catalogue, branded with their owner: two tables that declare the
 * same code give the catalogue two types for it, which TypeScript refuses.
 */
export type CodesOf<Owner extends string, Table extends ErrorTable> = { readonly [Code in keyof Table]: Owner };

export const CORE_ERRORS = {
  // Request shape
  /** The body is not JSON (docs/platform-notes.md). */
  INVALID_JSON: {
    status: 400,
    fr: 'Le corps de la requête n’est pas un JSON valide.',
    en: 'The request body is not valid JSON.',
  },
  /** A field is missing, of the wrong type or unknown; `details` names them. */
  VALIDATION_ERROR: {
    status: 400,
    fr: 'Certains champs sont invalides.',
    en: 'Some fields are invalid.',
  },
  /** The page starts past `PAGINATION_MAX_OFFSET`; narrow the search. */
  PAGE_TOO_DEEP: {
    status: 400,
    fr: 'Cette page est trop loin dans la liste : affinez la recherche avec des filtres.',
    en: 'This page is too far down the list: narrow the search with filters.',
  },
  /** The body is over `JSON_BODY_LIMIT`. */
  PAYLOAD_TOO_LARGE: {
    status: 413,
    fr: 'Le corps de la requête est trop volumineux.',
    en: 'The request body is too large.',
  },
  /** No such route. */
  NOT_FOUND: {
    status: 404,
    fr: 'Cette ressource n’existe pas.',
    en: 'This resource does not exist.',
  },
  // Access (core/auth.ts: the route’s `access`, `roles` and `agentTypes`)
  /** Token missing, malformed, expired, revoked or of another project. */
  UNAUTHENTICATED: {
    status: 401,
    fr: 'Authentification requise : jeton absent, invalide, expiré ou révoqué.',
    en: 'Authentication required: the token is missing, invalid, expired or revoked.',
  },
  /** Valid token, but the account has not signed up (`POST /api/auth/register`). */
  PROFILE_REQUIRED: {
    status: 403,
    fr: 'Terminez votre inscription avant d’utiliser ce service.',
    en: 'Finish signing up before using the service.',
  },
  /** The account is blocked (also answered to the tokens revoked by the block). */
  USER_BLOCKED: {
    status: 403,
    fr: 'Votre compte est bloqué. Contactez le support.',
    en: 'Your account is blocked. Contact support.',
  },
  /** The caller's role may not use this route. */
  FORBIDDEN_ROLE: {
    status: 403,
    fr: 'Votre rôle ne permet pas cette action.',
    en: 'Your role does not allow this action.',
  },
  /** An agent of the other `typeAgent` on a `me-pro` (`Market_pro` only) or `me-market` (`Market` only) route. */
  AGENT_TYPE_FORBIDDEN: {
    status: 403,
    fr: 'Cette page est réservée à un autre type d’agent (Market_pro ou Market).',
    en: 'This page is for another type of agent (Market_pro or Market).',
  },
  // Sessions and limits (dashboard sessions, App Check, rate limits)
  /** A web request (`X-Client-Platform: web`) without `X-Web-Session-Id`. */
  WEB_SESSION_REQUIRED: {
    status: 401,
    fr: 'Session du tableau de bord requise.',
    en: 'A dashboard session is required.',
  },
  /** An unknown, ended or another user's session. */
  WEB_SESSION_INVALID: {
    status: 401,
    fr: 'Session du tableau de bord inconnue ou terminée. Reconnectez-vous.',
    en: 'Unknown or ended dashboard session. Sign in again.',
  },
  /** The session was idle longer than `WEB_SESSION_IDLE_MINUTES`. */
  WEB_SESSION_EXPIRED: {
    status: 401,
    fr: 'Session expirée après inactivité. Reconnectez-vous.',
    en: 'The session expired after inactivity. Sign in again.',
  },
  /** Missing or invalid `X-Firebase-AppCheck` where attestation is enforced. */
  APP_CHECK_FAILED: {
    status: 401,
    fr: 'Application non reconnue.',
    en: 'Unrecognized app.',
  },
  /**
   * Too many requests from this IP (`Retry-After` and `RateLimit-*` headers say when), too many of one
   * user's free actions (messages, rooms, contacts, driver requests, demonstration events, searches,
   * calls to a partner: docs/api-conventions.md, Per-user limits; `Retry-After` too), too many auth or code
   * requests about one telephone or account (Limits keyed by account; `Retry-After` too), or too many payments
   * started by this account or to this telephone (`PAYMENT_RATE_LIMIT_*`).
   */
  RATE_LIMITED: {
    status: 429,
    fr: 'Trop de requêtes. Réessayez plus tard.',
    en: 'Too many requests. Try again later.',
  },
  // Shared by the domains (status tables, uploaded files, partner callbacks)
  /** The status table does not allow this action now (withdrawing a sold listing, activating an unpaid boost...). */
  INVALID_TRANSITION: {
    status: 409,
    fr: 'Cette action n’est pas possible dans l’état actuel.',
    en: 'This action is not possible in the current state.',
  },
  /** A photo or video over its configured size. */
  FILE_TOO_LARGE: {
    status: 413,
    fr: 'Le fichier est trop volumineux.',
    en: 'The file is too large.',
  },
  /** A file whose bytes are not JPEG, PNG, WebP (photos) or MP4, WebM, QuickTime (videos). */
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    fr: 'Ce type de fichier n’est pas accepté.',
    en: 'This file type is not accepted.',
  },
  /** A messaging callback without a valid `X-Hub-Signature-256`. */
  WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    fr: 'Signature du webhook invalide.',
    en: 'Invalid webhook signature.',
  },
  // Anything we did not foresee
  /** Anything unexpected; the message is masked and the error logged with the request id. */
  INTERNAL: {
    status: 500,
    fr: 'Une erreur inattendue est survenue. Réessayez plus tard.',
    en: 'An unexpected error occurred. Please try again later.',
  },
} as const satisfies ErrorTable;

/**
 * Every code: core's, and each domain's by declaration merging, in its errors.ts:
 * `declare module '../../core/error-codes' { interface ErrorCatalog extends CodesOf<'<d>', typeof errors> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the tables
export interface ErrorCatalog extends CodesOf<'core', typeof CORE_ERRORS> {}

export type ErrorCode = keyof ErrorCatalog & string;

/** Every code the service answers, with the table that declares it: core's, then the installed ones. */
const declared = new Map<string, ErrorDeclaration & { owner: string }>();

/**
 * Adds a table to the codes the service answers (the composition roots, for each domain's table).
 * The same table again adds nothing; a code another table declares is a mistake, refused here.
 */
export function declareErrors(owner: string, table: ErrorTable): void {
  for (const [code, declaration] of Object.entries(table)) {
    const known = declared.get(code);
    if (known && known.owner !== owner) throw new Error(`The error code ${code} is declared by ${known.owner} and by ${owner}`);
    declared.set(code, { ...declaration, owner });
  }
}

declareErrors('core', CORE_ERRORS);

/** Whether `value` is a code of an installed table. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && declared.has(value);
}

/** The status and messages of a code, or undefined when its table was not installed (a wiring mistake). */
export function errorDeclaration(code: string): (ErrorDeclaration & { owner: string }) | undefined {
  return declared.get(code);
}

/** The HTTP status of a code; 500 for one whose table was not installed (the error handler logs it). */
export function statusOf(code: ErrorCode): number {
  return declared.get(code)?.status ?? 500;
}

/** Every code the service answers, in order: core's first, then each table as it was installed. */
export function declaredErrorCodes(): Array<ErrorDeclaration & { code: ErrorCode; owner: string }> {
  return [...declared.entries()].map(([code, declaration]) => ({ ...declaration, code: code as ErrorCode }));
}
