/**
 * Every domain's error codes (its module's `errors`, declared in its errors.ts), handed to core's
 * catalogue (core/error-codes.ts), which knows no domain. Each composition root installs them before
 * it serves or documents anything: the apps (app.ts), the triggers (jobs.ts), the OpenAPI document,
 * the reference pages' writer and the tests. The tables are plain data: every function answers every
 * domain's codes, whichever of its routers are loaded, and a domain's code thrown through another
 * domain's router is answered the same.
 */
import { declareErrors } from './core/error-codes';
import { MODULES } from './modules';

/** Idempotent; a code two modules declare (or one of core's) is a mistake, refused here. */
export function installErrorCodes(): void {
  for (const module of MODULES) if (module.errors) declareErrors(module.name, module.errors);
}
