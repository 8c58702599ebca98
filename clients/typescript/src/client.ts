/**
 * The typed client: openapi-fetch over the generated `paths`, plus what the document cannot say.
 * Every call carries the caller's Firebase ID token, the App Check token when the app has one, and
 * the language of the service's messages; payment starts carry an Idempotency-Key; a passing
 * failure of a request safe to repeat is retried (retry.ts); a non-2xx answer is thrown as an
 * ApiError (so a call's result is always its success body).
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { ApiError } from './errors.js';
import type { paths } from './generated/openapi.js';
import { newIdempotencyKey, takesIdempotencyKey } from './idempotency.js';
import { retryingFetch, type RetryOptions } from './retry.js';

/** The languages of the service's messages (`Accept-Language`; French when none is asked). */
export type Language = 'fr' | 'en';

type Maybe<T> = T | null | undefined;
type TokenSource = () => Maybe<string> | Promise<Maybe<string>>;

export interface MarketplaceClientOptions {
  /** The service's base URL: Hosting's (`https://<project>.web.app`; `http://127.0.0.1:5000` under `npm start`). */
  baseUrl: string;
  /**
   * The signed-in user's Firebase ID token, asked before each call (`() => auth.currentUser?.getIdToken()`,
   * which refreshes it when it expires). Nothing (null, undefined) sends no Authorization header:
   * public routes only.
   */
  getIdToken: TokenSource;
  /**
   * The Firebase App Check token (`X-Firebase-AppCheck`), asked before each call: required in
   * production on every signed-in route and the apps' free actions; a web app's token makes the
   * calls the dashboard's (captcha, session).
   */
  getAppCheckToken?: TokenSource;
  /** The language of the service's messages, or a function read at each call (the app's setting). */
  language?: Language | (() => Maybe<Language>);
  /** Another fetch (tests, a runtime without a global one). */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Retries of passing failures (network, 429, 503) for reads and requests with an Idempotency-Key:
   * 3 attempts in all by default, waits growing exponentially with jitter; `false` sends each request once.
   */
  retry?: RetryOptions | false;
}

/** The arguments after the path: optional when the operation needs no parameter and no body (openapi-fetch's own rule). */
type InitArgs<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The success body of an operation: `{ success: true, data, pagination? }` as the document declares it. */
export type SuccessBody<Path extends keyof paths, Method extends HttpMethod, Init = object> = NonNullable<
  FetchResponse<paths[Path][Method] & Record<string | number, unknown>, Init, MediaType>['data']
>;

type Call<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  path: Path,
  ...init: InitArgs<Init>
) => Promise<SuccessBody<Path, Method, Init>>;

export interface MarketplaceClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
  /** openapi-fetch's own client with the same headers, which answers `{ data, error, response }` instead of throwing. */
  raw: Client<paths>;
}

const read = async (source: TokenSource | undefined): Promise<string | undefined> => (source ? ((await source()) ?? undefined) : undefined);

/** Sets the headers every call carries, unless the call set its own. */
function headersMiddleware(options: MarketplaceClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      const [idToken, appCheckToken] = await Promise.all([read(options.getIdToken), read(options.getAppCheckToken)]);
      const language = typeof options.language === 'function' ? options.language() : options.language;
      if (idToken && !request.headers.has('authorization')) request.headers.set('Authorization', `Bearer ${idToken}`);
      // The header the service's App Check guard reads (functions/src/core/app-check.ts).
      if (appCheckToken && !request.headers.has('x-firebase-appcheck')) request.headers.set('X-Firebase-AppCheck', appCheckToken);
      if (language && !request.headers.has('accept-language')) request.headers.set('Accept-Language', language);
      return request;
    },
  };
}

/** What `new Headers(...)` takes (named without the DOM library, which a Node app may not load). */
type HeadersSource = ConstructorParameters<typeof Headers>[0];
type AnyInit = { headers?: HeadersSource | Record<string, unknown>; [key: string]: unknown } | undefined;

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  // Read at each call, not now: an app (or a test) may replace the global fetch after creating the client.
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const fetchWithRetries = options.retry === false ? send : retryingFetch(send, options.retry);
  const raw = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: fetchWithRetries });
  raw.use(headersMiddleware(options));
  // openapi-fetch's methods are typed per path; this one generic call serves them all.
  const request = raw.request as unknown as (method: string, path: string, init: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

  async function call(method: string, path: string, init: AnyInit): Promise<unknown> {
    let sent = init;
    if (takesIdempotencyKey(method, path)) {
      // The key makes the payment start safe to send again (retry.ts sends it again with it).
      const headers = new Headers(init?.headers as HeadersSource);
      if (!headers.has('idempotency-key')) headers.set('Idempotency-Key', newIdempotencyKey());
      sent = { ...init, headers };
    }
    const result = await request(method, path, sent);
    if (!result.response.ok) throw ApiError.fromResponse(result.response, result.error);
    return result.data;
  }

  const method = (name: string) => ((path: string, init?: AnyInit) => call(name, path, init)) as never;
  return { GET: method('GET'), POST: method('POST'), PUT: method('PUT'), PATCH: method('PATCH'), DELETE: method('DELETE'), raw };
}
