/**
 * App attestation (Firebase App Check; docs/api-conventions.md, "App Check"). A route that needs it
 * (`needsAppCheck`: the apps' free actions and every signed-in route)
 * reads `X-Firebase-AppCheck`:
 *  - a token that is sent is always verified, enforced or not, and one that does not verify is
 *    refused (401 APP_CHECK_FAILED): the emulator refuses a forged token as production does;
 *  - with FIREBASE_APP_CHECK_ENFORCED on (the default: production), a request without a token is
 *    refused too;
 *  - a verified token names its app, and the app id names its platform: a web app's token makes the
 *    request the dashboard's (captcha, session), whatever X-Client-Platform says (core/web-session.ts).
 * The verifier is an adapter (adapters/app-check), handed to core by the composition root (app.ts),
 * since core imports no adapter.
 */
import type { Request } from 'express';
import { config, runsDeployed } from './config';
import { ApiError } from './errors';

/** What a verifier says of a token it accepts: the Firebase app id it was issued to. */
export interface AttestedApp {
  appId: string;
}

/** An App Check verifier: the app of a valid token, undefined for any other. */
export interface AppCheckVerifier {
  readonly name: 'firebase' | 'local';
  verify(token: string): Promise<AttestedApp | undefined>;
}

/** A verified token of a request: its app, and whether that app is a web app (the dashboard). */
export interface Attestation {
  appId: string;
  web: boolean;
}

let load: (() => Promise<AppCheckVerifier>) | undefined;

/** Called by the composition root: where verifiers come from (adapters/app-check, chosen by APP_CHECK_DRIVER). */
export function useAppCheckVerifier(loader: () => Promise<AppCheckVerifier>): void {
  load = loader;
}

const attestations = new WeakMap<Request, Attestation>();

/** The verified token of this request, when it sent one to a route that reads it. */
export function attestationOf(req: Request): Attestation | undefined {
  return attestations.get(req);
}

/**
 * Firebase app ids read `1:<project number>:<platform>:<hash>`, the platform being `android`, `ios`
 * or `web`. An id of another shape is taken for a web app: the dashboard's checks are the stricter.
 */
export function isWebAppId(appId: string): boolean {
  const platform = appId.split(':')[2];
  return platform !== 'android' && platform !== 'ios';
}

/** What a route declares that says whether it reads the token (core/http.ts). */
interface AttestedRoute {
  access: string;
  appCheck?: boolean;
  rateLimit?: unknown;
  userRateLimit?: unknown;
  keyedRateLimit?: unknown;
  upload?: unknown;
}

/**
 * Whether a route reads the token, unless it says (`appCheck`): every signed-in route, whose web
 * session depends on the app, and every free action, which is what a limit (per address, per user,
 * per account) or an upload marks. A public route that is a free action without a limit says `true`.
 */
export function needsAppCheck(route: AttestedRoute): boolean {
  const signedIn = route.access === 'token' || route.access === 'profile';
  return route.appCheck ?? (signedIn || Boolean(route.rateLimit || route.userRateLimit || route.keyedRateLimit || route.upload));
}

/**
 * Whether a request without a token is refused: the setting when one is set (FIREBASE_APP_CHECK_ENFORCED,
 * else APP_CHECK_ENFORCED), otherwise only in a deployed function, so that the emulator, the demo and
 * Swagger UI need no token while production never runs without the check by forgetting a setting.
 */
export function appCheckEnforced(): boolean {
  const settings = config();
  const chosen = settings.FIREBASE_APP_CHECK_ENFORCED ?? settings.APP_CHECK_ENFORCED;
  return chosen === undefined ? runsDeployed() : chosen === 'true';
}

/** Longest token read: Firebase's are about 900 characters. */
const MAX_TOKEN_LENGTH = 4096;

/** Verifies the request's token for a route that needs one (above); refuses with APP_CHECK_FAILED. */
export async function attest(req: Request): Promise<void> {
  const token = req.get('x-firebase-appcheck')?.trim();
  if (!token) {
    if (appCheckEnforced()) throw new ApiError('APP_CHECK_FAILED');
    return;
  }
  if (token.length > MAX_TOKEN_LENGTH) throw new ApiError('APP_CHECK_FAILED');
  if (!load) throw new Error('No App Check verifier: call useAppCheckVerifier() in the composition root');
  const app = await (await load()).verify(token);
  if (!app) throw new ApiError('APP_CHECK_FAILED');
  attestations.set(req, { appId: app.appId, web: isWebAppId(app.appId) });
}
