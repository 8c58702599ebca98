/** /api/upload: listing media through the storage adapter (local disk here), typed by content. */
import { createUser } from './helpers/accounts';
import { api, bearer, bytes } from './helpers/api';
import { resetEmulators } from './helpers/emulators';
import { asDeployed, restoreSettings, useSettings } from './helpers/settings';

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
