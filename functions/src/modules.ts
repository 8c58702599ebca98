/**
 * Every domain's manifest (domains/<d>/module.ts), listed once: the composition root the service's
 * wiring is derived from (ARCHITECTURE.md, "Domain modules"). A domain adds a router, a subscriber,
 * a notice, a payable type, a job or a shared schema in its own module.ts; nothing here changes.
 * test/platform/modules.test.ts fails when a domain folder's manifest is missing here, or declares a part
 * the service does not wire.
 *
 * The order is the mounting order: a function mounts its routers module by module in this order,
 * each module's in its declaration order (it matters only where two routers share paths:
 * identity before account-security under /api/auth, catalog's advertisement prices before pricing
 * under /api/admin, payments before subscriptions under /api/payments, catalog's uploads before
 * admin's signed links under /api/upload). Subscribers, notices and schemas follow it too.
 *
 * The manifests are data and lazy loaders: importing this list loads no domain code.
 */
import type { DomainModule, JobDeclaration } from './core/module';
import type { LazyRouter } from './core/http';
import { manifest as health } from './domains/health/module';
import { manifest as docs } from './domains/docs/module';
import { manifest as identity } from './domains/identity/module';
import { manifest as settings } from './domains/settings/module';
import { manifest as geo } from './domains/geo/module';
import { manifest as accountSecurity } from './domains/account-security/module';
import { manifest as notifications } from './domains/notifications/module';
import { manifest as catalog } from './domains/catalog/module';
import { manifest as pricing } from './domains/pricing/module';
import { manifest as admin } from './domains/admin/module';
import { manifest as commerce } from './domains/commerce/module';
import { manifest as chat } from './domains/chat/module';
import { manifest as logistics } from './domains/logistics/module';
import { manifest as payments } from './domains/payments/module';
import { manifest as subscriptions } from './domains/subscriptions/module';
import { manifest as wallet } from './domains/wallet/module';
import { manifest as transit } from './domains/transit/module';
import { manifest as agents } from './domains/agents/module';

export const MODULES: readonly DomainModule[] = [
  health,
  docs,
  identity,
  settings,
  geo,
  accountSecurity,
  notifications,
  catalog,
  pricing,
  admin,
  commerce,
  chat,
  logistics,
  payments,
  subscriptions,
  wallet,
  transit,
  agents,
];

/** The routers function `group` mounts, in mounting order, each loaded by the first request under its paths. */
export function routersOf(group: string): LazyRouter[] {
  return MODULES.flatMap((module) => (module.routers ?? []).filter((router) => router.group === group)).map(({ paths, load }) => ({ paths, load }));
}

/** Every job of every module, by its exported function name; a name declared twice is a mistake, refused here. */
export function declaredJobs(): Array<{ name: string; module: string; job: JobDeclaration }> {
  const jobs = MODULES.flatMap((module) => Object.entries(module.jobs ?? {}).map(([name, job]) => ({ name, module: module.name, job })));
  const names = jobs.map(({ name }) => name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length) throw new Error(`Jobs declared twice: ${twice.join(', ')}`);
  return jobs;
}
