/**
 * Secrets are bound to the functions that read them. Deployed, a function gets only the secrets it
 * declares; the emulator hands every secret to every function. So: (1) the declaration of each
 * exported function (what `firebase deploy` reads) equals the secrets its code can reach, found
 * by walking its imports; (2) at run time a read outside the declaration throws everywhere;
 * (3) the webhooks refuse every call when their secret is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import request from 'supertest';
import { z } from 'zod';
import { createApp } from '../../functions/src/app';
import { ApiRouter } from '../../functions/src/core/http';
import { reloadConfig } from '../../functions/src/core/config';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { SECRET_NAMES, secret, UndeclaredSecretError, withSecrets } from '../../functions/src/core/secrets';
import { FUNCTION_GROUPS, FUNCTION_NAMES } from '../../functions/src/groups';
import { declaredJobs, MODULES } from '../../functions/src/modules';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { useFeexPaySandbox } from '../helpers/feexpay';

const SOURCE = join(__dirname, '..', '..', 'functions', 'src');
const RELATIVE_IMPORT = /(?:^|[^\w.])(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|(?:import|require)\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const SECRET_READ = /\b(?:secret|optionalSecret)\(\s*([^)]*?)\s*\)/g;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** Every module of functions/src reachable from `entries` by relative imports, type-only ones left out. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // groups.ts and modules.ts name every function's parts lazily: each function is walked from its own.
    if (file === join(SOURCE, 'groups.ts') || file === join(SOURCE, 'modules.ts')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = resolveModule(file, match[1] ?? match[2]);
      if (target) stack.push(target);
    }
  }
  return seen;
}

function secretsRead(files: Set<string>): string[] {
  const names = new Set<string>();
  for (const file of files) {
    if (file === join(SOURCE, 'core', 'secrets.ts')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(SECRET_READ)) names.add(JSON.parse(match[1].replace(/'/g, '"')) as string);
  }
  return [...names].sort();
}

/** Relative module paths named in a function's source text (lazy imports of the handler or the routers). */
function entriesOf(code: string, from: string): string[] {
  return [...code.matchAll(/['"](\.\/[\w./-]+)['"]/g)].map((match) => resolveModule(from, match[1])).filter((file): file is string => Boolean(file));
}

const manifestOf = (name: string) => join(SOURCE, 'domains', name, 'module.ts');

/**
 * What an HTTPS function runs of the modules: the routers it mounts, and where the payments
 * domain's routers are mounted, what each payment type costs (functions/scripts/bundle.mjs keeps the same).
 */
function httpsEntries(group: string): string[] {
  const payablesHere = MODULES.find((module) => module.name === 'payments')!.routers!.some((router) => router.group === group);
  return MODULES.flatMap((module) => [
    ...(module.routers ?? []).filter((router) => router.group === group).flatMap((router) => entriesOf(router.load.toString(), manifestOf(module.name))),
    ...(payablesHere ? Object.values(module.payables ?? {}).flatMap((amountDue) => entriesOf(amountDue.toString(), manifestOf(module.name))) : []),
  ]);
}

/** What a job runs: its module's declaration, or jobs.ts's own (the outbox's). */
function jobEntries(name: string, run: unknown): string[] {
  const declared = declaredJobs().find((job) => job.name === name);
  return declared ? entriesOf(declared.job.run.toString(), manifestOf(declared.module)) : entriesOf(String(run), join(SOURCE, 'jobs.ts'));
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const exported = require('../../functions/src/index') as Record<string, { __endpoint: { secretEnvironmentVariables?: Array<{ key: string }> }; run?: unknown }>;

describe('each function declares exactly the secrets its code reads', () => {
  const index = join(SOURCE, 'index.ts');
  // Triggers, schedules and task queues are built by jobs.ts from the modules' declarations (index.ts exports them).
  const jobs = join(SOURCE, 'jobs.ts');
  const app = join(SOURCE, 'app.ts');
  const cases = Object.keys(exported).map((name) => {
    const https = (FUNCTION_NAMES as string[]).includes(name);
    const entries = https ? [app, ...httpsEntries(name)] : jobEntries(name, exported[name].run);
    return { name, https, entries };
  });

  it.each(cases)('$name', ({ name, https, entries }) => {
    if (!https) expect(entries.length).toBeGreaterThan(0);
    const declared = (exported[name].__endpoint.secretEnvironmentVariables ?? []).map((variable) => variable.key).sort();
    expect({ name, declared }).toEqual({ name, declared: secretsRead(reachable(entries)) });
  });

  it('reads secrets only through core/secrets.ts, by literal name', () => {
    const offenders: string[] = [];
    for (const file of reachable([index, jobs, app, ...FUNCTION_NAMES.flatMap(httpsEntries), ...Object.keys(exported).flatMap((name) => jobEntries(name, exported[name].run))])) {
      if (file.endsWith(join('core', 'secrets.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const name of SECRET_NAMES) if (text.includes(`process.env.${name}`) || text.includes(`process.env['${name}']`)) offenders.push(`${file}: process.env.${name}`);
      for (const match of text.matchAll(SECRET_READ)) if (!/^'[A-Z_]+'$/.test(match[1])) offenders.push(`${file}: ${match[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('a secret the running function did not declare', () => {
  it('cannot be read, even though the environment (like the emulator) holds it', () => {
    expect(process.env.FEEXPAY_API_TOKEN).toBeTruthy();
    expect(() => withSecrets(['OTP_HMAC_SECRET'], () => secret('FEEXPAY_API_TOKEN'))).toThrow(UndeclaredSecretError);
    expect(withSecrets(['FEEXPAY_API_TOKEN'], () => secret('FEEXPAY_API_TOKEN'))).toBe(process.env.FEEXPAY_API_TOKEN);
  });

  it('is not readable by a request of a function that did not declare it', async () => {
    expect(FUNCTION_GROUPS.catalog.secrets).not.toContain('FEEXPAY_API_TOKEN');
    // A route that reads the payment token, served with the catalog's secrets, then the payments'.
    const probe = () =>
      new ApiRouter().json({
        method: 'get',
        path: '/probe',
        operationId: 'readToken',
        tags: ['Test'],
        summary: 'Reads the FeexPay token',
        access: 'public',
        success: { description: 'The length of the token', data: z.object({ length: z.number() }) },
        handle: async () => ({ length: secret('FEEXPAY_API_TOKEN').length }),
      });
    const asCatalog = await request(createApp([probe()], FUNCTION_GROUPS.catalog.secrets)).get('/probe');
    expect(asCatalog.status).toBe(500);
    expect(asCatalog.body.code).toBe('INTERNAL');
    // A JSON body is read from stream events, which do not carry the scope: the handler enters it again.
    const posting = new ApiRouter().json({
      method: 'post',
      path: '/probe',
      operationId: 'postToken',
      tags: ['Test'],
      summary: 'Reads the FeexPay token, with a body',
      access: 'public',
      body: z.strictObject({ any: z.string() }),
      success: { description: 'The length of the token', data: z.object({ length: z.number() }) },
      handle: async () => ({ length: secret('FEEXPAY_API_TOKEN').length }),
    });
    const withBody = await request(createApp([posting], FUNCTION_GROUPS.catalog.secrets)).post('/probe').send({ any: 'x'.repeat(200_000) });
    expect([withBody.status, withBody.body.code]).toEqual([500, 'INTERNAL']);
    const asPayments = await request(createApp([probe()], FUNCTION_GROUPS.payments.secrets)).get('/probe');
    expect(asPayments.status).toBe(200);
  });
});

describe('webhooks fail closed when their secret is unset', () => {
  useFeexPaySandbox();

  beforeAll(async () => {
    await resetEmulators();
  });

  it('refuses every payment callback, with or without a secret, and changes nothing', async () => {
    const seller = await createUser('vendeur');
    const client = await api();
    const started = await client
      .post('/api/payments/requesttopay/mtn')
      .set(bearer(seller.token))
      .send({ type: 'abonnement', montant: 5000, metadata: { months: '1' }, telephone: '+2290197000002' });
    expect(started.status).toBe(201);
    const saved = process.env.FEEXPAY_CALLBACK_SECRET;
    delete process.env.FEEXPAY_CALLBACK_SECRET;
    reloadConfig();
    try {
      for (const query of ['', '?secret=', '?secret=anything', `?secret=${saved}`]) {
        const res = await client.post(`/api/payments/webhook${query}`).send({ reference: started.body.data.reference, status: 'SUCCESSFUL' });
        expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 401, code: 'WEBHOOK_SIGNATURE_INVALID' });
      }
    } finally {
      process.env.FEEXPAY_CALLBACK_SECRET = saved;
      reloadConfig();
    }
    expect((await db().collection(COLLECTIONS.payments).doc(started.body.data.paymentId).get()).get('statut')).toBe('pending');
  });
});
