/** Web dashboard sessions: X-Client-Platform: web requests need a live X-Web-Session-Id. */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, resetClock } from '../helpers/settings';

beforeAll(resetEmulators);
afterEach(resetClock);

async function start(user: TestUser) {
  const res = await (await api()).post('/api/auth/web-session').set(bearer(user.token)).set('X-Client-Platform', 'web').send({ userAgent: 'Firefox' });
  expect(res.status).toBe(201);
  return res.body.data.sessionId as string;
}

const me = async (user: TestUser, sessionId?: string) => {
  const call = (await api()).get('/api/protected/me').set(bearer(user.token)).set('X-Client-Platform', 'web');
  return sessionId ? call.set('X-Web-Session-Id', sessionId) : call;
};

const session = async (id: string) => (await db().collection(COLLECTIONS.webSessions).doc(id).get()).data();

it('starts a session and lets the dashboard use it', async () => {
  const admin = await createUser('admin');
  const id = await start(admin);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await session(id)).toMatchObject({ uid: admin.uid, userAgent: 'Firefox' });
  expect((await me(admin, id)).status).toBe(200);
});

it('refuses web requests without, with an unknown, or with another user’s session', async () => {
  const admin = await createUser('admin');
  const other = await createUser('gestionnaire');
  const othersSession = await start(other);
  const missing = await me(admin);
  expect(missing.status).toBe(401);
  expect(missing.body.code).toBe('WEB_SESSION_REQUIRED');
  expect((await me(admin, '4d1c3c7e-0000-4000-8000-000000000000')).body.code).toBe('WEB_SESSION_INVALID');
  expect((await me(admin, 'not-a-uuid')).body.code).toBe('WEB_SESSION_INVALID');
  expect((await me(admin, othersSession)).body.code).toBe('WEB_SESSION_INVALID');
  // The mobile apps send no platform header and need no session.
  expect((await (await api()).get('/api/protected/me').set(bearer(admin.token))).status).toBe(200);
});

it('expires after 30 idle minutes, refreshing the idle clock at most once a minute', async () => {
  const move = frozenClock();
  const admin = await createUser('admin');
  const id = await start(admin);
  const started = (await session(id))!.lastSeenAt.toMillis();

  move(10 * 60 * 1000);
  expect((await me(admin, id)).status).toBe(200);
  const touched = (await session(id))!.lastSeenAt.toMillis();
  expect(touched).toBe(started + 10 * 60 * 1000);

  move(30 * 1000);
  expect((await me(admin, id)).status).toBe(200);
  expect((await session(id))!.lastSeenAt.toMillis()).toBe(touched);

  move(29 * 60 * 1000);
  expect((await me(admin, id)).status).toBe(200);

  move(30 * 60 * 1000 + 1000);
  const expired = await me(admin, id);
  expect(expired.status).toBe(401);
  expect(expired.body.code).toBe('WEB_SESSION_EXPIRED');
});

it('ends a session with DELETE', async () => {
  const admin = await createUser('admin');
  const id = await start(admin);
  const client = await api();
  const end = await client.delete('/api/auth/web-session').set(bearer(admin.token)).set('X-Client-Platform', 'web').set('X-Web-Session-Id', id);
  expect(end.body).toEqual({ success: true, data: { ended: true } });
  expect((await me(admin, id)).body.code).toBe('WEB_SESSION_INVALID');
  const missing = await client.delete('/api/auth/web-session').set(bearer(admin.token));
  expect(missing.body.code).toBe('WEB_SESSION_REQUIRED');
});

it('refuses a bad session request body', async () => {
  const admin = await createUser('admin');
  const res = await (await api()).post('/api/auth/web-session').set(bearer(admin.token)).send({ sessionId: 'mine' });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
});
