/**
 * The guard of declared error codes: a route that answers a code its declaration does not name is
 * reported (by its handler, a `before` check or a raw handler), a declared or implied code is not,
 * and the run's reporter fails with each route and code once, whichever worker saw it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { z } from 'zod';
import { createApp } from '../../functions/src/app';
import { ApiError } from '../../functions/src/core/errors';
import { ApiRouter } from '../../functions/src/core/http';
import { observeUndeclaredCodes, type UndeclaredCode } from '../../functions/src/core/undeclared-codes';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const UndeclaredCodesReporter = require('../setup/undeclared-codes-reporter');

function guardRouter() {
  const router = new ApiRouter();
  const route = { tags: ['Test'], summary: 'a route', access: 'public' as const, success: { description: 'nothing', data: z.object({}) } };
  router.json({ ...route, method: 'get', path: '/api/guard/declared', operationId: 'getGuardDeclared', errors: ['PAGE_TOO_DEEP'], handle: async () => Promise.reject(new ApiError('PAGE_TOO_DEEP')) });
  router.json({ ...route, method: 'get', path: '/api/guard/undeclared', operationId: 'getGuardUndeclared', errors: ['PAGE_TOO_DEEP'], handle: async () => Promise.reject(new ApiError('INVALID_TRANSITION')) });
  // An implied code (a query declared: VALIDATION_ERROR) is declared.
  router.json({ ...route, method: 'get', path: '/api/guard/implied', operationId: 'getGuardImplied', query: z.strictObject({ n: z.coerce.number() }), handle: async () => ({}) });
  router.json({ ...route, method: 'get', path: '/api/guard/before', operationId: 'getGuardBefore', before: [(_req, _res, next) => next(new ApiError('WEBHOOK_SIGNATURE_INVALID'))], handle: async () => ({}) });
  router.raw({
    method: 'get',
    path: '/api/guard/raw',
    operationId: 'getGuardRaw',
    tags: ['Test'],
    summary: 'raw',
    access: 'public',
    contentTypes: ['text/plain'],
    errors: ['NOT_FOUND'],
    handlers: [(_req, _res, next) => next(new ApiError('INVALID_TRANSITION'))],
  });
  return router;
}

describe('a route answering a code it does not declare', () => {
  let reports: UndeclaredCode[] = [];
  let restore: ReturnType<typeof observeUndeclaredCodes> | undefined;
  beforeEach(() => {
    reports = [];
    restore = observeUndeclaredCodes((report) => reports.push(report));
  });
  afterEach(() => restore && observeUndeclaredCodes(restore));

  it('is reported with its route and code, while declared, implied and unrouted answers are not', async () => {
    const app = request(createApp([guardRouter()]));
    expect((await app.get('/api/guard/declared')).body.code).toBe('PAGE_TOO_DEEP');
    expect((await app.get('/api/guard/implied?n=x')).body.code).toBe('VALIDATION_ERROR');
    expect((await app.get('/api/guard/nothing-here')).body.code).toBe('NOT_FOUND');
    expect(reports).toEqual([]);
    const undeclared = await app.get('/api/guard/undeclared');
    // The caller's answer is unchanged: the guard reports, it does not refuse.
    expect(undeclared.status).toBe(409);
    expect(undeclared.body.code).toBe('INVALID_TRANSITION');
    expect((await app.get('/api/guard/before')).body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await app.get('/api/guard/raw')).body.code).toBe('INVALID_TRANSITION');
    expect(reports.map(({ route, code }) => `${route} -> ${code}`)).toEqual([
      'GET /api/guard/undeclared -> INVALID_TRANSITION',
      'GET /api/guard/before -> WEBHOOK_SIGNATURE_INVALID',
      'GET /api/guard/raw -> INVALID_TRANSITION',
    ]);
    expect(reports.every(({ requestId }) => typeof requestId === 'string' && requestId.length > 0)).toBe(true);
  });
});

describe('the run’s reporter', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'undeclared-codes-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails the run listing each route and code once, with a test that got it, from every worker', () => {
    const record = (route: string, code: string, test: string) => JSON.stringify({ route, code, test });
    writeFileSync(join(dir, '101.jsonl'), `${record('POST /api/orders', 'DELIVERY_OUT_OF_ZONE', 'test/a.test.ts › one')}\n${record('POST /api/orders', 'DELIVERY_OUT_OF_ZONE', 'test/a.test.ts › two')}\n`);
    writeFileSync(join(dir, '102.jsonl'), `${record('POST /api/achat', 'DELIVERY_PICKUP_UNKNOWN', 'test/b.test.ts › three')}\n`);
    const reporter = new UndeclaredCodesReporter({}, { dir });
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      reporter.onRunComplete();
    } finally {
      stderr.mockRestore();
    }
    const error: Error | undefined = reporter.getLastError();
    expect(error?.message.split('\n')).toEqual([
      expect.stringContaining('2 error code(s) answered by a route that does not declare them'),
      '  POST /api/achat -> DELIVERY_PICKUP_UNKNOWN   (test/b.test.ts › three)',
      '  POST /api/orders -> DELIVERY_OUT_OF_ZONE   (test/a.test.ts › one)',
    ]);
  });

  it('lets a run pass when no route answered an undeclared code', () => {
    const reporter = new UndeclaredCodesReporter({}, { dir });
    reporter.onRunComplete();
    expect(reporter.getLastError()).toBeUndefined();
  });
});
