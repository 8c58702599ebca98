/**
 * docs/api-conventions.md, "Deprecation": "a deprecated route's answers carry `Deprecation`
 * (RFC 9745) and `Sunset` (RFC 8594) headers" and "both shapes live side by side for at least 180
 * days after the release that deprecates them".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ApiRouter } from '../../functions/src/core/http';
import { createUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8'));

describe('the deprecated transit paths (/api/transit, replaced by /api/transit-missions)', () => {
  it('answer with Deprecation and Sunset, a signed-in success and a refusal alike; the new paths do not', async () => {
    const buyer = await createUser('acheteur');
    const client = await api();
    const old = await client.get('/api/transit/mes-parcours').set(bearer(buyer.token));
    expect(old.status).toBe(200);
    expect(old.headers.deprecation).toBe('@1795910400'); // 2026-11-29T00:00:00Z
    expect(old.headers.sunset).toBe('Fri, 28 May 2027 00:00:00 GMT');
    const refused = await client.get('/api/transit/mes-parcours');
    expect(refused.status).toBe(401);
    expect(refused.headers.sunset).toBe('Fri, 28 May 2027 00:00:00 GMT');
    const current = await client.get('/api/transit-missions/mes-parcours').set(bearer(buyer.token));
    expect(current.status).toBe(200);
    expect(current.body).toEqual(old.body);
    expect(current.headers.deprecation).toBeUndefined();
    expect(current.headers.sunset).toBeUndefined();
  });

  it('are deprecated in the document with their sunset, their replacement and the headers; the new ones are not', () => {
    const old = document.paths['/api/transit/mes-parcours'].get;
    expect(old.deprecated).toBe(true);
    expect(old['x-sunset']).toBe('2027-05-28');
    expect(old.description).toContain('Deprecated since 2026-11-29; removed in a major release after 2027-05-28');
    expect(old.description).toContain('Use the same path under `/api/transit-missions`.');
    expect(Object.keys(old.responses['200'].headers)).toEqual(['Deprecation', 'Sunset']);
    const current = document.paths['/api/transit-missions/mes-parcours'].get;
    expect(current.deprecated).toBeUndefined();
    expect(current['x-sunset']).toBeUndefined();
    expect(current.responses['200'].headers).toBeUndefined();
  });
});

describe('a deprecation the policy does not allow', () => {
  const route = (deprecated: { since: string; sunset: string; use: string }) => () =>
    new ApiRouter().json({
      method: 'get',
      path: '/api/old',
      operationId: 'getOld',
      tags: ['Health'],
      summary: 'Old',
      access: 'public',
      deprecated,
      success: { description: 'Old', data: z.object({}) },
      handle: async () => ({}),
    });

  it('stops the router from being built: fewer than 180 days, or a date that is not a day', () => {
    expect(route({ since: '2026-11-29', sunset: '2027-05-27', use: '/api/new' })).toThrow('GET /api/old: a deprecated route lives 180 days at least before its sunset');
    expect(route({ since: '2026-11-29', sunset: 'next spring', use: '/api/new' })).toThrow("GET /api/old: a deprecation's since and sunset are YYYY-MM-DD days");
    expect(route({ since: '2026-11-29', sunset: '2027-05-28', use: '/api/new' })).not.toThrow();
  });
});
