/**
 * Identity cards of forwarders: stored in the uploader's private area (`kyc/{uid}/...`), read back
 * by their owner only, by admins through short-lived signed links, never by the public files route.
 */
import { createUser, type TestUser } from '../helpers/accounts';
import { api, bearer, bytes } from '../helpers/api';
import { resetEmulators } from '../helpers/emulators';
import { frozenClock, restoreSettingsAndClockAfterEach, useSettings } from '../helpers/settings';
import { CARD_JPEG, uploadCard } from '../helpers/transit';

let admin: TestUser;
beforeAll(async () => {
  await resetEmulators();
  admin = await createUser('admin');
});
restoreSettingsAndClockAfterEach();

const nameOf = (path: string) => path.split('/').pop()!;
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(128, 2)]);

/** A forwarder that submitted its file; the admin's view of it, with its signed links. */
async function submitted() {
  const forwarder = await createUser('transitaire');
  const client = await api();
  const file = { cardFront: await uploadCard(forwarder), cardBack: await uploadCard(forwarder), companyName: 'Lagune Transit', registrationRef: 'RB/COT/25 B 7', pays: 'BJ', adresse: 'Cotonou' };
  expect((await client.post('/api/transitaires/verification/submit').set(bearer(forwarder.token)).send(file)).status).toBe(200);
  const view = await client.get(`/api/transitaires/verification/admin/demandes/${forwarder.uid}`).set(bearer(admin.token));
  expect(view.status).toBe(200);
  return { forwarder, file, links: view.body.data.cardLinks as { cardFront: string; cardBack: string; expiresAt: string } };
}

it('stores a forwarder’s card in its private area and serves it to its owner only', async () => {
  const [owner, other, buyer] = [await createUser('transitaire'), await createUser('transitaire'), await createUser('acheteur')];
  const client = await api();
  const stored = await client.post('/api/upload/kyc').set(bearer(owner.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG);
  expect(stored.status).toBe(201);
  const name = nameOf(stored.body.data.path);
  expect(stored.body.data).toEqual({ path: `kyc/${owner.uid}/${name}`, url: `/api/upload/kyc/${name}`, contentType: 'image/jpeg', size: CARD_JPEG.length });
  expect(name).toMatch(/^[0-9a-f-]{36}\.jpg$/);

  const read = await client.get(stored.body.data.url).set(bearer(owner.token)).buffer(true).parse(bytes);
  expect({ status: read.status, type: read.headers['content-type'], cache: read.headers['cache-control'] }).toEqual({ status: 200, type: 'image/jpeg', cache: 'private, no-store' });
  expect(Buffer.compare(read.body as Buffer, CARD_JPEG)).toBe(0);

  // Another forwarder asking for the same name reads in its own area: nothing there.
  expect((await client.get(stored.body.data.url).set(bearer(other.token))).body.code).toBe('FILE_NOT_FOUND');
  expect((await client.get(stored.body.data.url)).status).toBe(401);
  expect((await client.get(stored.body.data.url).set(bearer(admin.token))).body.code).toBe('FORBIDDEN_ROLE');
  expect((await client.post('/api/upload/kyc').set(bearer(buyer.token)).set('Content-Type', 'image/jpeg').send(CARD_JPEG)).body.code).toBe('FORBIDDEN_ROLE');
  for (const path of ['..%2F..%2Fimages%2Fx.jpg', `..%2F${other.uid}%2F${name}`, 'card.exe']) {
    expect({ path, code: (await client.get(`/api/upload/kyc/${path}`).set(bearer(owner.token))).body.code }).toEqual({ path, code: 'VALIDATION_ERROR' });
  }
  // Never through the public files route, however the path is written.
  for (const path of [
    `/api/upload/files/kyc/${owner.uid}/${name}`,
    `/api/upload/files/kyc%2F${owner.uid}/${name}`,
    `/api/upload/files/kyc/${owner.uid}%2F${name}`,
    `/api/upload/files/images/..%2Fkyc%2F${owner.uid}%2F${name}`,
  ]) {
    const res = await client.get(path);
    expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: expect.stringMatching(/^(NOT_FOUND|FILE_NOT_FOUND)$/) });
  }
});

it('takes images only, within the photo size limit, typed by their bytes', async () => {
  const owner = await createUser('transitaire');
  const client = await api();
  for (const body of [MP4, Buffer.from('%PDF-1.7 card'), Buffer.alloc(0)]) {
    const res = await client.post('/api/upload/kyc').set(bearer(owner.token)).set('Content-Type', 'image/jpeg').send(body);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  useSettings({ UPLOAD_IMAGE_MAX_BYTES: '2048' });
  const big = await client.post('/api/upload/kyc').set(bearer(owner.token)).set('Content-Type', 'image/jpeg').send(Buffer.concat([CARD_JPEG, Buffer.alloc(4096)]));
  expect({ status: big.status, code: big.body.code }).toEqual({ status: 413, code: 'FILE_TOO_LARGE' });
});

it('gives admins links to the cards that work without a token for KYC_LINK_TTL_SECONDS, and refuses altered ones', async () => {
  useSettings({ KYC_LINK_TTL_SECONDS: '60' });
  const move = frozenClock();
  const [{ forwarder, file, links }, another] = [await submitted(), await submitted()];
  const client = await api();
  expect(links.expiresAt).toBe(new Date(move(0).getTime() + 60_000).toISOString());
  const front = await client.get(links.cardFront).buffer(true).parse(bytes);
  expect({ status: front.status, type: front.headers['content-type'], cache: front.headers['cache-control'] }).toEqual({ status: 200, type: 'image/jpeg', cache: 'private, no-store' });
  expect(Buffer.compare(front.body as Buffer, CARD_JPEG)).toBe(0);
  expect((await client.get(links.cardBack)).status).toBe(200);
  // The list gives the same links.
  const list = await client.get('/api/transitaires/verification/admin/demandes').set(bearer(admin.token));
  expect(list.body.data.find((demande: { userId: string }) => demande.userId === forwarder.uid).cardLinks).toEqual(links);

  const url = new URL(links.cardFront, 'http://x');
  const signature = url.searchParams.get('signature')!;
  const flipped = `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;
  const tampered = [
    `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${flipped}`,
    `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`,
    `/api/upload/signed/${file.cardBack}${url.search}`,
    `/api/upload/signed/${another.file.cardFront}${url.search}`,
    `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=`,
  ];
  for (const link of tampered) {
    const res = await client.get(link);
    expect({ link, status: res.status, code: res.body.code }).toEqual({ link, status: 403, code: 'SIGNED_LINK_INVALID' });
  }
  expect((await client.get(`/api/upload/signed/kyc/..${url.search}`)).status).toBe(404);

  move(61_000);
  const expired = await client.get(links.cardFront);
  expect({ status: expired.status, code: expired.body.code }).toEqual({ status: 403, code: 'SIGNED_LINK_EXPIRED' });
  // A fresh view of the file gives fresh links.
  const fresh = (await client.get(`/api/transitaires/verification/admin/demandes/${forwarder.uid}`).set(bearer(admin.token))).body.data.cardLinks;
  expect((await client.get(fresh.cardFront)).status).toBe(200);
});
