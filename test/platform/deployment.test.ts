/**
 * The deployed shape: Hosting rewrites in step with the functions' prefixes, the exported
 * functions, the deployed build (one file per HTTPS function, triggers apart), lazy loading, empty
 * groups answering NOT_FOUND, and the composite indexes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { createApp, createFunctionApp } from '../../functions/src/app';
import { ApiRouter, type LazyRouter } from '../../functions/src/core/http';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { TRANSIT_PURCHASE_FILTERS } from '../../functions/src/domains/commerce/achats/lookup';
import { planUserList } from '../../functions/src/domains/identity/profiles';
import { AUDIT_FILTERS, type AuditFilterName, type AuditListFilters, planAuditList } from '../../functions/src/domains/admin/audit/listing';
import { ADMIN_FILTERS as VERIFICATION_FILTERS, planInspectionList, type InspectionListFilters } from '../../functions/src/domains/catalog/inspection/listing';
import { ADMIN_FILTERS, type DeliveryListFilters, type DeliveryListScope, planDeliveryList } from '../../functions/src/domains/logistics/deliveries/listing';
import { PART_ACCESS_QUERIES } from '../../functions/src/domains/catalog/part-access';
import { type ArticleFilters, type ArticleSort, EQUALITY_FIELDS, planArticleQuery } from '../../functions/src/domains/catalog/search-query';
import { allRouters, CATCH_ALL_FUNCTION, FUNCTION_GROUPS, FUNCTION_NAMES, REGION } from '../../functions/src/groups';
import { serviceDocument } from '../../functions/src/openapi-document';

const root = join(__dirname, '..', '..');
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
const functionsDir = join(root, 'functions');
/** The deployed entry (`npm run build` writes it): what deploy discovery, the emulator and Cloud Functions load. */
const MAIN = join(functionsDir, JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')).main);
const DIST = dirname(MAIN);

/**
 * Runs `script` in a fresh Node process in functions/ and answers the JSON of its last line. As
 * deployed: without the cost log the emulator suite of the tests asks for (COST_LOG_DIR), unless `env` sets it.
 */
function inFreshProcess<T = string[]>(script: string, env: Record<string, string> = {}): T {
  const { COST_LOG_DIR: _suiteLog, ...deployed } = process.env;
  // The OpenAPI document it may print is over a MiB (execFileSync's default buffer): room for it.
  const output = execFileSync(process.execPath, ['-e', script], { cwd: functionsDir, env: { ...deployed, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(output.trim().split('\n').pop()!) as T;
}

describe('Hosting rewrites', () => {
  const rewrites: Array<{ source?: string; regex?: string; function: { functionId: string; region: string } }> = firebaseJson.hosting.rewrites;

  it('send every prefix, and everything below it, to its function in our region, and all else last to the catch-all function', () => {
    const expected = FUNCTION_NAMES.flatMap((name) =>
      FUNCTION_GROUPS[name].prefixes.flatMap((prefix) => {
        const target = { functionId: name, region: REGION };
        const exact = [{ source: prefix, function: target }];
        return prefix === '/' || prefix.endsWith('.json') ? exact : [...exact, { source: `${prefix}/**`, function: target }];
      }),
    );
    // Hosting's own 404 page is HTML: every other path gets the catch-all function's ApiError. A
    // regex, not `**`: a glob skips path segments that start with a dot (`/api/articles/..%2F..`).
    expect(rewrites).toEqual([...expected, { regex: '.*', function: { functionId: CATCH_ALL_FUNCTION, region: REGION } }]);
  });

  it('serve no static file, so that no path answers anything but the API', () => {
    const files = execFileSync('git', ['ls-files', firebaseJson.hosting.public], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.filter((file) => !file.split('/').pop()!.startsWith('.'))).toEqual([]);
  });

  it('use each prefix once', () => {
    const prefixes = FUNCTION_NAMES.flatMap((name) => FUNCTION_GROUPS[name].prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe('functions', () => {
  it('exports the eight HTTPS functions of the architecture, the schedules and the task queue', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = Object.keys(require('../../functions/src/index'));
    expect(exported.sort()).toEqual([
      'admin', 'agents', 'backfillDailyPresence', 'catalog', 'cleanUploads', 'closeDelivery', 'closeLapsedVerificationDecisions', 'commerce', 'core', 'deliveryRound', 'dispatchEvents', 'escalateDisputes', 'expireAdvertisements', 'expirePayment', 'expireTransitaireListings', 'hideLapsedSellerParts',
      'logistics', 'payments', 'pollPayments', 'pushNotifications', 'reconcileMoney', 'remindStaleHandovers', 'rollUpViews', 'sendAdminMessage', 'sendTemplateNotices', 'sweepEvents', 'transit',
    ]);
    expect(exported).toEqual(expect.arrayContaining(FUNCTION_NAMES));
  });

  it('loads the cost log only where the emulator suite asks for one, and logs each invocation and operation there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cost-log-'));
    try {
      const script = `const core = require(${JSON.stringify(MAIN)}).core; console.log(JSON.stringify(Object.keys(require.cache)));`;
      expect(inFreshProcess(script, { FUNCTION_TARGET: 'core' })).not.toContain(join(DIST, 'cost-log.js'));
      expect(inFreshProcess(script, { FUNCTION_TARGET: 'core', COST_LOG_DIR: dir })).toContain(join(DIST, 'cost-log.js'));
      // Each instance logs to a file of its own, one JSON line per invocation (and per Firestore operation).
      inFreshProcess(`require(${JSON.stringify(MAIN)}); require(${JSON.stringify(join(DIST, 'cost-log.js'))}).logInvocation(); console.log('[]');`, { FUNCTION_TARGET: 'core', COST_LOG_DIR: dir });
      const files = readdirSync(dir);
      expect(files).toEqual([expect.stringMatching(/^core-\d+\.jsonl$/)]);
      expect(readFileSync(join(dir, files[0]!), 'utf8')).toBe(`${JSON.stringify({ fn: 'core', kind: 'invocation' })}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads no route module, nor Express, when the deployed functions are loaded (deploy discovery, the emulator)', () => {
    const loaded = inFreshProcess(`require(${JSON.stringify(MAIN)}); console.log(JSON.stringify(Object.keys(require.cache)));`);
    expect(loaded.filter((file) => file.includes('/node_modules/express/') || file.includes('/functions/lib/'))).toEqual([]);
    // The entry and the triggers' file, not one function's app.
    expect(loaded.filter((file) => file.startsWith(DIST)).sort()).toEqual([join(DIST, 'index.js'), join(DIST, 'jobs.js')]);
  });

  it.each(FUNCTION_NAMES)(
    'runs an instance of %s on its own file: no other function, and no trigger, schedule or task module of firebase-functions',
    (name) => {
      const path = name === 'core' ? '/' : `${FUNCTION_GROUPS[name].prefixes[0]}/no/such/route`;
      const script =
        `const exported = require(${JSON.stringify(MAIN)});` +
        "const http = require('node:http');" +
        `const server = http.createServer(exported[${JSON.stringify(name)}]).listen(0, '127.0.0.1', () => {` +
        `  http.get({ host: '127.0.0.1', port: server.address().port, path: ${JSON.stringify(path)} }, (res) => {` +
        '    res.resume();' +
        '    res.on(\'end\', () => {' +
        '      server.close();' +
        '      console.log(JSON.stringify({ status: res.statusCode, exported: Object.keys(exported), loaded: Object.keys(require.cache) }));' +
        '    });' +
        '  });' +
        '});';
      // What Cloud Functions (and the Functions emulator) sets in the instance of one function.
      const { status, exported, loaded } = inFreshProcess<{ status: number; exported: string[]; loaded: string[] }>(script, { FUNCTION_TARGET: name, K_SERVICE: name });
      expect(status).toBe(name === 'core' ? 200 : 404);
      expect(exported.sort()).toEqual([...FUNCTION_NAMES].sort());
      expect(loaded.filter((file) => file.startsWith(DIST)).sort()).toEqual([join(DIST, `${name}.js`), join(DIST, 'index.js')].sort());
      expect(loaded.filter((file) => /firebase-functions\/lib\/v2\/providers\/(?!https)/.test(file))).toEqual([]);
    },
  );

  it('deploys the functions the sources declare, with the same options', () => {
    const endpoints = (module: Record<string, { __endpoint: unknown }>) => Object.fromEntries(Object.entries(module).map(([name, fn]) => [name, fn.__endpoint]));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(endpoints(require(MAIN))).toEqual(endpoints(require('../../functions/src/index')));
  });

  it('ships with the bundles that make invoices what their PDFs read on first use: fontkit and the font files, from packages deployed with them', () => {
    const dependencies = Object.keys(JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')).dependencies);
    const packageOf = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
    const bundles = readdirSync(DIST).filter((file) => readFileSync(join(DIST, file), 'utf8').includes('embedTextFonts'));
    expect(bundles.sort()).toEqual(['commerce.js', 'subscribers.js']);
    for (const bundle of bundles) {
      const source = readFileSync(join(DIST, bundle), 'utf8');
      // Left to node_modules, not parsed into the function's file at its cold start.
      expect({ bundle, fontkit: source.includes('import("@pdf-lib/fontkit")') }).toEqual({ bundle, fontkit: true });
      const fonts = [...source.matchAll(/"([^"\s]+\.ttf)"/g)].map(([, path]) => path);
      expect({ bundle, fonts: fonts.length }).toEqual({ bundle, fonts: 2 });
      for (const path of [...fonts, '@pdf-lib/fontkit']) expect({ path, deployed: dependencies.includes(packageOf(path)) }).toEqual({ path, deployed: true });
      // What the bundle does with them, from functions/ as deployed: each file parsed, with the letters of Benin's names.
      const script =
        "const { readFileSync } = require('node:fs');" +
        "import('@pdf-lib/fontkit').then(({ default: fontkit }) => {" +
        `  const fonts = ${JSON.stringify(fonts)}.map((path) => fontkit.create(readFileSync(require.resolve(path))));` +
        "  console.log(JSON.stringify(fonts.map((font) => [...'ƉɖƆɔƐɛẸẹỌọ'].filter((letter) => !font.hasGlyphForCodePoint(letter.codePointAt(0))))));" +
        '});';
      expect(inFreshProcess<string[][]>(script)).toEqual([[], []]);
    }
  });

  it('serves from the deployed core function the OpenAPI document the sources describe', async () => {
    const script =
      `const exported = require(${JSON.stringify(MAIN)});` +
      "const http = require('node:http');" +
      'const server = http.createServer(exported.core).listen(0, \'127.0.0.1\', () => {' +
      "  http.get({ host: '127.0.0.1', port: server.address().port, path: '/api-docs.json' }, (res) => {" +
      "    let body = '';" +
      "    res.on('data', (chunk) => { body += chunk; });" +
      "    res.on('end', () => { server.close(); console.log(body); });" +
      '  });' +
      '});';
    const served = inFreshProcess<unknown>(script, { FUNCTION_TARGET: 'core', K_SERVICE: 'core' });
    expect(served).toEqual(await serviceDocument(await allRouters()));
  });

  it.each(['/no-such-page', '/users', '/api', '/api/no-such-route', '/404.html'])(
    'answers NOT_FOUND as the catch-all function for %s, which no prefix serves',
    async (path) => {
      const res = await request(await createFunctionApp(CATCH_ALL_FUNCTION)).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toMatch(/no-store/);
    },
  );

  it.each(FUNCTION_NAMES)('answers NOT_FOUND in %s for a path it does not serve', async (name) => {
    const app = await createFunctionApp(name);
    const prefix = FUNCTION_GROUPS[name].prefixes[0];
    const res = await request(app).get(`${prefix === '/' ? '' : prefix}/no/such/route/here`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('routers loaded on demand', () => {
  const under = (path: string, prefix: string) => path === prefix || (prefix !== '/' && path.startsWith(`${prefix}/`));

  it.each(FUNCTION_NAMES)('%s: each router is loaded for paths under the function’s prefixes, and serves nothing outside them', async (name) => {
    for (const source of (await FUNCTION_GROUPS[name].routers()) as LazyRouter[]) {
      expect(source.paths.filter((path) => !FUNCTION_GROUPS[name].prefixes.some((prefix) => under(path, prefix)))).toEqual([]);
      const outside = (await source.load()).routes.map((route) => route.path).filter((path) => !source.paths.some((prefix) => under(path, prefix)));
      expect({ paths: source.paths, outside }).toEqual({ paths: source.paths, outside: [] });
    }
  });

  it('loads a router on the first request under its paths only, once, in mounting order, matching paths as Express does', async () => {
    const loads: string[] = [];
    const probe = (label: string, path: string, answer: string): LazyRouter => ({
      paths: [path],
      load: async () => {
        loads.push(label);
        return new ApiRouter().raw({ access: 'public', method: 'get', path: `${path}/x`, operationId: 'getProbe', tags: ['Test'], summary: label, contentTypes: ['text/plain'], handlers: [(_req, res) => void res.send(answer)] });
      },
    });
    const app = createApp([probe('first', '/api/a', 'from first'), probe('second', '/api/a', 'from second'), probe('other', '/api/b', 'from other')]);
    expect((await request(app).get('/api/c/x')).status).toBe(404);
    expect(loads).toEqual([]);
    // Case and a trailing slash do not matter to Express's routes: nor to loading.
    expect((await request(app).get('/API/A/X/')).text).toBe('from first');
    expect(loads).toEqual(['first']);
    expect((await request(app).get('/api/a/x')).text).toBe('from first');
    expect((await request(app).get('/api/a/y')).status).toBe(404);
    expect(loads).toEqual(['first', 'second']);
    expect((await request(app).get('/api/ab/x')).status).toBe(404);
    expect((await request(app).get('/api/b/x')).text).toBe('from other');
    expect(loads).toEqual(['first', 'second', 'other']);
  });
});

describe('Firestore configuration', () => {
  const indexes: Array<{ collectionGroup: string; fields: Array<{ fieldPath: string; order: string }> }> = JSON.parse(
    readFileSync(join(root, 'firestore.indexes.json'), 'utf8'),
  ).indexes;

  /**
   * Every subset of a list's filters (`plan` answers the equality fields the code would query, or
   * throws for a combination it refuses), with the ones no composite index serves: the equality
   * fields (ascending, or `array-contains` for `arrayFields`) then `createdAt` descending. A plan
   * without equality is served by the automatic index on `createdAt`.
   */
  function walkListPlans<N extends string>(group: string, names: readonly N[], plan: (chosen: N[]) => string[], arrayFields: readonly string[] = [], orderField = 'createdAt') {
    const issued: string[] = [];
    const missing: string[] = [];
    for (let mask = 0; mask < 2 ** names.length; mask += 1) {
      let fields: string[];
      try {
        fields = plan(names.filter((_, bit) => mask & (2 ** bit)));
      } catch {
        continue;
      }
      issued.push(fields.join('+'));
      if (fields.length === 0) continue;
      const match = indexes.find((index) => {
        const parts = index.fields as Array<{ fieldPath: string; order?: string; arrayConfig?: string }>;
        const last = parts[parts.length - 1];
        const head = parts.slice(0, -1);
        return (
          index.collectionGroup === group &&
          last.fieldPath === orderField &&
          last.order === 'DESCENDING' &&
          head.length === fields.length &&
          fields.every((field) => head.some((part) => part.fieldPath === field && (arrayFields.includes(field) ? part.arrayConfig === 'CONTAINS' : part.order === 'ASCENDING')))
        );
      });
      if (!match) missing.push(fields.join(' + '));
    }
    return { issued, missing };
  }

  // Every combination of filters the admin user list accepts.
  const combinations = [undefined, 'livreur' as const].flatMap((role) =>
    [undefined, true].flatMap((isBlocked) =>
      [{}, { namePrefix: 'zan' }, { telephone: '+2290100000000' }, { nationalNumber: '0100000000' }].map((search) => ({ role, isBlocked, ...search })),
    ),
  );

  it.each(combinations)('has the composite index the user list needs for %j', (filters) => {
    const plan = planUserList(filters);
    // Equality-only queries and single-field orders are served by automatic indexes.
    if (!plan.order || plan.equalities.length === 0) return;
    const wanted = [
      ...plan.equalities.map(([field]) => ({ fieldPath: field, order: 'ASCENDING' })),
      { fieldPath: plan.order.field, order: plan.order.direction === 'asc' ? 'ASCENDING' : 'DESCENDING' },
    ];
    const match = indexes.find(
      (index) =>
        index.collectionGroup === COLLECTIONS.users &&
        index.fields.length === wanted.length &&
        index.fields[index.fields.length - 1].fieldPath === wanted[wanted.length - 1].fieldPath &&
        index.fields[index.fields.length - 1].order === wanted[wanted.length - 1].order &&
        wanted.slice(0, -1).every((field) => index.fields.some((f) => f.fieldPath === field.fieldPath)),
    );
    expect(match).toBeDefined();
  });

  /** Firestore serves equality filters plus one order by merging the (field, order) indexes. */
  const hasMergeIndexes = (group: string, equalities: string[], order: { field: string; direction: 'asc' | 'desc' }) =>
    equalities.every((field) =>
      indexes.some(
        (index) =>
          index.collectionGroup === group &&
          index.fields.length === 2 &&
          index.fields[0].fieldPath === field &&
          index.fields[1].fieldPath === order.field &&
          index.fields[1].order === (order.direction === 'asc' ? 'ASCENDING' : 'DESCENDING'),
      ),
    );

  it('has the indexes of every listing query the code can issue', () => {
    const optional = EQUALITY_FIELDS.filter((field) => field !== 'statut' && field !== 'vendeurActif');
    const searches: Array<[ArticleFilters, ArticleSort]> = [];
    // Every subset of the optional filters, for every sort and range, on listings in public view
    // (online, and not a part of a seller without access).
    for (let mask = 0; mask < 2 ** optional.length; mask += 1) {
      const filters: ArticleFilters = { statut: 'en_ligne', vendeurActif: true };
      optional.forEach((field, bit) => {
        if (mask & (2 ** bit)) (filters as Record<string, unknown>)[field] = field === 'aLaUne' || field === 'sponsorise' ? true : 'x';
      });
      for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc'] as const) searches.push([filters, sort]);
      searches.push([{ ...filters, prixMin: 1 }, 'price_desc'], [{ ...filters, anneeMax: 2020 }, 'newest']);
    }
    searches.push([{ vendeur: 'x' }, 'created_desc'], [{ vendeur: 'x', statut: 'rejete' }, 'created_desc'], [{ statut: 'en_ligne', vendeurActif: true }, 'views_desc']);
    const missing = new Set(
      searches
        .map(([filters, sort]) => planArticleQuery(filters, sort))
        .filter((plan) => !hasMergeIndexes(COLLECTIONS.articles, plan.equalities.map(([field]) => field), plan.order))
        .flatMap((plan) => plan.equalities.map(([field]) => `${field} + ${plan.order.field} ${plan.order.direction}`)),
    );
    expect(searches.length).toBeGreaterThan(4000);
    expect([...missing]).toEqual([]);
  });

  it('has the composite indexes of the queries over sellers’ parts by the end of their access', () => {
    for (const { equality, range } of Object.values(PART_ACCESS_QUERIES)) {
      const match = indexes.find(
        (index) =>
          index.collectionGroup === COLLECTIONS.articles &&
          index.fields.length === 2 &&
          index.fields[0].fieldPath === equality &&
          index.fields[1].fieldPath === range &&
          index.fields[1].order === 'ASCENDING',
      );
      expect({ equality, range, match: match !== undefined }).toEqual({ equality, range, match: true });
    }
  });

  it('has the indexes of the advertisement lists', () => {
    for (const field of ['vendeur', 'statut', 'typePub']) {
      expect(hasMergeIndexes(COLLECTIONS.publicites, [field], { field: 'createdAt', direction: 'desc' })).toBe(true);
    }
    expect(hasMergeIndexes(COLLECTIONS.publicites, ['statut'], { field: 'dateFin', direction: 'asc' })).toBe(true);
  });

  it('has the indexes of the payment and purchase lists', () => {
    for (const field of ['userId', 'statut', 'type', 'failureReason']) {
      expect(hasMergeIndexes(COLLECTIONS.payments, [field], { field: 'createdAt', direction: 'desc' })).toBe(true);
    }
    // The poller: pending payments due soonest first.
    expect(hasMergeIndexes(COLLECTIONS.payments, ['statut'], { field: 'expiresAt', direction: 'asc' })).toBe(true);
    // The events' sweep (events not handed out, runs due) and the admins' list of parked runs.
    expect(hasMergeIndexes(COLLECTIONS.events, ['dispatch'], { field: 'dueAt', direction: 'asc' })).toBe(true);
    expect(hasMergeIndexes(COLLECTIONS.eventRuns, ['state'], { field: 'dueAt', direction: 'asc' })).toBe(true);
    expect(hasMergeIndexes(COLLECTIONS.eventRuns, ['state', 'type', 'subscriber'], { field: 'updatedAt', direction: 'desc' })).toBe(true);
    expect(hasMergeIndexes(COLLECTIONS.achats, ['acheteur'], { field: 'createdAt', direction: 'desc' })).toBe(true);
    // A seller's sold vehicles (GET /api/achat/sales): its purchases by status, newest first.
    expect(hasMergeIndexes(COLLECTIONS.achats, ['vendeur', 'statut'], { field: 'createdAt', direction: 'desc' })).toBe(true);
    // The public list of delivery zones: the active ones by name.
    expect(hasMergeIndexes(COLLECTIONS.deliveryZones, ['actif'], { field: 'nom', direction: 'asc' })).toBe(true);
  });

  it('has the indexes of the fair exchange: disputes by party, status or escalation, the deadlines’ job, the stale handovers', () => {
    const composite = (group: string, fields: string[]) =>
      indexes.some((index) => index.collectionGroup === group && index.fields.length === fields.length && fields.every((field, i) => index.fields[i].fieldPath === field));
    // GET /api/litiges/mine: `parties` array-contains, newest first.
    expect(composite(COLLECTIONS.litiges, ['parties', 'createdAt'])).toBe(true);
    // GET /api/admin/litiges: by status or escalation, newest first.
    expect(hasMergeIndexes(COLLECTIONS.litiges, ['statut', 'escalade'], { field: 'createdAt', direction: 'desc' })).toBe(true);
    // The hourly escalation: open, not escalated, past the deadline, the oldest first (disputes/escalation.ts).
    expect(composite(COLLECTIONS.litiges, ['statut', 'escalade', 'echeanceDecision'])).toBe(true);
    // The stale handovers: waiting, reminded or not, the oldest payment first (handover/stale.ts).
    for (const group of [COLLECTIONS.commandes, COLLECTIONS.achats]) expect(composite(group, ['statut', 'rappelRemise', 'payeLe'])).toBe(true);
  });

  it('has a composite index for every delivery list the code can issue, and refuses the filter combinations without one', () => {
    const names = ['statut', ...Object.keys(ADMIN_FILTERS)] as Array<keyof DeliveryListFilters>;
    const scopes: DeliveryListScope[] = [{ admin: true }, ...(['livreur', 'vendeurs', 'acheteur'] as const).map((field) => ({ admin: false as const, field, uid: 'u' }))];
    const issued: string[] = [];
    const missing: string[] = [];
    for (const scope of scopes) {
      // Every subset of the query's filters, for every kind of caller.
      const walked = walkListPlans(COLLECTIONS.deliveries, names, (chosen) => {
        const filters: DeliveryListFilters = {};
        for (const name of chosen) (filters as Record<string, string>)[name] = name === 'sansLivreur' || name === 'litige' ? 'true' : 'x';
        return planDeliveryList(scope, filters).map(([field]) => field);
      }, ['vendeurs']);
      issued.push(...walked.issued);
      missing.push(...walked.missing);
    }
    // Every admin filter alone and with statut is served; the own lists by role with statut too.
    for (const field of Object.values(ADMIN_FILTERS)) expect(issued).toEqual(expect.arrayContaining([field, `statut+${field}`]));
    expect(issued).toEqual(expect.arrayContaining(['livreur+statut', 'vendeurs+statut', 'acheteur+statut', 'statut']));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has a composite index for every verification request list the code can issue, and refuses the combinations without one', () => {
    const names = ['statut', ...VERIFICATION_FILTERS] as Array<keyof InspectionListFilters>;
    const { issued, missing } = walkListPlans(COLLECTIONS.verifications, names, (chosen) => {
      const filters: InspectionListFilters = {};
      for (const name of chosen) filters[name] = 'x';
      return planInspectionList(filters).map(([field]) => field);
    });
    expect(issued).toEqual(expect.arrayContaining(['statut', 'articleId', 'acheteur', 'statut+articleId', 'statut+acheteur']));
    expect(issued).not.toContain('statut+articleId+acheteur');
    expect(missing).toEqual([]);
    // The buyer's own list, its unfinished request of a listing, its latest one (transit), a listing's open ones (the admin PATCH).
    expect(hasMergeIndexes(COLLECTIONS.verifications, ['acheteur'], { field: 'createdAt', direction: 'desc' })).toBe(true);
    const exact = (group: string, fields: string[]) => indexes.some((index) => index.collectionGroup === group && index.fields.map((field) => `${field.fieldPath} ${field.order}`).join(',') === fields.join(','));
    expect(exact(COLLECTIONS.verifications, ['acheteur ASCENDING', 'articleId ASCENDING', 'statut ASCENDING'])).toBe(true);
    expect(exact(COLLECTIONS.verifications, ['acheteur ASCENDING', 'articleId ASCENDING', 'createdAt DESCENDING'])).toBe(true);
    expect(exact(COLLECTIONS.verifications, ['articleId ASCENDING', 'statut ASCENDING'])).toBe(true);
    // A refused verification's purchases of the listing (commerce).
    expect(exact(COLLECTIONS.achats, ['acheteur ASCENDING', 'articleId ASCENDING', 'statut ASCENDING'])).toBe(true);
  });

  it('has the composite index of the buyer’s transit purchase lookup (the journeys)', () => {
    const lookup = indexes.find(
      (index) => index.collectionGroup === COLLECTIONS.achats && index.fields.map((field) => `${field.fieldPath} ${field.order}`).join(',') === TRANSIT_PURCHASE_FILTERS.map((field) => `${field} ASCENDING`).join(','),
    );
    expect(lookup).toBeDefined();
  });

  it('has the indexes of the forwarder verification requests and reviews', () => {
    expect(hasMergeIndexes(COLLECTIONS.transitaireVerifications, ['statut'], { field: 'submittedAt', direction: 'desc' })).toBe(true);
    expect(hasMergeIndexes(COLLECTIONS.transitaireReviews, ['transitaireId'], { field: 'createdAt', direction: 'desc' })).toBe(true);
  });

  it('has the indexes of the transit mission lists', () => {
    // mes-parcours (acheteur [+ statut]), mes-missions (transitaire [+ statut]), acceptes (transitaire + statut in)
    expect(hasMergeIndexes(COLLECTIONS.transitMissions, ['acheteur', 'transitaire', 'statut'], { field: 'updatedAt', direction: 'desc' })).toBe(true);
  });

  it('has the indexes of the notification lists and the forwarder directory', () => {
    expect(hasMergeIndexes(COLLECTIONS.notifications, ['read'], { field: 'createdAt', direction: 'desc' })).toBe(true);
    expect(hasMergeIndexes(COLLECTIONS.transitaireDirectory, ['listed'], { field: 'average', direction: 'desc' })).toBe(true);
    expect(hasMergeIndexes(COLLECTIONS.transitaireDirectory, ['listed'], { field: 'subscribedUntil', direction: 'asc' })).toBe(true);
    // listed + a served country: the equality index merged with the array-contains one.
    const contains = indexes.find(
      (index) =>
        index.collectionGroup === COLLECTIONS.transitaireDirectory &&
        index.fields.length === 2 &&
        index.fields[0].fieldPath === 'paysDesservis' &&
        (index.fields[0] as { arrayConfig?: string }).arrayConfig === 'CONTAINS' &&
        index.fields[1].order === 'DESCENDING',
    );
    expect(contains).toBeDefined();
  });

  it('has the indexes of the referral lists', () => {
    // An agent's own (referrerId [+ statut]) and the admins' (statut, referrerId or neither), newest first.
    expect(hasMergeIndexes(COLLECTIONS.referrals, ['referrerId', 'statut'], { field: 'createdAt', direction: 'desc' })).toBe(true);
  });

  it('has the indexes of the admins’ list of stored documents (every combination: test/admin/admin-documents.test.ts)', () => {
    expect(hasMergeIndexes(COLLECTIONS.storedDocuments, ['kind', 'owner', 'deleted'], { field: 'createdAt', direction: 'desc' })).toBe(true);
  });

  it('has the collection-group index of a payment’s ledger entries (payments’ ledger and the reconciliation)', () => {
    // entriesOfPayment: collectionGroup('transactions').where('paymentId', '==', id), which no automatic index serves.
    const overrides: Array<{ collectionGroup: string; fieldPath: string; indexes: Array<{ order?: string; arrayConfig?: string; queryScope: string }> }> = JSON.parse(
      readFileSync(join(root, 'firestore.indexes.json'), 'utf8'),
    ).fieldOverrides;
    const override = overrides.find((entry) => entry.collectionGroup === COLLECTIONS.walletTransactions && entry.fieldPath === 'paymentId');
    expect(override?.indexes).toEqual(expect.arrayContaining([{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }]));
    // An override replaces the automatic indexes of the field: the collection's own stay declared.
    expect(override?.indexes).toEqual(expect.arrayContaining([{ order: 'ASCENDING', queryScope: 'COLLECTION' }, { order: 'DESCENDING', queryScope: 'COLLECTION' }]));
  });

  it('has a composite index for every audit trail list the code can issue (with a date range), and refuses a target id without its collection', () => {
    const names = Object.keys(AUDIT_FILTERS) as AuditFilterName[];
    const { issued, missing } = walkListPlans(
      COLLECTIONS.auditTrail,
      names,
      (chosen) => {
        const filters: AuditListFilters = { from: new Date(0), to: new Date() };
        for (const name of chosen) (filters as Record<string, string>)[name] = 'x';
        const plan = planAuditList(filters);
        expect(plan.order).toEqual({ field: 'at', direction: 'desc' });
        return plan.equalities.map(([field]) => field);
      },
      [],
      'at',
    );
    expect(issued).toEqual(expect.arrayContaining(['', 'actor.uid', 'action', 'target.collection', 'target.collection+target.id', 'actor.uid+action+target.collection+target.id']));
    expect(issued).not.toContain('target.id');
    expect(missing).toEqual([]);
  });

  it('names only known collections in the rules', () => {
    const rules = readFileSync(join(root, 'firestore.rules'), 'utf8');
    const matched = [...rules.matchAll(/match \/(\w+)\/\{/g)].map((m) => m[1]).filter((name) => name !== 'databases');
    expect(matched.length).toBeGreaterThan(0);
    for (const name of matched) expect([...Object.values(COLLECTIONS), 'realtime']).toContain(name);
  });
});
