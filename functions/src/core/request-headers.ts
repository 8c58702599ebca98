/**
 * The request headers the service reads, as the OpenAPI document declares them: one parameter
 * component each, so that Swagger UI's "Try it out" and generated clients can send them. A route
 * gets those the machinery reads for every request, those its access implies, and those it names
 * in its declaration (`headers`: read by its handler or a `before` check only). The bearer token
 * and the App Check token are security schemes instead (core/openapi.ts).
 */
import type { Access } from './access';

// A type, not an interface: the generator's parameter objects are open records.
type HeaderParameter = {
  name: string;
  in: 'header';
  required: boolean;
  description: string;
  schema: { type: 'string'; pattern?: string; maxLength?: number; default?: string };
  example?: string;
};

const optional = (parameter: Omit<HeaderParameter, 'in' | 'required'>): HeaderParameter => ({ ...parameter, in: 'header', required: false });

/** Every request (core/request-context.ts): the language of messages, and an id for the logs. */
const EVERY_ROUTE = {
  AcceptLanguage: optional({
    name: 'Accept-Language',
    description: 'Language of the error messages and of texts the service writes, as a standard list (`en`, `en-US,en;q=0.9`): the first of `fr` and `en` it prefers; neither: DEFAULT_LANGUAGE (`fr`).',
    schema: { type: 'string', default: 'fr' },
    example: 'fr',
  }),
  RequestId: optional({
    name: 'X-Request-Id',
    description: 'An id of the caller’s for this request, echoed in the `X-Request-Id` answer header and written in the logs (1 to 128 letters, digits, `.`, `_`, `:` or `-`; another value is replaced by a new id).',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  }),
};

/** Signed-in routes (core/web-session.ts): the dashboard says so, and then shows its live session. */
const SIGNED_IN = {
  ClientPlatform: optional({
    name: 'X-Client-Platform',
    description: '`web` makes the request the dashboard’s (as a web app’s App Check token does): a signed-in route then needs `X-Web-Session-Id`. The mobile apps send nothing or their platform.',
    schema: { type: 'string' },
    example: 'web',
  }),
  WebSessionId: optional({
    name: 'X-Web-Session-Id',
    description: 'The dashboard’s session (POST /api/auth/web-session): required on the dashboard’s requests (`X-Client-Platform: web`, or a web app’s App Check token), else 401 WEB_SESSION_REQUIRED; the mobile apps send none.',
    schema: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
  }),
};

/** An `Idempotency-Key` the payment starts take (domains/payments/routes.ts); another value is ignored. */
export const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** Headers a route names in its declaration: only its handler or `before` reads them. */
const ROUTE_HEADERS = {
  'Idempotency-Key': optional({
    name: 'Idempotency-Key',
    description: 'A key of the caller’s for this payment start (8 to 100 letters, digits, `-` or `_`): a retried request with the same key and body returns the payment the first one made; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. Another value is ignored.',
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
  }),
  'X-Captcha-Token': optional({
    name: 'X-Captcha-Token',
    description: 'The captcha provider’s token (CAPTCHA_PROVIDER), required on the dashboard’s sign-ups while CAPTCHA_ENABLED: else 403 CAPTCHA_FAILED. The mobile apps send none.',
    schema: { type: 'string', maxLength: 4096 },
  }),
  'X-Hub-Signature-256': {
    name: 'X-Hub-Signature-256',
    in: 'header',
    required: true,
    description: 'The messaging platform’s signature of the raw body: `sha256=` and the HMAC-SHA256 of the body with the app secret, in hexadecimal.',
    schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
  },
  'X-Web-Session-Id': { ...SIGNED_IN.WebSessionId, required: true, description: 'The dashboard session to end (POST /api/auth/web-session gave its id).' },
} satisfies Record<string, HeaderParameter>;

export type RouteHeaderName = keyof typeof ROUTE_HEADERS;

/** Component names of the route-declared headers (`Idempotency-Key` -> `IdempotencyKey`). */
const componentOf = (name: RouteHeaderName) => (name === 'X-Web-Session-Id' ? 'WebSessionIdToEnd' : name.replace(/^X-/, '').replace(/-/g, ''));

interface RouteHeaders {
  access: Access;
  webSessionExempt?: boolean;
  headers?: readonly RouteHeaderName[];
}

/** The header parameters of a route, by component name, in the order the document lists them. */
export function headerParametersOf(route: RouteHeaders): Record<string, HeaderParameter> {
  const signedIn = route.access === 'token' || route.access === 'profile';
  const named = route.headers ?? [];
  return {
    ...EVERY_ROUTE,
    ...(signedIn ? { ClientPlatform: SIGNED_IN.ClientPlatform } : {}),
    // A route that ends the session reads it itself, required (below); one that opens a session cannot ask one.
    ...(signedIn && !route.webSessionExempt ? { WebSessionId: SIGNED_IN.WebSessionId } : {}),
    ...Object.fromEntries(named.map((name) => [componentOf(name), ROUTE_HEADERS[name]])),
  };
}
