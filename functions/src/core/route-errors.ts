/**
 * The error codes a route can answer: the ones its declaration names, plus those its access, its
 * inputs and its limits imply. The OpenAPI document, the guides' tables and the client's error type
 * list these, and the error handler (core/errors.ts) holds every answer to them: one list, so a code
 * answered is a code documented. Kept apart from openapi.ts so that the router loads it without the
 * document's generator.
 */
import { needsAppCheck } from './app-check';
import type { ErrorCode } from './error-codes';
import type { DeclaredRoute, RouteDefinition } from './route-types';

/** The codes a route can answer: declared ones, plus those implied by its access and its inputs. */
export function errorCodesOf(route: DeclaredRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors ?? []);
  // Every route parses its input: one that declares no query or body refuses any (core/http.ts, NO_QUERY).
  codes.add('VALIDATION_ERROR');
  if (route.body) {
    codes.add('INVALID_JSON');
    codes.add('PAYLOAD_TOO_LARGE');
  }
  if (route.access === 'optional') {
    // A token that is sent is verified: a bad one, or a blocked user's revoked one, is refused.
    codes.add('UNAUTHENTICATED');
    codes.add('USER_BLOCKED');
  }
  if (route.access === 'token' || route.access === 'profile') {
    codes.add('UNAUTHENTICATED');
    codes.add('USER_BLOCKED');
    // Dashboard requests (X-Client-Platform: web) need a live session.
    if (!route.webSessionExempt) {
      codes.add('WEB_SESSION_REQUIRED');
      codes.add('WEB_SESSION_INVALID');
      codes.add('WEB_SESSION_EXPIRED');
    }
  }
  if (route.rateLimit || route.userRateLimit || route.keyedRateLimit) codes.add('RATE_LIMITED');
  if (route.upload) {
    codes.add('FILE_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (needsAppCheck(route)) codes.add('APP_CHECK_FAILED');
  if (route.access === 'profile') codes.add('PROFILE_REQUIRED');
  if (route.roles) codes.add('FORBIDDEN_ROLE');
  if (route.agentTypes) codes.add('AGENT_TYPE_FORBIDDEN');
  for (const rule of route.conditionalRoles ?? []) codes.add(rule.code);
  codes.add('INTERNAL');
  return [...codes];
}

/** The same for any route: a raw route answers the codes it declares, and INTERNAL as every route may. */
export function declaredCodesOf(route: RouteDefinition): ErrorCode[] {
  return route.kind === 'raw' ? [...new Set<ErrorCode>([...(route.errors ?? []), 'INTERNAL'])] : errorCodesOf(route);
}
