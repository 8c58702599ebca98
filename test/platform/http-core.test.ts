/**
 * What every route inherits: envelopes, error codes, languages, request ids, CORS, headers, body
 * limits and authentication refusals.
 */
import { z } from 'zod';
import request from 'supertest';
import { createApp } from '../../functions/src/app';
import { auth } from '../../functions/src/core/firebase';
import { ApiRouter } from '../../functions/src/core/http';
import { createLogin, createUser, newBeninNumber, syntheticEmailOf } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';

beforeAll(resetEmulators);

/** Re-encodes an emulator ID token (unsigned) with changed claims. */
function withClaims(token: string, change: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...change };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

describe('health and envelopes', () => {
  it('answers the health check with the service name and version', async () => {
    const res = await (await api()).get('/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { service: 'vehicle-marketplace', version: '0.1.0', status: 'ok', time: expect.any(String) },
    });
  });

  it('answers unknown routes with NOT_FOUND in French by default, English on request', async () => {
    const fr = await (await api()).get('/api/nothing-here');
    expect(fr.status).toBe(404);
    expect(fr.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Cette ressource n’existe pas.' });
    const en = await (await api()).get('/api/nothing-here').set('Accept-Language', 'en-GB,en;q=0.9');
    expect(en.body.message).toBe('This resource does not exist.');
    const weighted = await (await api()).get('/api/nothing-here').set('Accept-Language', 'de, en;q=0.5, fr;q=0.8');
    expect(weighted.body.message).toBe('Cette ressource n’existe pas.');
  });

  it('refuses malformed JSON with INVALID_JSON', async () => {
    const res = await (await api()).post('/api/geo/normalize').set('Content-Type', 'application/json').send('{"telephone": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });

  it('refuses bodies over the limit with PAYLOAD_TOO_LARGE', async () => {
    const res = await (await api())
      .post('/api/geo/normalize')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ telephone: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('names every bad and unknown field in VALIDATION_ERROR details', async () => {
    const res = await (await api()).post('/api/geo/normalize').send({ telephone: 42, extra: true });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.telephone', reason: 'invalid_type' }),
        expect.objectContaining({ field: 'body.extra', reason: 'unknown_field' }),
      ]),
    );
  });

  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const echoed = await (await api()).get('/').set('X-Request-Id', 'client-abc-123');
    expect(echoed.headers['x-request-id']).toBe('client-abc-123');
    const generated = await (await api()).get('/').set('X-Request-Id', 'bad id with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows every origin and sets security headers', async () => {
    const preflight = await (await api())
      .options('/api/protected/me')
      .set('Origin', 'https://dashboard.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const res = await (await api()).get('/').set('Origin', 'https://anywhere.example');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('masks unexpected errors as INTERNAL, with the request id to find the log line', async () => {
    const failing = new ApiRouter().json({
      method: 'get',
      path: '/boom',
      operationId: 'getBoom',
      tags: ['Test'],
      summary: 'fails',
      access: 'public',
      success: { description: 'never', data: z.object({}) },
      handle: async () => {
        throw new Error('database password is hunter2');
      },
    });
    const res = await request(createApp([failing])).get('/boom').set('X-Request-Id', 'trace-1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, code: 'INTERNAL', message: 'Une erreur inattendue est survenue. Réessayez plus tard.' });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(res.headers['x-request-id']).toBe('trace-1');
  });
});

describe('authentication refusals', () => {
  it('refuses a missing or malformed Authorization header with UNAUTHENTICATED', async () => {
    for (const header of [undefined, 'Basic abc', 'Bearer', 'Bearer not-a-jwt']) {
      const call = (await api()).get('/api/protected/me');
      const res = await (header ? call.set('Authorization', header) : call);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses expired tokens and tokens of another project', async () => {
    const user = await createUser('acheteur');
    const expired = withClaims(user.token, { exp: Math.floor(Date.now() / 1000) - 60 });
    const foreign = withClaims(user.token, { aud: 'someone-else', iss: 'https://securetoken.google.com/someone-else' });
    for (const token of [expired, foreign]) {
      const res = await (await api()).get('/api/protected/me').set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect((await (await api()).get('/api/protected/me').set(bearer(user.token))).status).toBe(200);
  });

  it('refuses revoked tokens', async () => {
    const user = await createUser('acheteur');
    // Revocation is recorded to the second; make sure the token is older than it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await auth().revokeRefreshTokens(user.uid);
    const res = await (await api()).get('/api/protected/me').set(bearer(user.token));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('asks a valid token without profile to finish sign-up: PROFILE_REQUIRED', async () => {
    const login = await createLogin(syntheticEmailOf(newBeninNumber(), 'buyer'));
    const res = await (await api()).get('/api/protected/me').set(bearer(login.token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PROFILE_REQUIRED');
  });

  it('refuses the wrong role with FORBIDDEN_ROLE', async () => {
    const buyer = await createUser('acheteur');
    const res = await (await api()).get('/api/users').set(bearer(buyer.token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN_ROLE');
  });
});
