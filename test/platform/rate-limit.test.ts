/**
 * The authentication rate limit: counted in Firestore and shared by every instance, keyed by the
 * client IP from the platform's proxy chain (as deployed: test/platform/client-ip.test.ts covers how the
 * address is found on each entry path, and off the platform).
 */
import request from 'supertest';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { resetEmulators } from '../helpers/emulators';
import { asDeployed, oneInstantPerTestInAWindow, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
oneInstantPerTestInAWindow();

type App = Parameters<typeof request>[0];

/**
 * A separate copy of the auth routes with their own module instances (rate limiter included), as
 * another function instance would have. Loaded synchronously so every module is the copy's own.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
function newInstance(): Promise<App> {
  let app: App | undefined;
  jest.isolateModules(() => {
    const { createApp } = require('../../functions/src/app') as typeof import('../../functions/src/app');
    app = createApp([
      (require('../../functions/src/domains/account-security/routes') as typeof import('../../functions/src/domains/account-security/routes')).router,
      (require('../../functions/src/domains/identity/routes') as typeof import('../../functions/src/domains/identity/routes')).router,
    ]);
  });
  return Promise.resolve(app!);
}
/* eslint-enable @typescript-eslint/no-require-imports */

const body = { telephone: '+2290199000000' };

it('shares one count between instances and answers RATE_LIMITED with Retry-After', async () => {
  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_MAX: '3' });
  asDeployed();
  const [first, second] = await Promise.all([newInstance(), newInstance()]);
  const from = (app: App) => request(app).post('/api/push-otp/request').set('X-Forwarded-For', '203.0.113.7').send(body);

  expect((await from(first)).status).toBe(404); // unknown number, but counted
  expect((await from(second)).status).toBe(404);
  const third = await from(first);
  expect(third.status).toBe(404);
  expect(third.headers.ratelimit).toMatch(/remaining=0/);

  const fourth = await from(second);
  expect(fourth.status).toBe(429);
  expect(fourth.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: 'Trop de requêtes. Réessayez plus tard.' });
  expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  expect(fourth.headers['ratelimit-policy']).toMatch(/^3;w=900/);

  // The other auth routes share the count.
  expect((await request(first).post('/api/auth/register').set('X-Forwarded-For', '203.0.113.7').send({})).status).toBe(429);
  // Another client is not affected.
  expect((await request(second).post('/api/push-otp/request').set('X-Forwarded-For', '203.0.113.8').send(body)).status).toBe(404);

  const counters = await db().collection(COLLECTIONS.rateLimits).where('scope', '==', 'auth').get();
  expect(counters.size).toBe(2);
  for (const counter of counters.docs) expect(counter.get('expireAt').toMillis()).toBeGreaterThan(Date.now());
});

it('gives no fresh count to a client that writes its own X-Forwarded-For entries', async () => {
  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_MAX: '2' });
  asDeployed();
  const app = await newInstance();
  const statuses = [];
  for (const chain of ['198.51.100.4', '1.1.1.1, 198.51.100.4', '9.9.9.9, 8.8.8.8, 198.51.100.4']) {
    statuses.push((await request(app).post('/api/push-otp/verify-code').set('X-Forwarded-For', chain).send({})).status);
  }
  expect(statuses).toEqual([400, 400, 429]);
});

it('can be turned off', async () => {
  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'false', AUTH_RATE_LIMIT_MAX: '1' });
  const app = await newInstance();
  for (let i = 0; i < 3; i += 1) {
    expect((await request(app).post('/api/push-otp/verify-code').set('X-Forwarded-For', '192.0.2.50').send({})).status).toBe(400);
  }
});
