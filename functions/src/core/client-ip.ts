/**
 * The caller's address, as the per-IP limits count it and the captcha check reports it. Which
 * X-Forwarded-For entries can be believed depends on the path the request took (docs/api-conventions.md, "Client
 * addresses"); an entry a client wrote itself must never choose its count:
 *  - Off the platform (the Functions emulator, in-process tests) nothing trustworthy was added:
 *    the socket's peer. The emulator sets K_SERVICE too, hence FUNCTIONS_EMULATOR.
 *  - A direct call of the function URL: Google's front end appended the address that connected to
 *    it, the last entry. Everything left of it came from the client.
 *  - Through Firebase Hosting: that last address is Hosting's edge (core/hosting-edge.ts), which
 *    had appended the address it received the request from just before it (more edge addresses
 *    when it forwarded between its own servers): the client is the last entry that is not an edge.
 * A header that is missing or does not parse falls back to the nearest trusted address, which at
 * worst puts several clients in one count, never one client in several.
 */
import type { Request } from 'express';
import { isIP } from 'node:net';
import { isHostingEdge } from './hosting-edge';

/** Canonical text of an address (IPv4-mapped IPv6 as IPv4, lower case, no zone), or undefined. */
function canonical(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim().replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) return mapped[1];
  return isIP(value) ? value : undefined;
}

function onPlatform(): boolean {
  return Boolean(process.env.K_SERVICE) && process.env.FUNCTIONS_EMULATOR !== 'true';
}

export function clientIp(req: Request): string {
  // The emulator's functions listen on a Unix socket: no peer address, one local client.
  const peer = canonical(req.socket.remoteAddress) ?? 'local';
  if (!onPlatform()) return peer;
  const chain = (req.get('x-forwarded-for') ?? '').split(',');
  let client = canonical(chain.pop());
  if (!client) return peer;
  while (isHostingEdge(client) && chain.length > 0) {
    const before = canonical(chain.pop());
    if (!before) break;
    client = before;
  }
  return client;
}

/** The first 64 bits of an IPv6 address: `2001:db8:0:1::/64`. */
function prefix64(address: string): string {
  const groups = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [group]));
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function ipv4Groups(dotted: string): string[] {
  const [a, b, c, d] = dotted.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * The count a request belongs to: its client's address; for IPv6, the client's /64, since a
 * subscriber holds at least a /64 and picks any address in it at will.
 */
export function rateLimitKey(req: Request): string {
  const address = clientIp(req);
  return isIP(address) === 6 ? prefix64(address) : address;
}
