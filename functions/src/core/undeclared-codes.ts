/**
 * The guard of the route declarations' error codes: every route ends with a handler that tells the
 * observer of any code the route answers but does not declare (core/route-errors.ts). Such a code
 * is one the OpenAPI document, the guides and the client's error type do not know, so an app has no
 * branch for it. Once deployed it is logged (a warning, once per
 * route and code in an instance); the test suite observes it to fail the run (test/setup).
 */
import type { ErrorRequestHandler } from 'express';
import * as logger from 'firebase-functions/logger';
import type { ErrorCode } from './error-codes';
import { ApiError } from './errors';
import type { RouteDefinition } from './route-types';
import { requestIdOf } from './request-context';
import { declaredCodesOf } from './route-errors';

export interface UndeclaredCode {
  /** The route as declared: `POST /api/orders`. */
  route: string;
  code: ErrorCode;
  requestId?: string;
}

export type UndeclaredCodeObserver = (report: UndeclaredCode) => void;

const warned = new Set<string>();

/** Deployed: one structured warning per route and code, so a loop of failing requests does not flood the logs. */
const logOnce: UndeclaredCodeObserver = (report) => {
  const key = `${report.route} ${report.code}`;
  if (warned.has(key)) return;
  warned.add(key);
  logger.warn('error code not declared by its route', { ...report });
};

let observer: UndeclaredCodeObserver = logOnce;

/** Replaces the observer (the tests' recorder); returns the one it replaced, to put back. */
export function observeUndeclaredCodes(next: UndeclaredCodeObserver): UndeclaredCodeObserver {
  const previous = observer;
  observer = next;
  return previous;
}

/**
 * The last handler of a route: sees every error its limiter, its `before` checks and its handler
 * pass on, reports a code the route does not declare, and hands the error to the one error handler
 * (core/errors.ts) unchanged. Anything but an ApiError is answered INTERNAL, which every route declares.
 */
export function guardDeclaredCodes(route: RouteDefinition): ErrorRequestHandler {
  const declared = new Set<ErrorCode>(declaredCodesOf(route));
  const name = `${route.method.toUpperCase()} ${route.path}`;
  return (err, req, _res, next) => {
    if (err instanceof ApiError && !declared.has(err.code)) observer({ route: name, code: err.code, requestId: requestIdOf(req) });
    next(err);
  };
}
