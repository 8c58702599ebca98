/**
 * Which address the per-IP limits count (auth 40 per window, test notification, public video
 * upload), against the two ways a client could choose its own count. Taking the rightmost
 * X-Forwarded-For entry as the client wherever the request came from: the emulator and in-process
 * calls add no entry, so a client that writes its own header would get a fresh count on every
 * request (40 sign-ups from 40 made-up addresses). Taking every Fastly address for Hosting's edge
 * and the entry left of it for the client: anyone's Fastly service writes that entry at will (issue 32).
 */
import request from 'supertest';
import { createFullApp } from '../../functions/src/app';
import { config } from '../../functions/src/core/config';
import { clearRateLimits, resetEmulators } from '../helpers/emulators';
import { asDeployed, oneInstantPerTestInAWindow, useSettings } from '../helpers/settings';

beforeAll(resetEmulators);
beforeEach(clearRateLimits);
oneInstantPerTestInAWindow();

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(128, 2)]);
let address = 0;
/** A different made-up address on every call, as a client resetting its count would write. */
const madeUp = () => `198.18.${Math.floor((address += 1) / 250)}.${(address % 250) + 1}`;

let app: Awaited<ReturnType<typeof createFullApp>>;
beforeAll(async () => {
  app = await createFullApp();
});

/** Sends `count` requests one after the other; the statuses in order. */
async function statuses(count: number, send: (index: number) => Promise<{ status: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1) seen.push((await send(index)).status);
  return seen;
}

describe('off the platform (emulator, in process): a client-written X-Forwarded-For never chooses the count', () => {
  beforeEach(() => useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true' }));

  it('limits the 41st sign-up although each came with a made-up address', async () => {
    const seen = await statuses(41, () => request(app).post('/api/auth/register').set('X-Forwarded-For', madeUp()).send({}));
    expect(seen.slice(0, 40).every((status) => status === 401)).toBe(true);
    expect(seen[40]).toBe(429);
  });

  it('limits the 11th public video upload although each came with a made-up address', async () => {
    const seen = await statuses(12, () =>
      request(app).post('/api/upload/video').set('X-Forwarded-For', `${madeUp()}, ${madeUp()}`).set('Content-Type', 'video/mp4').send(MP4),
    );
    expect(seen).toEqual([...Array(10).fill(201), 429, 429]);
  });

  it('limits the 11th test notification although each came with a made-up address', async () => {
    const seen = await statuses(11, () =>
      request(app).post('/api/notifications/test').set('X-Forwarded-For', madeUp()).send({ token: `test-device-${'a'.repeat(30)}` }),
    );
    expect(seen).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('deployed: the address the platform appended, per entry path', () => {
  beforeEach(() => {
    useSettings({ AUTH_RATE_LIMIT_ENABLED: 'true', AUTH_RATE_LIMIT_MAX: '2' });
    asDeployed();
  });
  const verify = (chain: string) => request(app).post('/api/push-otp/verify-code').set('X-Forwarded-For', chain).send({});

  it('counts a direct call by the last entry, which Google’s front end wrote, whatever the client wrote before it', async () => {
    expect(await statuses(3, (i) => verify(`${madeUp()}, ${i === 1 ? 'not-an-address, ' : ''}203.0.113.9`))).toEqual([400, 400, 429]);
    expect((await verify('203.0.113.10')).status).toBe(400); // another client
  });

  it('counts a call that reached Google from a Fastly address by that address, whatever its client wrote left of it', async () => {
    // Issue 32: "Fastly's ranges serve all its customers: an attacker's own Fastly service in front of a
    // function's URL writes any X-Forwarded-For and gets a fresh per-IP count on every request."
    // docs/api-conventions.md, Client addresses: an entry is believed only when Google's front end wrote
    // it, the last one; a Fastly address there is counted as itself, EDGE_ADDRESS_LIMIT_FACTOR times the limit.
    useSettings({ EDGE_ADDRESS_LIMIT_FACTOR: '2' });
    const throughFastly = () => verify(`${madeUp()}, ${madeUp()}, 151.101.1.195`);
    expect(await statuses(5, throughFastly)).toEqual([400, 400, 400, 400, 429]);
    // The same Fastly server behind Hosting for an honest client: the address it shares is spent.
    expect((await verify('198.51.100.23, 151.101.1.195')).status).toBe(429);
  });

  it('gives each Hosting edge address its own count, EDGE_ADDRESS_LIMIT_FACTOR times the limit, for the clients behind it', async () => {
    useSettings({ EDGE_ADDRESS_LIMIT_FACTOR: '3' });
    const viaEdge = (client: string, edge: string) => verify(`${client}, ${edge}`);
    expect(await statuses(6, (i) => viaEdge(`198.51.100.${30 + i}`, '151.101.1.195'))).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await viaEdge('198.51.100.40', '151.101.1.195')).status).toBe(429);
    expect((await viaEdge('198.51.100.40', '2a04:4e42:200::403')).status).toBe(400); // another edge server
    // An address outside the edge ranges is a client of its own: the limit, not the edge's.
    expect(await statuses(3, () => verify('151.101.1.195, 203.0.113.77'))).toEqual([400, 400, 429]);
  });

  it('takes ranges named by HOSTING_EDGE_EXTRA_RANGES as edge addresses, and refuses a range that is not one', async () => {
    useSettings({ HOSTING_EDGE_EXTRA_RANGES: '192.0.2.0/24, 2001:db8:ffff::/48', EDGE_ADDRESS_LIMIT_FACTOR: '2' });
    expect(await statuses(5, () => verify(`${madeUp()}, 192.0.2.10`))).toEqual([400, 400, 400, 400, 429]);
    expect(await statuses(5, () => verify(`${madeUp()}, 2001:db8:ffff:1::9`))).toEqual([400, 400, 400, 400, 429]);
    useSettings({ HOSTING_EDGE_EXTRA_RANGES: '192.0.2.0/33' });
    expect(() => config()).toThrow(/HOSTING_EDGE_EXTRA_RANGES/);
  });

  it('counts IPv6 clients per /64, and an IPv4-mapped address as its IPv4 address', async () => {
    expect((await verify('2001:db8:aa:bb::1')).status).toBe(400);
    expect((await verify('2001:db8:aa:bb:ffff:ffff:ffff:fffe')).status).toBe(400);
    expect((await verify('2001:0db8:00aa:00bb:1:2:3:4')).status).toBe(429); // same /64, written out in full
    expect((await verify('2001:db8:aa:bc::1')).status).toBe(400); // the next /64
    expect(await statuses(2, () => verify('203.0.113.50'))).toEqual([400, 400]);
    expect((await verify('::ffff:203.0.113.50')).status).toBe(429);
  });
});
