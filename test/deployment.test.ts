/**
 * The deployed shape: Hosting rewrites in step with the functions' prefixes, the exported
 * functions, lazy loading, empty groups answering NOT_FOUND, and the composite indexes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createFunctionApp } from '../functions/src/app';
import { COLLECTIONS } from '../functions/src/core/firestore';
import { planUserList } from '../functions/src/domains/identity/repository';
import { FUNCTION_GROUPS, FUNCTION_NAMES, REGION } from '../functions/src/groups';

const root = join(__dirname, '..');
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));

describe('Hosting rewrites', () => {
  const rewrites: Array<{ source: string; function: { functionId: string; region: string } }> = firebaseJson.hosting.rewrites;

  it('send every prefix, and everything below it, to its function in our region', () => {
    const expected = FUNCTION_NAMES.flatMap((name) =>
      FUNCTION_GROUPS[name].prefixes.flatMap((prefix) => {
        const target = { functionId: name, region: REGION };
        const exact = [{ source: prefix, function: target }];
        return prefix === '/' || prefix.endsWith('.json') ? exact : [...exact, { source: `${prefix}/**`, function: target }];
      }),
    );
    expect(rewrites).toEqual(expected);
  });

  it('use each prefix once', () => {
    const prefixes = FUNCTION_NAMES.flatMap((name) => FUNCTION_GROUPS[name].prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe('functions', () => {
  it('exports the eight HTTPS functions of the architecture', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = Object.keys(require('../functions/src/index'));
    expect(exported.sort()).toEqual(['admin', 'agents', 'catalog', 'commerce', 'core', 'logistics', 'payments', 'transit']);
    expect(FUNCTION_NAMES.sort()).toEqual(exported.sort());
  });

  it('loads no route module, nor Express, when the functions are loaded', () => {
    const script =
      "require('./functions/lib/index.js');" +
      "const loaded = Object.keys(require.cache);" +
      "console.log(JSON.stringify({ express: loaded.some((f) => f.includes('/node_modules/express/')), domains: loaded.filter((f) => f.includes('/lib/domains/')).length }));";
    const output = execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').pop()!)).toEqual({ express: false, domains: 0 });
  });

  it.each(FUNCTION_NAMES.filter((name) => name !== 'core'))('answers NOT_FOUND under %s until its routes exist', async (name) => {
    const app = await createFunctionApp(name);
    const prefix = FUNCTION_GROUPS[name].prefixes[0];
    const res = await request(app).get(`${prefix}/anything`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('Firestore configuration', () => {
  const indexes: Array<{ collectionGroup: string; fields: Array<{ fieldPath: string; order: string }> }> = JSON.parse(
    readFileSync(join(root, 'firestore.indexes.json'), 'utf8'),
  ).indexes;

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

  it('names only known collections in the rules', () => {
    const rules = readFileSync(join(root, 'firestore.rules'), 'utf8');
    const matched = [...rules.matchAll(/match \/(\w+)\/\{/g)].map((m) => m[1]).filter((name) => name !== 'databases');
    expect(matched.length).toBeGreaterThan(0);
    for (const name of matched) expect([...Object.values(COLLECTIONS), 'realtime']).toContain(name);
  });
});
