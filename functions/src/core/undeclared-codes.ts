/**
 * The guard of the route declarations' error codes: the router marks each request with the route it
 * matched, and the error handler tells the observer of any code that route does not declare
 * (core/route-errors.ts). Such a code is one the OpenAPI document, the guides and the client's error
 * type do not know, so an app has no branch for it. Once deployed it is logged (a warning, once per
 * route and code in an instance); the test suite observes it to fail the run (test/setup).
 */
import type { Request, RequestHandler, Response } from 'express';
import * as logger from 'firebase-functions/logger';
import type { ErrorCode } from './error-codes';
import type { RouteDefinition } from './http';
import { requestIdOf } from './request-context';
import { declaredCodesOf } from './route-errors';

export interface UndeclaredCode {
  /** The route as declared: `POST /api/orders`. */
  route: string;
  code: ErrorCode;
  requestId?: string;
}

export type UndeclaredCodeObserver = (report: UndeclaredCode) => void;

const matched = new WeakMap<Response, RouteDefinition>();
const declaredCodes = new WeakMap<RouteDefinition, ReadonlySet<ErrorCode>>();

/** The first handler of every route: remembers which declaration answers, before its limits and checks run. */
export function markRoute(route: RouteDefinition): RequestHandler {
  return (_req, res, next) => {
    matched.set(res, route);
    next();
  };
}

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

/** Called by the error handler with the code it answers; requests that matched no route are not held to any list. */
export function checkDeclaredCode(req: Request, res: Response, code: ErrorCode): void {
  const route = matched.get(res);
  if (!route) return;
  let codes = declaredCodes.get(route);
  if (!codes) {
    codes = new Set(declaredCodesOf(route));
    declaredCodes.set(route, codes);
  }
  if (codes.has(code)) return;
  observer({ route: `${route.method.toUpperCase()} ${route.path}`, code, requestId: requestIdOf(req) });
}
