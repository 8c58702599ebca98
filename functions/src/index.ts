/**
 * Only exports. Each HTTPS function builds its Express app on its first request, importing only
 * its own domains, so one function's cold start does not load the others. Triggers, schedules and
 * task queues are built in jobs.ts (from the modules), which an HTTPS function's instance does not load (below).
 */
import type { Express } from 'express';
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onRequest } from 'firebase-functions/v2/https';
import { defineSecret } from 'firebase-functions/params';
import { FUNCTION_GROUPS, FUNCTION_NAMES, type FunctionName, REGION } from './groups';

setGlobalOptions({ region: REGION, maxInstances: 20 });
/**
 * `npm run bench:cost` counts each function's operations in the emulator suite, which asks for it
 * with COST_LOG_DIR (dev/cost-log.ts). A deployed instance never has it, and never loads that file.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- conditional on purpose, see above
const costLog = process.env.COST_LOG_DIR ? (require('./dev/cost-log') as typeof import('./dev/cost-log')) : undefined;
costLog?.startCostLog();

function httpsFunction(name: FunctionName) {
  let app: Promise<Express> | undefined;
  // Mounted for deployment; the app itself runs each request with these secrets only (app.ts).
  const secrets = FUNCTION_GROUPS[name].secrets.map((secret) => defineSecret(secret));
  return onRequest({ memory: '256MiB', timeoutSeconds: 60, secrets }, async (req, res) => {
    costLog?.logInvocation();
    app ??= import('./app').then((module) => module.createFunctionApp(name));
    (await app)(req, res);
  });
}

export const core = httpsFunction('core');
export const catalog = httpsFunction('catalog');
export const commerce = httpsFunction('commerce');
export const logistics = httpsFunction('logistics');
export const payments = httpsFunction('payments');
export const transit = httpsFunction('transit');
export const agents = httpsFunction('agents');
export const admin = httpsFunction('admin');

/**
 * The triggers, schedules and task queues (jobs.ts: the modules' and the outbox's), exported beside
 * the HTTPS functions under the names their modules give them: deploy discovery and the emulator
 * read these exports at run time. Cloud
 * Functions and the Functions emulator name the function an instance serves in FUNCTION_TARGET;
 * an HTTPS function's instance skips jobs.ts, and with it firebase-functions' Firestore, scheduler
 * and tasks modules (a second codebase would need a second package to install and deploy).
 * Deploy discovery, the emulator's discovery and the tests set no target: they see every function.
 */
if (!(FUNCTION_NAMES as readonly string[]).includes(process.env.FUNCTION_TARGET ?? '')) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- conditional on purpose, see above
  Object.assign(module.exports, require('./jobs').functions);
}
