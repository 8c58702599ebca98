/** /api/upload: listing media through the storage adapter (local disk here), typed by content. */
import { createHash } from 'node:crypto';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { cleanUploads } from '../../functions/src/domains/catalog/uploads/cleanup';
import { createUser } from '../helpers/accounts';
import { api, bearer, bytes } from '../helpers/api';
import { carInput } from '../helpers/catalog';
import { resetEmulators } from '../helpers/emulators';
import { asDeployed, frozenClock, resetClock, restoreSettings, useSettings } from '../helpers/settings';
import { uploadCard } from '../helpers/transit';

beforeAll(resetEmulators);
afterEach(restoreSettings);

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake image body '.repeat(20))]);
const PNG = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 1)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(128, 2)]);

it('stores a seller’s photo, typed by its bytes, and serves it back', async () => {
  const seller = await createUser('vendeur');
  const client = await api();
  const res = await client.post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'application/octet-stream').send(JPEG);
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length, path: expect.stringMatching(/^images\/[0-9a-f-]+\.jpg$/) });
  const file = await client.get(res.body.data.url).buffer(true).parse(bytes);
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toBe('image/jpeg');
  expect(Buffer.compare(file.body as Buffer, JPEG)).toBe(0);
  const png = await client.post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'image/png').send(PNG);
  expect(png.body.data.contentType).toBe('image/png');
});

it('refuses a file whose bytes are not an accepted type, whatever its Content-Type says', async () => {
  const seller = await createUser('vendeur');
  const client = await api();
  for (const [body, type] of [
    [Buffer.from('<?php echo "hi"; ?>'), 'image/jpeg'],
    [MP4, 'image/jpeg'],
    [Buffer.alloc(0), 'image/png'],
  ] as const) {
    const res = await client.post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  }
});

it('refuses files over the configured size with FILE_TOO_LARGE', async () => {
  useSettings({ UPLOAD_IMAGE_MAX_BYTES: '2048' });
  const seller = await createUser('vendeur');
  const big = Buffer.concat([JPEG, Buffer.alloc(4096)]);
  const res = await (await api()).post('/api/upload/image').set(bearer(seller.token)).set('Content-Type', 'image/jpeg').send(big);
  expect(res.status).toBe(413);
  expect(res.body.code).toBe('FILE_TOO_LARGE');
});

it('keeps photo uploads to sellers, and takes public videos under a rate limit per IP', async () => {
  const buyer = await createUser('acheteur');
  const client = await api();
  expect((await client.post('/api/upload/image').set(bearer(buyer.token)).set('Content-Type', 'image/jpeg').send(JPEG)).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.post('/api/upload/image').set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(401);

  useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true', UPLOAD_VIDEO_RATE_LIMIT_MAX: '2' });
  asDeployed(); // the X-Forwarded-For entries below are the platform's, one per client
  const upload = () => client.post('/api/upload/video').set('X-Forwarded-For', '198.51.100.90').set('Content-Type', 'video/mp4').send(MP4);
  const first = await upload();
  expect(first.status).toBe(201);
  expect(first.body.data).toMatchObject({ contentType: 'video/mp4', path: expect.stringMatching(/^videos\/.+\.mp4$/) });
  expect((await upload()).status).toBe(201);
  const limited = await upload();
  expect(limited.status).toBe(429);
  expect(limited.body.code).toBe('RATE_LIMITED');
  const image = await client.post('/api/upload/video').set('X-Forwarded-For', '198.51.100.91').set('Content-Type', 'video/mp4').send(JPEG);
  expect(image.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
});

it('answers FILE_NOT_FOUND for a file that is not stored', async () => {
  const res = await (await api()).get('/api/upload/files/images/nothing.jpg');
  expect(res.status).toBe(404);
  expect(res.body.code).toBe('FILE_NOT_FOUND');
});

describe('quota and clean-up of stored files', () => {
  const upload = async (token: string) => (await api()).post('/api/upload/image').set(bearer(token)).set('Content-Type', 'image/jpeg').send(JPEG);
  const stored = async (path: string) => (await (await api()).get(`/api/upload/files/${path}`)).status;
  const record = async (path: string) => (await db().collection(COLLECTIONS.uploads).doc(createHash('sha256').update(path).digest('hex')).get()).data();

  afterEach(resetClock);

  it('refuses a user’s files past UPLOAD_DAILY_MAX_PER_USER in a business day, storing nothing, and takes them again the next day', async () => {
    const move = frozenClock(new Date('2026-11-22T10:00:00Z'));
    useSettings({ UPLOAD_DAILY_MAX_PER_USER: '2' });
    const seller = await createUser('vendeur');
    const other = await createUser('vendeur');
    expect((await upload(seller.token)).status).toBe(201);
    expect((await upload(seller.token)).status).toBe(201);
    const refused = await upload(seller.token);
    expect([refused.status, refused.body.code]).toEqual([429, 'UPLOAD_QUOTA_EXCEEDED']);
    expect((await db().collection(COLLECTIONS.uploads).where('owner', '==', seller.uid).get()).size).toBe(2);
    // Identity cards count too; another user has its own quota.
    await uploadCard(await createUser('transitaire'));
    expect((await upload(other.token)).status).toBe(201);
    move(24 * 60 * 60 * 1000);
    expect((await upload(seller.token)).status).toBe(201);
  });

  it('deletes, after the grace period, the files no listing, profile or verification file references', async () => {
    const move = frozenClock(new Date('2026-11-22T10:00:00Z'));
    const seller = await createUser('vendeur');
    const [shown, dropped, orphan, avatar] = await Promise.all([1, 2, 3, 4].map(async () => (await upload(seller.token)).body.data as { path: string; url: string }));
    const client = await api();
    const base = 'https://marketplace.example';
    const listing = await client.post('/api/articles').set(bearer(seller.token)).send(carInput({ photos: [`${base}${shown.url}`, `${base}${dropped.url}`] }));
    expect(listing.status).toBe(201);
    expect(listing.body.data.mediaPaths).toBeUndefined(); // server bookkeeping, not part of the listing
    expect((await client.patch('/api/users/me').set(bearer(seller.token)).send({ photoUrl: `${base}${avatar.url}` })).status).toBe(200);
    const card = await submittedCard();

    move(23 * 60 * 60 * 1000);
    await cleanUploads();
    expect(await stored(orphan.path)).toBe(200); // still within the grace period
    move(2 * 60 * 60 * 1000);
    expect((await cleanUploads()).deleted).toBeGreaterThanOrEqual(1);
    expect(await stored(orphan.path)).toBe(404);
    expect(await record(orphan.path)).toBeUndefined();
    for (const kept of [shown.path, dropped.path, avatar.path]) expect(await stored(kept)).toBe(200);
    expect(await record(card)).toBeDefined();

    // The listing drops a photo: once the referenced files are looked at again, that one goes.
    expect((await client.patch(`/api/articles/${listing.body.data.id}`).set(bearer(seller.token)).send({ photos: [`${base}${shown.url}`] })).status).toBe(200);
    move(31 * 24 * 60 * 60 * 1000);
    await cleanUploads();
    expect(await stored(dropped.path)).toBe(404);
    expect(await stored(shown.path)).toBe(200);
    expect(await stored(avatar.path)).toBe(200);
    expect(await record(card)).toBeDefined();
    // A second run finds nothing more to delete.
    expect((await cleanUploads()).deleted).toBe(0);
  });

  /** An identity card held by a submitted verification file (so referenced); its stored path. */
  async function submittedCard() {
    const forwarder = await createUser('transitaire');
    const [front, back] = [await uploadCard(forwarder), await uploadCard(forwarder)];
    const submitted = await (await api())
      .post('/api/transitaires/verification/submit')
      .set(bearer(forwarder.token))
      .send({ cardFront: front, cardBack: back, companyName: 'Transit Bénin', registrationRef: 'RB/COT/25', pays: 'BJ', adresse: 'Zone portuaire, Cotonou' });
    expect(submitted.status).toBe(200);
    return front;
  }
});
