/**
 * The domains' manifests (functions/src/domains/<d>/module.ts) and the service's wiring derived
 * from them (functions/src/modules.ts): every part a domain declares is wired (its routers mounted
 * by their function, its subscribers dispatched, its notices written, its payable types answered,
 * its jobs exported), every part a domain folder holds is declared, and the wiring files reach
 * the domains through their manifests (or index.ts) only. docs/architecture.md, Domain modules: "A domain gives the
 * service everything through one manifest, `domains/<d>/module.ts`".
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ApiRouter } from '../../functions/src/core/http';
import { amountDueFor, onPaid } from '../../functions/src/core/payables';
import type { DomainModule } from '../../functions/src/core/module';
import { PAYMENT_TYPES } from '../../functions/src/domains/payments/model';
import { FUNCTION_GROUPS, FUNCTION_NAMES } from '../../functions/src/groups';
import { declaredJobs, MODULES } from '../../functions/src/modules';
import { allNotices } from '../../functions/src/notices';
import { installPayables } from '../../functions/src/payables';
import { allSubscribers, paidWiringMistakes } from '../../functions/src/subscribers';

const SOURCE = join(__dirname, '..', '..', 'functions', 'src');
const DOMAINS = join(SOURCE, 'domains');
const architecture = readFileSync(join(__dirname, '..', '..', 'docs', 'architecture.md'), 'utf8');

/** The files of a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The files a manifest loads, lazily (its `import()`s), resolved. */
function loadedBy(manifest: string): string[] {
  return [...readFileSync(manifest, 'utf8').matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].map((match) => {
    const base = resolve(dirname(manifest), match[1]);
    return existsSync(`${base}.ts`) ? `${base}.ts` : join(base, 'index.ts');
  });
}

/** The parts a domain folder holds (routers, subscribers, notices, tellers, payable answers, example steps) that its manifest does not load. */
function undeclaredParts(domainsDir: string): string[] {
  return readdirSync(domainsDir).flatMap((domain) => {
    const manifest = join(domainsDir, domain, 'module.ts');
    const parts = filesUnder(join(domainsDir, domain)).filter((file) => /(^|\/)([\w-]*routes|subscribers|notices|tells|payables|examples)\.ts$/.test(relative(join(domainsDir, domain), file)));
    if (!existsSync(manifest)) return parts.length ? [`${domain}: no module.ts`] : [];
    const loaded = new Set(loadedBy(manifest));
    return parts.filter((file) => !loaded.has(file)).map((file) => relative(domainsDir, file));
  });
}

/**
 * The notice names a domain's tells.ts names that no domain declares (docs/guides/notifications.md, "Notices"): every
 * snake_case literal of the file is a notice declared by some domain's notices.ts, or a value of
 * the domain's own status tables (state.ts files: the statuses and events a teller reads).
 */
function undeclaredNotices(domainsDir: string, declared: readonly string[]): string[] {
  return readdirSync(domainsDir).flatMap((domain) => {
    const tells = join(domainsDir, domain, 'tells.ts');
    if (!existsSync(tells)) return [];
    const tables = filesUnder(join(domainsDir, domain)).filter((file) => /(^|\/)state\.ts$/.test(file)).map((file) => readFileSync(file, 'utf8')).join('\n');
    const literals = [...readFileSync(tells, 'utf8').matchAll(/'([a-z]+(?:_[a-z]+)+)'/g)].map((match) => match[1]);
    return [...new Set(literals)].filter((name) => !declared.includes(name) && !tables.includes(`'${name}'`)).map((name) => `${domain}: ${name}`);
  });
}

/** The domain folders whose manifest the list of modules does not hold, or holds under another name. */
function unlistedModules(domainsDir: string, modules: readonly Pick<DomainModule, 'name'>[]): string[] {
  const folders = readdirSync(domainsDir).filter((domain) => existsSync(join(domainsDir, domain, 'module.ts')));
  const names = modules.map((module) => module.name);
  return [...folders.filter((folder) => !names.includes(folder)), ...names.filter((name, index) => !folders.includes(name) || names.indexOf(name) !== index)];
}

/** The imports of a wiring file that reach past a domain's module.ts or index.ts (static, dynamic and type-only). */
function domainInternals(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\(\s*|require\(\s*)'([^']+)'/g)].map((match) => match[1]);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(DOMAINS, resolve(dirname(file), specifier)))
    .filter((path) => !path.startsWith('..'))
    .filter((path) => path.split('/').length > 1 && !/^[\w-]+\/module$/.test(path))
    .map((path) => `${relative(SOURCE, file)} -> domains/${path}`);
}

// docs/architecture.md, Domain modules: "A domain gives the service everything through one manifest, `domains/<d>/module.ts`"
it('docs/architecture.md describes the manifests in its Domain modules section', () => {
  expect(architecture).toContain('A domain gives the service everything through one manifest, `domains/<d>/module.ts`');
});

describe('every domain declares what it gives the service in its manifest', () => {
  it('each domain folder has a manifest named after it, listed once by modules.ts', async () => {
    const folders = readdirSync(DOMAINS).sort();
    expect(folders.filter((domain) => !existsSync(join(DOMAINS, domain, 'module.ts')))).toEqual([]);
    expect(unlistedModules(DOMAINS, MODULES)).toEqual([]);
    for (const domain of folders) {
      const { manifest } = (await import(join(DOMAINS, domain, 'module'))) as { manifest: DomainModule };
      expect(MODULES).toContain(manifest);
    }
  });

  it('each routes, subscribers, notices, tells, payables and examples file of a domain is loaded by its manifest', () => {
    expect(undeclaredParts(DOMAINS)).toEqual([]);
  });

  it('each router a routes file exports is one a manifest declares', async () => {
    const declared = new Set(await Promise.all(MODULES.flatMap((module) => (module.routers ?? []).map((router) => router.load()))));
    const exported: string[] = [];
    for (const file of filesUnder(DOMAINS).filter((path) => /routes\.ts$/.test(path))) {
      for (const [name, value] of Object.entries(await import(file))) if (value instanceof ApiRouter && !declared.has(value)) exported.push(`${relative(DOMAINS, file)}: ${name}`);
    }
    expect(exported).toEqual([]);
  });
});

describe('every part a manifest declares is wired', () => {
  it('mounts each router in its function, under that function’s prefixes', async () => {
    const unmounted: string[] = [];
    for (const module of MODULES) {
      for (const router of module.routers ?? []) {
        const group = router.group as (typeof FUNCTION_NAMES)[number];
        const mounted = FUNCTION_NAMES.includes(group) ? await FUNCTION_GROUPS[group].routers() : [];
        if (!mounted.some((source) => 'load' in source && source.load === router.load)) unmounted.push(`${module.name}: ${router.group} ${router.paths.join(' ')}`);
      }
    }
    expect(unmounted).toEqual([]);
  });

  it('hands each subscriber to dispatch, and each notice to the notifications domain', async () => {
    const dispatched = new Set((await allSubscribers()).map((subscriber) => subscriber.name));
    const written = Object.keys(await allNotices());
    for (const module of MODULES) {
      const subscribers = (await module.subscribers?.()) ?? [];
      expect({ module: module.name, missing: subscribers.map((subscriber) => subscriber.name).filter((name) => !dispatched.has(name)) }).toEqual({ module: module.name, missing: [] });
      const notices = Object.keys((await module.notices?.()) ?? {});
      expect({ module: module.name, missing: notices.filter((name) => !written.includes(name)) }).toEqual({ module: module.name, missing: [] });
    }
    expect(dispatched.size).toBeGreaterThan(20);
  });

  it('tells only notices some domain declares, and hands each told fact to a subscriber of the notifications domain', async () => {
    const written = Object.keys(await allNotices());
    expect(undeclaredNotices(DOMAINS, written)).toEqual([]);
    const dispatched = await allSubscribers();
    const told = (await Promise.all(MODULES.map(async (module) => Object.keys((await module.tells?.()) ?? {})))).flat();
    expect(told.length).toBeGreaterThan(15);
    expect(told.filter((fact) => !dispatched.some((subscriber) => subscriber.name === `notifications.tell.${fact}` && subscriber.on === fact))).toEqual([]);
  });

  it('answers what each payment type costs from the module that sells it, every type sold once', async () => {
    installPayables();
    const sold = MODULES.flatMap((module) => Object.keys(module.payables ?? {}));
    expect([...sold].sort()).toEqual([...PAYMENT_TYPES].sort());
    // The answer payments gets is the module's (a target that does not exist costs nothing to this payer).
    for (const module of MODULES) {
      for (const [type, amountDue] of Object.entries(module.payables ?? {})) {
        await expect(amountDueFor(type, {}, 'nobody')).resolves.toEqual(await amountDue({}, 'nobody'));
      }
    }
  });

  it('fulfils each type a module sells by one reaction of that module to its payments, and no module reacts to a type it does not sell', async () => {
    for (const module of MODULES) {
      expect({ module: module.name, mistakes: paidWiringMistakes(module, (await module.subscribers?.()) ?? []) }).toEqual({ module: module.name, mistakes: [] });
    }
  });

  it('exports each job under its name, with its kind of trigger; and every export is an HTTPS function, a job or the outbox’s', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require('../../functions/src/index') as Record<string, { __endpoint: Record<string, unknown> }>;
    const jobs = declaredJobs();
    for (const { name, job } of jobs) {
      const endpoint = exported[name]?.__endpoint;
      expect({ name, kind: job.kind, exported: Boolean(endpoint) }).toEqual({ name, kind: job.kind, exported: true });
      if (job.kind === 'schedule') expect(endpoint.scheduleTrigger).toMatchObject({ schedule: job.schedule });
      if (job.kind === 'task') expect(endpoint.taskQueueTrigger).toMatchObject({ retryConfig: job.retryConfig, rateLimits: job.rateLimits });
      if (job.kind === 'document') {
        expect(endpoint.eventTrigger).toMatchObject({
          eventType: `google.cloud.firestore.document.v1.${job.on}`,
          eventFilterPathPatterns: { document: job.document },
          retry: job.retry ?? false,
        });
      }
    }
    const known = [...FUNCTION_NAMES, ...jobs.map(({ name }) => name), 'dispatchEvents', 'sweepEvents'];
    expect(Object.keys(exported).filter((name) => !known.includes(name))).toEqual([]);
  });
});

describe('the wiring files reach the domains through their manifests', () => {
  it('src/*.ts and src/https/*.ts import no domain file but a module.ts or an index.ts', () => {
    const wiring = [
      ...readdirSync(SOURCE).filter((name) => name.endsWith('.ts')).map((name) => join(SOURCE, name)),
      ...readdirSync(join(SOURCE, 'https')).map((name) => join(SOURCE, 'https', name)),
    ];
    expect(wiring.flatMap((file) => domainInternals(file))).toEqual([]);
  });
});

/** The folders test/ may hold: a domain's tests in its folder; seams, platform, e2e, costs (the flows' counts); and the shared helpers and setup. */
const TEST_FOLDERS = ['seams', 'platform', 'e2e', 'costs', 'helpers', 'setup'];

/** The test files that sit outside a folder named after a domain (or seams/platform/e2e), and those that import a subscribers file. */
function misplacedTests(testDir: string, domains: readonly string[]): string[] {
  return filesUnder(testDir)
    .filter((file) => file.endsWith('.test.ts'))
    .flatMap((file) => {
      const path = relative(testDir, file);
      const folder = path.includes('/') ? path.split('/')[0]! : '';
      const wrongPlace = !domains.includes(folder) && !TEST_FOLDERS.includes(folder) ? [`${path}: not in a domain's folder`] : [];
      // A reaction is tested through the outbox: emit (or act), then dispatch; not by calling a subscriber's function.
      const callsSubscriber = /(?:from\s+|import\(\s*)'[^']*domains\/[^']*\/subscribers'/.test(readFileSync(file, 'utf8')) ? [`${path}: imports a subscribers file`] : [];
      return [...wrongPlace, ...callsSubscriber];
    });
}

// docs/architecture.md, Layout: "test/<domain>/      each domain's tests (...), in a folder named after its domain folder".
describe('the tests follow the domains', () => {
  it('each test file sits in its domain’s folder (or seams, platform, e2e, costs), and none calls a subscriber but through dispatch', () => {
    expect(misplacedTests(join(__dirname, '..'), readdirSync(DOMAINS))).toEqual([]);
  });
});

describe('the checks catch what they are for (planted)', () => {
  const planted = mkdtempSync(join(tmpdir(), 'modules-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(planted, path)), { recursive: true });
    writeFileSync(join(planted, path), text);
  };

  it('a subscribers file its manifest does not load, and a domain with parts but no manifest', () => {
    write('alpha/module.ts', "export const manifest = { name: 'alpha', routers: [{ group: 'core', paths: ['/api/alpha'], load: async () => (await import('./routes')).router }] };\n");
    write('alpha/routes.ts', '');
    write('alpha/subscribers.ts', '');
    write('beta/notices.ts', '');
    write('alpha/tells.ts', "export const tells = { 'alpha.done': (p) => [{ uid: p.uid, type: 'alpha_told', key: p.id }, { uid: p.uid, type: p.to === 'en_route' ? 'alpha_moved' : 'made_up_notice', key: p.id }] };\n");
    expect(undeclaredParts(planted).sort()).toEqual(['alpha/subscribers.ts', 'alpha/tells.ts', 'beta: no module.ts']);
  });

  it('a notice told that no domain declares (a status of the domain’s tables is no notice)', () => {
    write('alpha/state.ts', "export const STATUSES = ['en_route', 'done'] as const;\n");
    expect(undeclaredNotices(planted, ['alpha_told', 'alpha_moved'])).toEqual(['alpha: made_up_notice']);
  });

  it('a type sold without a reaction to its payment, sold with two, and a reaction to a type the module does not sell', () => {
    const done = async () => undefined;
    const module = { name: 'alpha', payables: { publicite: async () => 1, verification: async () => 1 } };
    expect(paidWiringMistakes(module, [onPaid('alpha.one', ['verification'], done), onPaid('alpha.two', ['verification', 'achat'], done)])).toEqual([
      'alpha reacts to paid "achat" but does not sell it',
      'alpha sells "publicite" with 0 reactions to its payment',
      'alpha sells "verification" with 2 reactions to its payment',
    ]);
  });

  it('a test file outside a domain folder, and one that imports a domain’s subscribers', () => {
    write('tests/stray.test.ts', '');
    // Written in two pieces, so that this file does not plant the import in itself.
    write('tests/catalog/direct.test.ts', "import { subscribers } from '../../functions/src/domains/catalog/" + "subscribers';\n");
    write('tests/catalog/fine.test.ts', "import { dispatchEvent } from '../../functions/src/core/events';\n");
    expect(misplacedTests(join(planted, 'tests'), ['catalog']).sort()).toEqual(['catalog/direct.test.ts: imports a subscribers file', 'stray.test.ts: not in a domain\'s folder']);
  });

  it('a manifest modules.ts does not list', () => {
    expect(unlistedModules(planted, [])).toEqual(['alpha']);
    expect(unlistedModules(planted, [{ name: 'alpha' }])).toEqual([]);
  });

  it('a wiring file that imports a domain internal, statically, lazily or for a type', () => {
    const text = [
      "import { amountDueForAchat } from './domains/commerce/achats/service';",
      "import type { RoundTaskData } from './domains/logistics/deliveries/tasks';",
      "import { manifest } from './domains/commerce/module';",
      "import { markForRefund } from './domains/payments';",
      "const notices = () => import('./domains/chat/notices');",
    ].join('\n');
    expect(domainInternals(join(SOURCE, 'planted.ts'), text)).toEqual([
      'planted.ts -> domains/commerce/achats/service',
      'planted.ts -> domains/logistics/deliveries/tasks',
      'planted.ts -> domains/chat/notices',
    ]);
  });
});
